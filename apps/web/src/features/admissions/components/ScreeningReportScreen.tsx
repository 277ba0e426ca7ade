import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { serverMessage } from '../../../components/crud/errors';
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
      <Typography component="h1" variant="h5" sx={{ fontWeight: 600, mb: 2 }}>
        {title}
      </Typography>
      {!sessions.failed && (
        <TextField
          select
          size="small"
          label={t('admissions.field.admissionSession')}
          value={sessionId}
          onChange={(event) => setSessionId(event.target.value)}
          sx={{ mb: 2, minWidth: 220 }}
        >
          <MenuItem value="">{t('admissions.report.allSessions')}</MenuItem>
          {sessions.options.map((option) => (
            <MenuItem key={option.value} value={String(option.value)}>
              {option.label}
            </MenuItem>
          ))}
        </TextField>
      )}
      {report.isPending && <LinearProgress aria-label={t('common.loading')} />}
      {report.isError && <Alert severity="error">{serverMessage(report.error) || t('error.generic')}</Alert>}
      {data && (
        <Stack spacing={2}>
          <Card variant="outlined">
            <CardHeader
              title={t('admissions.report.total', { count: data.total })}
              slotProps={{ title: { component: 'h2', variant: 'h6' } }}
            />
            <CardContent>
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
            </CardContent>
          </Card>
          <Card variant="outlined">
            <CardHeader
              title={t('admissions.report.byDepartment')}
              slotProps={{ title: { component: 'h2', variant: 'h6' } }}
            />
            <CardContent>
              <Box
                sx={{ overflowX: 'auto' }}
                tabIndex={0}
                role="region"
                aria-label={t('admissions.report.byDepartment')}
              >
                <Table size="small" sx={{ minWidth: 640 }}>
                  <TableHead>
                    <TableRow>
                      <TableCell>{t('admissions.field.department')}</TableCell>
                      <TableCell align="right">{t('admissions.report.total.short')}</TableCell>
                      <TableCell align="right">{t('admissions.stage.registered')}</TableCell>
                      <TableCell align="right">{t('admissions.stage.screened')}</TableCell>
                      <TableCell align="right">{t('admissions.stage.verified')}</TableCell>
                      <TableCell align="right">{t('admissions.stage.admitted')}</TableCell>
                      <TableCell align="right">{t('admissions.stage.rejected')}</TableCell>
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {data.byDepartment.map((row) => (
                      <TableRow key={row.departmentId ?? 0}>
                        <TableCell>{row.departmentName ?? t('admissions.report.noDepartment')}</TableCell>
                        <TableCell align="right">{row.total}</TableCell>
                        <TableCell align="right">{row.registered}</TableCell>
                        <TableCell align="right">{row.screened}</TableCell>
                        <TableCell align="right">{row.verified}</TableCell>
                        <TableCell align="right">{row.admitted}</TableCell>
                        <TableCell align="right">{row.rejected}</TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              </Box>
            </CardContent>
          </Card>
        </Stack>
      )}
    </>
  );
}
