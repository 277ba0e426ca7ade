import Add from '@mui/icons-material/Add';
import AttachFile from '@mui/icons-material/AttachFile';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { StaffAssignment } from '@portal/contracts';
import { useRef, useState } from 'react';
import { useParams } from 'react-router';
import { ConfirmDialog } from '../../../components/crud/ConfirmDialog';
import { serverMessage } from '../../../components/crud/errors';
import { NotFound } from '../../../components/NotFound';
import { PageHeading } from '../../../components/PageHeading';
import { useT } from '../../../i18n/useT';
import { notify } from '../../../lib/notify';
import { useDocumentTitle } from '../../../lib/useDocumentTitle';
import { useWhen } from '../../../lib/useWhen';
import {
  ASSIGNMENT_FILE_ACCEPT,
  download,
  useAttach,
  useDeleteAssignment,
  useDetach,
  useOfferingAssignments,
  usePublishAssignment,
} from '../api';
import { ASSIGNMENTS_API as API } from '@portal/contracts';
import { AssignmentDialog } from './AssignmentDialog';
import { AssignmentsError } from './AssignmentsError';
import { SubmissionsPanel } from './SubmissionsPanel';

const idParam = (value: string | undefined) =>
  value && /^\d{1,9}$/.test(value) && Number(value) > 0 ? Number(value) : null;

/** /admin/assignment/:courseId/:sessionId: an offering's assignments for its lecturers. */
export default function OfferingAssignmentsScreen() {
  const params = useParams();
  const courseId = idParam(params.courseId);
  const sessionId = idParam(params.sessionId);
  if (!courseId || !sessionId) return <NotFound homePath="/admin/assignment" />;
  return <Offering courseId={courseId} sessionId={sessionId} />;
}

function Offering({ courseId, sessionId }: { courseId: number; sessionId: number }) {
  const t = useT();
  const list = useOfferingAssignments(courseId, sessionId);
  const [editing, setEditing] = useState<StaffAssignment | 'new' | null>(null);
  const first = list.data?.[0];
  const heading = first ? `${first.Code} · ${first.CourseTitle}` : t('assignments.staff.heading');
  useDocumentTitle(`${heading} · ${t('portal.name')}`);
  return (
    <>
      <PageHeading title={heading} intro={t('assignments.staff.offeringIntro')} />
      <Button variant="contained" startIcon={<Add />} onClick={() => setEditing('new')} sx={{ mb: 2 }}>
        {t('assignments.staff.new')}
      </Button>
      {list.isLoading && <LinearProgress aria-label={t('assignments.loading')} />}
      {list.isError && <AssignmentsError error={list.error} />}
      {list.data && list.data.length === 0 && <Alert severity="info">{t('assignments.staff.none')}</Alert>}
      <Stack spacing={2}>
        {list.data?.map((a) => (
          <AssignmentCard key={a.Id} assignment={a} onEdit={() => setEditing(a)} />
        ))}
      </Stack>
      {editing && (
        <AssignmentDialog
          courseId={courseId}
          sessionId={sessionId}
          assignment={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
        />
      )}
    </>
  );
}

function AssignmentCard({ assignment: a, onEdit }: { assignment: StaffAssignment; onEdit: () => void }) {
  const t = useT();
  const when = useWhen();
  const [asking, setAsking] = useState<'delete' | 'publish' | null>(null);
  const [showSubmissions, setShowSubmissions] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const remove = useDeleteAssignment();
  const publish = usePublishAssignment();
  const attach = useAttach();
  const detach = useDetach();
  const failed = (error: unknown) => notify.error(serverMessage(error) || t('error.generic'));
  const ok = (answer: { Message?: string }) => {
    setAsking(null);
    if (answer.Message) notify.success(answer.Message);
  };
  return (
    <Card variant="outlined">
      <CardContent>
        <Stack direction="row" sx={{ justifyContent: 'space-between', flexWrap: 'wrap', gap: 1 }}>
          <Typography component="h2" variant="h6">
            {a.Title}
          </Typography>
          <Chip
            size="small"
            color={a.Published ? 'success' : 'default'}
            label={a.Published ? t('assignments.staff.published') : t('assignments.staff.draft')}
          />
        </Stack>
        <Typography variant="body2" color="text.secondary">
          {t('assignments.staff.window', { opens: when(a.OpensAt), due: when(a.DueAt) })}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {a.LatePolicy === 'accept'
            ? t('assignments.staff.acceptsLate', { until: when(a.LateUntil), penalty: a.LatePenalty ?? 0 })
            : t('assignments.staff.refusesLate')}
          {' · '}
          {t('assignments.staff.outOf', { max: a.MaxScore })}
          {a.ScoreItem ? ` · ${t('assignments.staff.feeds', { item: a.ScoreItem })}` : ''}
        </Typography>
        {a.Instructions && (
          <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', mt: 1 }}>
            {a.Instructions}
          </Typography>
        )}
        <Typography variant="body2" sx={{ mt: 1 }}>
          {t('assignments.staff.counts', {
            submitted: a.Submitted,
            enrolled: a.Enrolled,
            graded: a.Graded,
            returned: a.Returned,
          })}
        </Typography>
        {a.Files.length > 0 && (
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', mt: 1 }}>
            {a.Files.map((f) => (
              <Chip
                key={f.Id}
                icon={<AttachFile />}
                label={f.Name}
                onClick={() => void download(API.file(f.Id), f.Name, 'admin').catch(failed)}
                onDelete={() => detach.mutate(f.Id, { onSuccess: ok, onError: failed })}
              />
            ))}
          </Stack>
        )}
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', mt: 2 }}>
          <Button size="small" variant="outlined" onClick={onEdit}>
            {t('assignments.staff.editButton')}
          </Button>
          {!a.Published && (
            <Button size="small" variant="contained" onClick={() => setAsking('publish')}>
              {t('assignments.staff.publish')}
            </Button>
          )}
          <Button
            size="small"
            variant="outlined"
            onClick={() => fileInput.current?.click()}
            disabled={attach.isPending}
          >
            {t('assignments.staff.attach')}
          </Button>
          <input
            ref={fileInput}
            type="file"
            hidden
            accept={ASSIGNMENT_FILE_ACCEPT}
            aria-label={t('assignments.staff.attach')}
            onChange={(event) => {
              const file = event.target.files?.[0];
              if (file) attach.mutate({ id: a.Id, file }, { onSuccess: ok, onError: failed });
              event.target.value = '';
            }}
          />
          <Button size="small" variant="outlined" onClick={() => setShowSubmissions((v) => !v)}>
            {showSubmissions ? t('assignments.staff.hideSubmissions') : t('assignments.staff.submissions')}
          </Button>
          <Button size="small" color="error" onClick={() => setAsking('delete')}>
            {t('assignments.staff.delete')}
          </Button>
        </Stack>
        {showSubmissions && (
          <Box sx={{ mt: 2 }}>
            <SubmissionsPanel id={a.Id} />
          </Box>
        )}
      </CardContent>
      <ConfirmDialog
        open={asking !== null}
        title={asking === 'delete' ? t('assignments.staff.deleteTitle') : t('assignments.staff.publishTitle')}
        message={
          asking === 'delete'
            ? t('assignments.staff.deleteMessage', { title: a.Title, n: a.Submitted })
            : t('assignments.staff.publishMessage', { n: a.Enrolled })
        }
        confirmLabel={asking === 'delete' ? t('assignments.staff.delete') : t('assignments.staff.publish')}
        danger={asking === 'delete'}
        pending={remove.isPending || publish.isPending}
        onClose={() => setAsking(null)}
        onConfirm={() =>
          asking === 'delete'
            ? remove.mutate(a.Id, { onSuccess: ok, onError: failed })
            : publish.mutate(a.Id, { onSuccess: ok, onError: failed })
        }
      />
    </Card>
  );
}
