import ArrowBack from '@mui/icons-material/ArrowBack';
import FileDownload from '@mui/icons-material/FileDownload';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { LIVE_CLASS_API, type LiveClass, type LiveClassAttendee } from '@portal/contracts';
import { useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { ConfirmDialog } from '../../../components/crud/ConfirmDialog';
import { serverMessage } from '../../../components/crud/errors';
import { DataTable } from '../../../components/DataTable';
import { LoadingBlock } from '../../../components/LoadState';
import { PageHeading } from '../../../components/PageHeading';
import { SectionCard } from '../../../components/SectionCard';
import { useT } from '../../../i18n/useT';
import { apiBlob } from '../../../lib/api';
import { saveFile } from '../../../lib/download';
import { notify } from '../../../lib/notify';
import { useDocumentTitle } from '../../../lib/useDocumentTitle';
import { useWhen } from '../../../lib/useWhen';
import { enterRoom, useAttendance, useClassChanges, useOfferingAttendance, useOfferingClasses } from '../api';
import { LiveClassError } from './LiveClassError';
import { LiveClassesMessages } from './LiveClassesMessages';
import { ScheduleDialog } from './ScheduleDialog';
import { StateChip } from './StateChip';

/** /admin/LiveClassroom/:courseId/:sessionId: an offering's classes — schedule, change, cancel, start, end, attendance. */
export default function LiveOfferingScreen() {
  return (
    <LiveClassesMessages>
      <Offering />
    </LiveClassesMessages>
  );
}

function Offering() {
  const t = useT();
  const when = useWhen();
  const params = useParams();
  const courseId = Number(params.courseId);
  const sessionId = Number(params.sessionId);
  const offering = useOfferingClasses(courseId, sessionId);
  const changes = useClassChanges(courseId, sessionId);
  const [dialog, setDialog] = useState<{ editing: LiveClass | null } | null>(null);
  const [confirm, setConfirm] = useState<{ kind: 'cancel' | 'end'; cls: LiveClass } | null>(null);
  const [attendanceOf, setAttendanceOf] = useState<LiveClass | null>(null);
  const o = offering.data;
  useDocumentTitle(`${o ? `${o.Code} · ` : ''}${t('liveclasses.manage.title')} · ${t('portal.name')}`);

  const failed = (e: unknown) => notify.error(serverMessage(e) || t('liveclasses.error'));
  const start = (cls: LiveClass) =>
    changes.start.mutateAsync(cls.Id).then((a) => a.Data && enterRoom(a.Data.Url), failed);
  const confirmed = () => {
    if (!confirm) return;
    const call = confirm.kind === 'cancel' ? changes.cancel : changes.end;
    call
      .mutateAsync(confirm.cls.Id)
      .then((a) => notify.success(a.Message), failed)
      .finally(() => setConfirm(null));
  };

  return (
    <>
      <Button component={RouterLink} to="/admin/LiveClassroom" startIcon={<ArrowBack />} size="small">
        {t('liveclasses.back')}
      </Button>
      <PageHeading
        title={o ? `${o.Code}: ${o.Title}` : t('liveclasses.manage.title')}
        intro={
          o
            ? `${o.Session} · ${o.Semester ?? ''} · ${t('liveclasses.enrolledCount', { n: o.Enrolled })}`
            : undefined
        }
      />
      {offering.isPending && <LoadingBlock />}
      {offering.isError && <LiveClassError error={offering.error} onRetry={() => void offering.refetch()} />}
      {o && (
        <Stack spacing={2}>
          <SectionCard
            title={t('liveclasses.classes')}
            action={
              <Button variant="contained" onClick={() => setDialog({ editing: null })}>
                {t('liveclasses.schedule')}
              </Button>
            }
          >
            <DataTable<LiveClass>
              label={t('liveclasses.classes')}
              rows={o.Classes}
              rowKey={(row) => row.Id}
              emptyText={t('liveclasses.noClasses')}
              columns={[
                { key: 'title', header: t('liveclasses.col.title'), cell: (row) => row.Title, priority: 0 },
                {
                  key: 'when',
                  header: t('liveclasses.col.when'),
                  cell: (row) => when(row.StartsAt),
                  priority: 1,
                },
                {
                  key: 'duration',
                  header: t('liveclasses.col.duration'),
                  cell: (row) => t('liveclasses.minutes', { n: row.DurationMinutes }),
                  priority: 3,
                },
                {
                  key: 'state',
                  header: t('liveclasses.col.state'),
                  cell: (row) => <StateChip state={row.State} />,
                  priority: 2,
                },
                {
                  key: 'attended',
                  header: t('liveclasses.col.attended'),
                  cell: (row) => row.Attended,
                  numeric: true,
                  priority: 4,
                },
              ]}
              actions={{
                header: t('liveclasses.actions'),
                cell: (row) => (
                  <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
                    {(row.State === 'scheduled' || row.State === 'live') && row.CanJoin && (
                      <Button
                        size="small"
                        variant="contained"
                        color="success"
                        onClick={() => void start(row)}
                        aria-label={t('liveclasses.startNamed', { title: row.Title })}
                      >
                        {t('liveclasses.start')}
                      </Button>
                    )}
                    {row.State === 'live' && (
                      <Button
                        size="small"
                        color="error"
                        onClick={() => setConfirm({ kind: 'end', cls: row })}
                      >
                        {t('liveclasses.end')}
                      </Button>
                    )}
                    {row.State === 'scheduled' && !row.StartedAt && (
                      <>
                        <Button size="small" onClick={() => setDialog({ editing: row })}>
                          {t('liveclasses.edit')}
                        </Button>
                        <Button
                          size="small"
                          color="warning"
                          onClick={() => setConfirm({ kind: 'cancel', cls: row })}
                        >
                          {t('liveclasses.cancel')}
                        </Button>
                      </>
                    )}
                    {row.StartedAt && (
                      <Button
                        size="small"
                        onClick={() => setAttendanceOf(row)}
                        aria-label={t('liveclasses.attendanceNamed', { title: row.Title })}
                      >
                        {t('liveclasses.attendance')}
                      </Button>
                    )}
                  </Stack>
                ),
              }}
            />
          </SectionCard>
          <PerStudent courseId={courseId} sessionId={sessionId} />
        </Stack>
      )}
      {dialog && o && (
        <ScheduleDialog
          open
          editing={dialog.editing}
          maxMinutes={o.MaxMinutes}
          onClose={() => setDialog(null)}
          onSubmit={(input) =>
            (dialog.editing
              ? changes.update.mutateAsync({ id: dialog.editing.Id, input })
              : changes.schedule.mutateAsync(input)
            ).then((a) => notify.success(a.Message))
          }
        />
      )}
      <ConfirmDialog
        open={confirm !== null}
        title={confirm?.kind === 'end' ? t('liveclasses.end') : t('liveclasses.cancel')}
        message={
          confirm?.kind === 'end'
            ? t('liveclasses.endConfirm', { title: confirm.cls.Title })
            : t('liveclasses.cancelConfirm', { title: confirm?.cls.Title ?? '' })
        }
        confirmLabel={confirm?.kind === 'end' ? t('liveclasses.end') : t('liveclasses.cancel')}
        danger
        pending={changes.cancel.isPending || changes.end.isPending}
        onConfirm={confirmed}
        onClose={() => setConfirm(null)}
      />
      {attendanceOf && <AttendanceDialog cls={attendanceOf} onClose={() => setAttendanceOf(null)} />}
    </>
  );
}

function AttendanceDialog({ cls, onClose }: { cls: LiveClass; onClose: () => void }) {
  const t = useT();
  const when = useWhen();
  const attendance = useAttendance(cls.Id);
  const [exporting, setExporting] = useState(false);
  const students = attendance.data?.Attendees.filter((a) => a.Kind === 'Student').length ?? 0;
  const exportCsv = () => {
    setExporting(true);
    apiBlob(LIVE_CLASS_API.attendanceCsv(cls.Id))
      .then((blob) => saveFile(blob, `live-class-${cls.Id}-attendance.csv`))
      .catch(() => notify.error(t('liveclasses.error')))
      .finally(() => setExporting(false));
  };
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md">
      <DialogTitle>{t('liveclasses.attendanceNamed', { title: cls.Title })}</DialogTitle>
      <DialogContent>
        {attendance.isPending && <LoadingBlock rows={2} />}
        {attendance.isError && <LiveClassError error={attendance.error} />}
        {attendance.data && (
          <Stack spacing={2}>
            <Typography>
              {t('liveclasses.att.summary', { attended: students, enrolled: attendance.data.Enrolled })}
            </Typography>
            <DataTable<LiveClassAttendee>
              label={t('liveclasses.attendance')}
              rows={attendance.data.Attendees}
              rowKey={(row) => `${row.Kind}:${row.UserId}`}
              emptyText={t('liveclasses.att.none')}
              columns={[
                { key: 'name', header: t('liveclasses.att.name'), cell: (row) => row.Name, priority: 0 },
                {
                  key: 'matric',
                  header: t('liveclasses.att.matric'),
                  cell: (row) => row.MatricNo ?? t('liveclasses.att.lecturer'),
                  priority: 2,
                },
                {
                  key: 'joined',
                  header: t('liveclasses.att.joined'),
                  cell: (row) => when(row.FirstJoinedAt),
                  priority: 3,
                },
                {
                  key: 'left',
                  header: t('liveclasses.att.left'),
                  cell: (row) => (row.Present ? t('liveclasses.att.present') : when(row.LastLeftAt)),
                  priority: 4,
                },
                {
                  key: 'minutes',
                  header: t('liveclasses.att.minutes'),
                  cell: (row) => t('liveclasses.minutes', { n: row.Minutes }),
                  numeric: true,
                  priority: 1,
                },
              ]}
            />
            {attendance.data.Class.State === 'live' && (
              <Alert severity="info">{t('liveclasses.att.liveNote')}</Alert>
            )}
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        <Button startIcon={<FileDownload />} onClick={exportCsv} disabled={exporting}>
          {t('liveclasses.csv')}
        </Button>
        <Button onClick={onClose}>{t('liveclasses.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}

function PerStudent({ courseId, sessionId }: { courseId: number; sessionId: number }) {
  const t = useT();
  const data = useOfferingAttendance(courseId, sessionId);
  type Row = NonNullable<typeof data.data>['Students'][number];
  return (
    <SectionCard title={t('liveclasses.perStudent')}>
      {data.isPending && <LoadingBlock rows={2} />}
      {data.isError && <LiveClassError error={data.error} />}
      {data.data && (
        <DataTable<Row>
          label={t('liveclasses.perStudent')}
          rows={data.data.Students}
          rowKey={(row) => row.StudentId}
          emptyText={t('liveclasses.noData')}
          columns={[
            { key: 'matric', header: t('liveclasses.att.matric'), cell: (row) => row.MatricNo, priority: 0 },
            { key: 'name', header: t('liveclasses.att.name'), cell: (row) => row.Name, priority: 2 },
            {
              key: 'classes',
              header: t('liveclasses.classesAttended'),
              cell: (row) => t('liveclasses.ofClasses', { n: row.ClassesAttended, total: data.data.Classes }),
              priority: 1,
            },
            {
              key: 'minutes',
              header: t('liveclasses.att.minutes'),
              cell: (row) => t('liveclasses.minutes', { n: row.Minutes }),
              numeric: true,
              priority: 3,
            },
          ]}
        />
      )}
    </SectionCard>
  );
}
