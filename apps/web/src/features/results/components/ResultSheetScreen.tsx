import FileDownload from '@mui/icons-material/FileDownload';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { BroadsheetRow } from '@portal/contracts';
import { useId, useMemo, useState } from 'react';
import { ConfirmDialog } from '../../../components/crud/ConfirmDialog';
import { serverMessage } from '../../../components/crud/errors';
import { FilterGrid } from '../../../components/crud/filters';
import { ReferenceInput } from '../../../components/crud/ReferenceInput';
import { PageHeading } from '../../../components/PageHeading';
import { SimpleTable } from '../../../components/SimpleTable';
import { TablePager } from '../../../components/TablePager';
import { useT } from '../../../i18n/useT';
import { apiBlob } from '../../../lib/api';
import { saveFile } from '../../../lib/download';
import { notify } from '../../../lib/notify';
import { useDocumentTitle } from '../../../lib/useDocumentTitle';
import { RESULTS, useBroadsheet, usePublication, usePublish } from '../api/results';

/**
 * resultSheet: where a semester's score sheets stand and their publication to the students, and the
 * broadsheet of a department and level — every student and course, GPA, CGPA and remark — paged,
 * as XLSX and as a landscape PDF.
 */
export default function ResultSheetScreen() {
  const t = useT();
  const id = useId();
  const title = t('adminPage.resultSheet');
  useDocumentTitle(`${title} · ${t('portal.name')}`);
  const [semesterId, setSemesterId] = useState<number | null>(null);
  const [departmentId, setDepartmentId] = useState<number | null>(null);
  const [levelId, setLevelId] = useState<number | null>(null);
  return (
    <>
      <PageHeading title={title} intro={t('results.sheet.intro')} />
      <Card variant="outlined" sx={{ mb: 2 }}>
        <CardContent>
          <FilterGrid sm={2} lg={3}>
            <ReferenceInput
              id={`${id}-semester`}
              path="/api/admin/semesters"
              label={t('results.field.semester')}
              value={semesterId}
              onChange={setSemesterId}
              size="small"
            />
            <ReferenceInput
              id={`${id}-department`}
              path="/api/admin/departments"
              label={t('results.field.department')}
              value={departmentId}
              onChange={setDepartmentId}
              size="small"
            />
            <ReferenceInput
              id={`${id}-level`}
              path="/api/admin/levels"
              label={t('results.field.level')}
              value={levelId}
              onChange={setLevelId}
              size="small"
            />
          </FilterGrid>
          {semesterId === null ? (
            <Typography color="text.secondary">{t('results.chooseSemester')}</Typography>
          ) : (
            <Publication semesterId={semesterId} />
          )}
        </CardContent>
      </Card>
      {semesterId !== null && departmentId !== null && levelId !== null && (
        <BroadsheetCard query={{ semesterId, departmentId, levelId }} />
      )}
    </>
  );
}

function Publication({ semesterId }: { semesterId: number }) {
  const t = useT();
  const state = usePublication(semesterId);
  const publish = usePublish();
  const [asking, setAsking] = useState(false);
  const data = state.data?.Data;
  if (state.isLoading) return <LinearProgress aria-label={t('results.loading')} />;
  if (!data) return <Alert severity="error">{serverMessage(state.error) || t('error.generic')}</Alert>;
  return (
    <Stack spacing={1}>
      <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 600 }}>
        {t('results.publication.title', { semester: data.Semester })}
      </Typography>
      <Typography variant="body2">
        {t('results.publication.counts', {
          courses: data.Courses,
          none: data.NoSheet,
          progress: data.InProgress,
          approved: data.Approved,
          published: data.Published,
        })}
      </Typography>
      <div>
        <Button
          variant="contained"
          disabled={data.Approved === 0 || publish.isPending}
          onClick={() => setAsking(true)}
        >
          {t('results.publication.publish', { n: data.Approved })}
        </Button>
      </div>
      <ConfirmDialog
        open={asking}
        title={t('results.publication.confirmTitle')}
        message={t('results.publication.confirmMessage', { n: data.Approved, semester: data.Semester })}
        confirmLabel={t('results.publication.confirm')}
        pending={publish.isPending}
        onClose={() => setAsking(false)}
        onConfirm={() =>
          publish.mutate(semesterId, {
            onSuccess: (answer) => {
              notify.success(answer.Message);
              setAsking(false);
            },
            onError: (error) => notify.error(serverMessage(error) || t('error.generic')),
          })
        }
      />
    </Stack>
  );
}

const PAGE_SIZE = 50;

function BroadsheetCard({ query }: { query: { semesterId: number; departmentId: number; levelId: number } }) {
  const t = useT();
  const [page, setPage] = useState(0);
  const params = useMemo(() => ({ ...query, page: page + 1, pageSize: PAGE_SIZE }), [query, page]);
  const sheet = useBroadsheet(params, true);
  const [busy, setBusy] = useState<'xlsx' | 'pdf' | null>(null);
  const download = async (format: 'xlsx' | 'pdf') => {
    setBusy(format);
    try {
      saveFile(await apiBlob(`${RESULTS}/broadsheet.${format}`, { query }), `Broadsheet.${format}`);
    } catch (error) {
      notify.error(serverMessage(error) || t('error.download'));
    } finally {
      setBusy(null);
    }
  };
  const data = sheet.data;
  return (
    <Card variant="outlined">
      <CardContent>
        <Stack direction="row" sx={{ justifyContent: 'space-between', flexWrap: 'wrap', gap: 1, mb: 2 }}>
          <Typography component="h2" variant="h6">
            {t('results.broadsheet')}
          </Typography>
          <Stack direction="row" spacing={1}>
            {(['xlsx', 'pdf'] as const).map((format) => (
              <Button
                key={format}
                variant="outlined"
                startIcon={<FileDownload />}
                disabled={busy !== null || !data?.Total}
                onClick={() => void download(format)}
              >
                {t(format === 'xlsx' ? 'crud.exportXlsx' : 'results.pdf')}
              </Button>
            ))}
          </Stack>
        </Stack>
        {sheet.isFetching && <LinearProgress aria-label={t('results.loading')} sx={{ mb: 1 }} />}
        {sheet.isError && <Alert severity="error">{serverMessage(sheet.error) || t('error.generic')}</Alert>}
        {data && data.Total === 0 && (
          <Typography color="text.secondary">{data.Message ?? t('results.noResults')}</Typography>
        )}
        {data && data.Total > 0 && (
          <>
            <SimpleTable<BroadsheetRow>
              label={t('results.broadsheet')}
              rowKey={(r) => r.MatricNo}
              rows={data.Data}
              columns={[
                { header: t('results.field.matricNo'), cell: (r) => <bdi>{r.MatricNo}</bdi> },
                { header: t('results.field.name'), cell: (r) => r.Name },
                ...data.Courses.map((c) => ({
                  header: `${c.Code} (${c.Units})`,
                  cell: (r: BroadsheetRow) => {
                    const cell = r.Courses[c.Code];
                    return cell ? `${cell.Score} ${cell.Grade}` : '—';
                  },
                })),
                { header: t('results.field.units'), numeric: true, cell: (r) => r.Units },
                { header: 'GPA', numeric: true, cell: (r) => r.Gpa.toFixed(2) },
                { header: 'CGPA', numeric: true, cell: (r) => r.Cgpa.toFixed(2) },
                { header: t('results.field.remark'), cell: (r) => r.Remark },
              ]}
            />
            <TablePager count={data.Total} page={page} rowsPerPage={PAGE_SIZE} onPageChange={setPage} />
          </>
        )}
      </CardContent>
    </Card>
  );
}
