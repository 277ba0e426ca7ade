import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { useIntl } from 'react-intl';
import { useT } from '../../../i18n/useT';
import { formatNaira } from '../../../lib/money';
import { startLateRegistrationFee } from '../api/start-payment';
import { ProviderButtons } from './PaymentButtons';
import { PaymentReturn } from './PaymentReturn';
import { PaymentsMessages } from './PaymentsMessages';

/**
 * On the course registration page during the window's late days: the late registration fee with
 * the gateways' buttons, and the check of a payment the gateway has just sent the student back from.
 */
export default function LateRegistrationFeeCard({
  due,
  amount,
  semester,
  onPaid,
}: {
  due: boolean;
  amount: number;
  semester: string;
  onPaid?: () => void;
}) {
  const t = useT();
  const intl = useIntl();
  const naira = formatNaira(intl, amount);
  return (
    // The card's strings live in the payments catalogue, which the course registration page does not load.
    <PaymentsMessages>
      <PaymentReturn purpose="lateRegistration" onDone={onPaid} />
      {due && (
        <Card variant="outlined" sx={{ borderColor: 'warning.main' }}>
          <CardContent>
            <Typography component="h2" variant="h6" sx={{ mb: 1 }}>
              {t('payments.lateFee.title')}
            </Typography>
            <Typography sx={{ mb: 2 }}>{t('payments.lateFee.intro', { semester, amount: naira })}</Typography>
            <ProviderButtons
              label={t('payments.lateFee.payWith', { amount: naira })}
              start={(provider) => startLateRegistrationFee(provider)}
            />
          </CardContent>
        </Card>
      )}
    </PaymentsMessages>
  );
}
