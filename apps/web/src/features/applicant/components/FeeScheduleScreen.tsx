import PictureAsPdf from '@mui/icons-material/PictureAsPdf';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableFooter from '@mui/material/TableFooter';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useIntl } from 'react-intl';
import { DesktopOnly } from '../../../components/DesktopOnly';
import { useT } from '../../../i18n/useT';
import { ApiError } from '../../../lib/api';
import { notify } from '../../../lib/notify';
import { useSessionUser } from '../../../lib/session';
import { formatNaira } from '../../../lib/money';
import { useDocumentTitle } from '../../../lib/useDocumentTitle';
import { useDownloadFeeSchedulePdf, useFeeSchedule } from '../api/fee-schedule';
import { LoadError, LoadingBlock, PageTitle } from './parts';

/**
 * /applicant/feeschedule: the fees payable (GET /api/AdmissionFeeSchedule), for large screens
 * only; a phone gets the spec's message and the same schedule as a PDF to download. The rows are
 * rendered here from Data.response; the server's HTML is not injected.
 */
export default function FeeScheduleScreen() {
  const t = useT();
  useDocumentTitle(`${t('applicant.feeSchedule.title')} · ${t('portal.name')}`);
  return (
    <>
      <PageTitle>{t('applicant.feeSchedule.title')}</PageTitle>
      <DesktopOnly narrow={<FeeSchedulePdfButton />}>
        <FeeScheduleTable />
      </DesktopOnly>
    </>
  );
}

/** The schedule as the server's PDF, built from the same answer as the table. */
function FeeSchedulePdfButton() {
  const t = useT();
  const user = useSessionUser('applicantUser');
  const download = useDownloadFeeSchedulePdf();
  return (
    <Button
      variant="contained"
      startIcon={<PictureAsPdf />}
      disabled={!user || download.isPending}
      aria-busy={download.isPending}
      onClick={() => {
        if (!user) return;
        notify.success(t('applicant.downloadStarting'));
        download.mutate(user.ApplicantID, {
          onError: (error) =>
            notify.error(error instanceof ApiError && error.message ? error.message : t('error.download')),
        });
      }}
    >
      {t('applicant.feeSchedule.downloadPdf')}
    </Button>
  );
}

function FeeScheduleTable() {
  const t = useT();
  const intl = useIntl();
  const user = useSessionUser('applicantUser');
  const schedule = useFeeSchedule(user?.ApplicantID ?? 0);
  const naira = (amount: number) => formatNaira(intl, amount);

  if (schedule.isPending) return <LoadingBlock rows={5} />;
  if (schedule.isError) return <LoadError error={schedule.error} onRetry={() => void schedule.refetch()} />;
  const { response: rows, Total, SessionName } = schedule.data.Data;

  return (
    <Card variant="outlined" component="section" aria-labelledby="fee-schedule-caption">
      <CardContent>
        <Typography id="fee-schedule-caption" component="h2" variant="h6">
          {t('applicant.feeSchedule.details')}
        </Typography>
        {SessionName && (
          <Typography color="text.secondary" sx={{ mb: 2 }}>
            {t('applicant.feeSchedule.session', { session: SessionName })}
          </Typography>
        )}
        <Table size="small" aria-labelledby="fee-schedule-caption">
          <TableHead>
            <TableRow>
              <TableCell scope="col">{t('applicant.documentsTable.sn')}</TableCell>
              <TableCell scope="col">{t('applicant.feeSchedule.paymentName')}</TableCell>
              <TableCell scope="col" align="right">
                {t('applicant.feeSchedule.amount')}
              </TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((row, index) => (
              <TableRow key={row.PaymentItemId}>
                <TableCell>{index + 1}</TableCell>
                <TableCell>{row.PaymentName}</TableCell>
                <TableCell align="right">{naira(row.Amount)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
          <TableFooter>
            <TableRow>
              <TableCell />
              <TableCell component="th" scope="row" sx={{ fontWeight: 700, color: 'text.primary' }}>
                {t('applicant.feeSchedule.total')}
              </TableCell>
              <TableCell align="right" sx={{ fontWeight: 700, color: 'text.primary' }}>
                {naira(Total)}
              </TableCell>
            </TableRow>
          </TableFooter>
        </Table>
        <Alert severity="warning" sx={{ mt: 2 }}>
          {t('applicant.feeSchedule.note')}
        </Alert>
      </CardContent>
    </Card>
  );
}
