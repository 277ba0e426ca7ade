import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useIntl } from 'react-intl';
import { useT } from '../../../i18n/useT';
import { formatNaira } from '../../../lib/money';
import { startTranscriptFee } from '../api/start-payment';
import { ProviderButtons } from './PaymentButtons';
import { PaymentReturn } from './PaymentReturn';
import { PaymentsMessages } from './PaymentsMessages';

/** A transcript request to pay for: its id (the payment's RecordId), fee in naira and recipient. */
export interface TranscriptToPay {
  id: number;
  amount: number;
  recipient: string;
}

/**
 * On the report card page: the transcript fee of one request (payType 3, RecordId = the request)
 * in a dialog with the gateways' buttons, and the check of a payment the gateway has just sent the
 * student back from (the transcript purpose returns to /portal/student/ReportCard).
 */
export default function TranscriptFeePayment({
  request,
  onClose,
  onPaid,
}: {
  /** The request whose Pay button was pressed, or null. */
  request: TranscriptToPay | null;
  onClose: () => void;
  onPaid?: () => void;
}) {
  return (
    <>
      <PaymentReturn purpose="transcript" onDone={onPaid} />
      {request && (
        <PaymentsMessages>
          <FeeDialog request={request} onClose={onClose} />
        </PaymentsMessages>
      )}
    </>
  );
}

function FeeDialog({ request, onClose }: { request: TranscriptToPay; onClose: () => void }) {
  const t = useT();
  const intl = useIntl();
  const titleId = useId();
  const amount = formatNaira(intl, request.amount);
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{t('payments.transcript.title')}</DialogTitle>
      <DialogContent>
        <Typography sx={{ mb: 2, overflowWrap: 'anywhere' }}>
          {t('payments.transcript.intro', { recipient: request.recipient, amount })}
        </Typography>
        <ProviderButtons
          label={t('payments.transcript.payWith', { amount })}
          start={(provider) => startTranscriptFee(provider, request.id)}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('payments.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
