import type { PaymentPurpose } from '@portal/contracts';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useT } from '../../../i18n/useT';
import { useCheckPayment } from '../api/check-payment';
import type { ReturnedPayment } from '../api/returned-payment';
import { PaymentStatusContent } from './PaymentStatusContent';

/** The payment status dialog of spec section 2: checks the returned reference, OK closes it. */
export function PaymentStatusDialog({
  payment,
  onClose,
  purpose,
}: {
  payment: ReturnedPayment;
  onClose: () => void;
  purpose?: PaymentPurpose;
}) {
  const t = useT();
  const check = useCheckPayment(payment);
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="payment-status-title">
      <DialogTitle id="payment-status-title">{t('payments.status.title')}</DialogTitle>
      <DialogContent>
        <PaymentStatusContent payment={payment} check={check} purpose={purpose} />
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={onClose} autoFocus disabled={check.isPending}>
          {t('payments.status.ok')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
