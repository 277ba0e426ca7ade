import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { useIntl } from 'react-intl';
import { useT } from '../../../i18n/useT';
import { formatNaira } from '../../../lib/money';
import { startHostelFee } from '../api/start-payment';
import { ProviderButtons } from './PaymentButtons';
import { PaymentReturn } from './PaymentReturn';
import { PaymentsMessages } from './PaymentsMessages';

/**
 * On the hostel page once a bed space is allocated: the hostel fee with the gateways' buttons, and
 * the check of a payment the gateway has just sent the student back from.
 */
export default function HostelFeeCard(props: {
  due: boolean;
  allocationId: number | null;
  amount: number;
  payBy: string;
  onPaid?: () => void;
}) {
  return (
    <PaymentsMessages>
      <FeeCard {...props} />
    </PaymentsMessages>
  );
}

function FeeCard({
  due,
  allocationId,
  amount,
  payBy,
  onPaid,
}: {
  due: boolean;
  allocationId: number | null;
  amount: number;
  payBy: string;
  onPaid?: () => void;
}) {
  const t = useT();
  const intl = useIntl();
  const naira = formatNaira(intl, amount);
  return (
    <>
      <PaymentReturn purpose="hostelFee" onDone={onPaid} />
      {due && (
        <Card variant="outlined" sx={{ borderColor: 'warning.main' }}>
          <CardContent>
            <Typography component="h2" variant="h6" sx={{ mb: 1 }}>
              {t('payments.hostelFee.title')}
            </Typography>
            <Typography sx={{ mb: 2 }}>
              {t('payments.hostelFee.intro', { amount: naira, date: payBy })}
            </Typography>
            <ProviderButtons
              label={t('payments.lateFee.payWith', { amount: naira })}
              start={(provider) => startHostelFee(provider, allocationId)}
            />
          </CardContent>
        </Card>
      )}
    </>
  );
}
