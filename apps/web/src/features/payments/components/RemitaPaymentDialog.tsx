import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import type { PaymentStartedResponse } from '@portal/contracts';
import { useIntl } from 'react-intl';
import { useT } from '../../../i18n/useT';
import { formatNaira } from '../../../lib/money';
import { ProviderLogo } from './ProviderLogo';

/**
 * The payment dialog (Remita only, spec section 2): the RRR the start call generated and its pay
 * page, reached by the gateway's form (POST) when the server sent one, else by the link.
 */
export function RemitaPaymentDialog({
  started,
  onClose,
}: {
  started: PaymentStartedResponse['Data'];
  onClose: () => void;
}) {
  const t = useT();
  const intl = useIntl();
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="remita-title">
      <DialogTitle id="remita-title">{t('payments.remita.title')}</DialogTitle>
      <DialogContent>
        <Box sx={{ display: 'grid', gap: 1.5 }}>
          <ProviderLogo provider="remita" />
          <Typography>{t('payments.remita.intro')}</Typography>
          <Box>
            <Typography variant="overline" component="p" color="text.secondary">
              {t('payments.remita.rrr')}
            </Typography>
            <Typography sx={{ fontFamily: 'monospace', fontSize: '1.25rem', overflowWrap: 'anywhere' }}>
              {started.ProviderRef ?? '—'}
            </Typography>
          </Box>
          <Box>
            <Typography variant="overline" component="p" color="text.secondary">
              {t('payments.remita.amount')}
            </Typography>
            <Typography>{formatNaira(intl, started.Amount)}</Typography>
          </Box>
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('payments.close')}</Button>
        {started.form ? (
          <form method="post" action={started.form.action}>
            {Object.entries(started.form.fields).map(([name, value]) => (
              <input key={name} type="hidden" name={name} value={value} />
            ))}
            <Button type="submit" variant="contained">
              {t('payments.remita.payNow')}
            </Button>
          </form>
        ) : (
          <Button variant="contained" href={started.checkOutUrl}>
            {t('payments.remita.payNow')}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
