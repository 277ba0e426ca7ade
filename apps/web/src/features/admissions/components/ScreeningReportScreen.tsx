import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { AnySelect } from '../../../components/crud/filters';
import { QueryStatus } from '../../../components/crud/QueryStatus';
import { PageHeading } from '../../../components/PageHeading';
import { SectionCard } from '../../../components/SectionCard';
import { SimpleTable } from '../../../components/SimpleTable';
import type { MessageId } from '../../../i18n/locales';
import { useT } from '../../../i18n/useT';
import { useDocumentTitle } from '../../../lib/useDocumentTitle';
import { useAdmissionSessionOptions } from '../api/get-admission-sessions';
import { useScreeningReport } from '../api/get-screening-report';
import { STATUS_LABELS } from './ApplicationFilters';

const STAGES: [string, MessageId][] = [
  ['new', 'admissions.stage.new'],
  ['biodata', 'admissions.stage.biodata'],
  ['olevel', 'admissions.stage.olevel'],
  ['documents', 'admissions.stage.documents'],
  ['registered', 'admissions.stage.registered'],
  ['screened', 'admissions.stage.screened'],
  ['verified', 'admissions.stage.verified'],
  ['admitted', 'admissions.stage.admitted'],
  ['accepted', 'admissions.stage.accepted'],
  ['rejected', 'admissions.stage.rejected'],
];

/** screeningreport: counts by stage, by admission status and by department, for one admission session. */
export default function ScreeningReportScreen() {
  const t = useT();
  const title = t('admissions.report.title');
  useDocumentTitle(`${title} · ${t('portal.name')}`);
  const sessions = useAdmissionSessionOptions();
  const [sessionId, setSessionId] = useState('');
  const report = useScreeningReport(sessionId ? Number(sessionId) : undefined);
  const data = report.data?.Data;

  return (
    <>
      <PageHeading title={title} />
      {!sessions.failed && (
        <AnySelect
          label={t('admissions.field.admissionSession')}
          value={sessionId}
          onChange={setSessionId}
          choices={sessions.options}
          anyLabel={t('admissions.report.allSessions')}
          sx={{ mb: 2, minWidth: 220 }}
        />
      )}
      <QueryStatus query={report} />
      {data && (
        <Stack spacing={2}>
          <SectionCard title={t('admissions.report.total', { count: data.total })}>
            <Typography component="h3" variant="subtitle2" sx={{ mb: 1 }}>
              {t('admissions.report.byStage')}
            </Typography>
            <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap' }} useFlexGap>
              {STAGES.map(([stage, label]) => (
                <Chip key={stage} variant="outlined" label={`${t(label)}: ${data.byStage[stage] ?? 0}`} />
              ))}
            </Stack>
            <Typography component="h3" variant="subtitle2" sx={{ mt: 2, mb: 1 }}>
              {t('admissions.report.byStatus')}
            </Typography>
            <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap' }} useFlexGap>
              {Object.entries(data.byStatus).map(([status, count]) => (
                <Chip
                  key={status}
                  variant="outlined"
                  label={`${STATUS_LABELS[status] ? t(STATUS_LABELS[status]!) : status}: ${count}`}
                />
              ))}
            </Stack>
          </SectionCard>
          <SectionCard title={t('admissions.report.byDepartment')}>
            <SimpleTable
              label={t('admissions.report.byDepartment')}
              rows={data.byDepartment}
              rowKey={(row) => row.departmentId ?? 0}
              columns={[
                {
                  header: t('admissions.field.department'),
                  cell: (row) => row.departmentName ?? t('admissions.report.noDepartment'),
                },
                { header: t('admissions.report.total.short'), cell: (row) => row.total, numeric: true },
                { header: t('admissions.stage.registered'), cell: (row) => row.registered, numeric: true },
                { header: t('admissions.stage.screened'), cell: (row) => row.screened, numeric: true },
                { header: t('admissions.stage.verified'), cell: (row) => row.verified, numeric: true },
                { header: t('admissions.stage.admitted'), cell: (row) => row.admitted, numeric: true },
                { header: t('admissions.stage.rejected'), cell: (row) => row.rejected, numeric: true },
              ]}
            />
          </SectionCard>
        </Stack>
      )}
    </>
  );
}
