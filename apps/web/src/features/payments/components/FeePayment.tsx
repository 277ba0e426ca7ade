import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { PAYMENT_PURPOSES, type FeePurpose } from '@portal/contracts';
import { Suspense } from 'react';
import { useIntl } from 'react-intl';
import { useT } from '../../../i18n/useT';
import type { FeeOffer } from '../../../lib/fee';
import { formatNaira } from '../../../lib/money';
import { preloadable } from '../../../lib/preloadable';
import { startStudentPayment } from '../api/start-payment';
import { ProviderButtons } from './PaymentButtons';
import { PaymentReturn } from './PaymentReturn';
import { PaymentsMessages } from './PaymentsMessages';

const FeeDialog = preloadable(() => import('./FeeDialog'));

/** Downloads the rest of what a purpose's fee draws (a dialog fee's dialog): see FeeSlot's `prepare`. */
export const preloadFeeParts = (purpose: FeePurpose): Promise<void> =>
  PAYMENT_PURPOSES[purpose].fee === 'dialog' ? FeeDialog.preload() : Promise.resolve();

/**
 * Any purpose's fee on its own page, as the purpose's contract declares it: a card while due (the
 * hostel fee, the late registration fee) or a dialog from a row's Pay button (a transcript
 * request), with the gateways' buttons; and the check of a payment the gateway has just sent the
 * student back from (the purpose returns to the page it was started on).
 */
export default function FeePayment(offer: FeeOffer) {
  return (
    <>
      <PaymentReturn purpose={offer.purpose} onDone={offer.onPaid} />
      {offer.due && (
        // The fee's strings live in the payments catalogue, which the domain pages do not load.
        <PaymentsMessages>
          <Fee {...offer} />
        </PaymentsMessages>
      )}
    </>
  );
}

function Fee({ purpose, amount, recordId, details, onClose }: FeeOffer) {
  const t = useT();
  const intl = useIntl();
  const facts = PAYMENT_PURPOSES[purpose];
  const naira = formatNaira(intl, amount);
  const title = t(`payments.${facts.messages}.title`);
  const intro = t(`payments.${facts.messages}.intro`, { ...details, amount: naira });
  const buttons = (
    <ProviderButtons
      label={t(`payments.${facts.messages}.payWith`, { amount: naira })}
      start={(provider) =>
        startStudentPayment(provider, purpose, facts.recordId && recordId ? { RecordId: recordId } : {})
      }
    />
  );

  if (facts.fee === 'dialog')
    return (
      <Suspense fallback={null}>
        <FeeDialog title={title} intro={intro} buttons={buttons} onClose={onClose} />
      </Suspense>
    );
  return (
    <Card variant="outlined" sx={{ borderColor: 'warning.main' }}>
      <CardContent>
        <Typography component="h2" variant="h6" sx={{ mb: 1 }}>
          {title}
        </Typography>
        <Typography sx={{ mb: 2 }}>{intro}</Typography>
        {buttons}
      </CardContent>
    </Card>
  );
}
