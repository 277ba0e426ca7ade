import CheckCircle from '@mui/icons-material/CheckCircle';
import ErrorIcon from '@mui/icons-material/Error';
import HourglassTop from '@mui/icons-material/HourglassTop';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { PAYMENT_PURPOSES, type PaymentPurpose, type PaymentStatusResponse } from '@portal/contracts';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactElement } from 'react';
import { useIntl } from 'react-intl';
import { Link as RouterLink } from 'react-router';
import type { MessageId } from '../../../i18n/locales';
import { useT } from '../../../i18n/useT';
import { ApiError } from '../../../lib/api';
import { formatNaira } from '../../../lib/money';
import type { ReturnedPayment } from '../api/returned-payment';
import { ProviderLogo } from './ProviderLogo';

type Status = PaymentStatusResponse['Data'];
type Outcome = 'paid' | 'pending' | 'failed' | 'error';

/** The dialog's message for the attempt's state, word for word from spec section 4 where it gives one. */
export function messageOf(
  data: Pick<Status, 'status' | 'Flag'>,
  purpose: PaymentPurpose = 'acceptance',
): MessageId {
  if (data.status === 'PAID') return 'payments.status.success';
  if (data.status === 'PENDING') return 'payments.status.pending';
  if (data.Flag?.startsWith('underpaid')) return 'payments.status.underpaid';
  if (data.Flag?.startsWith('duplicate')) return `payments.${PAYMENT_PURPOSES[purpose].messages}.duplicate`;
  return 'payments.status.failed';
}

const outcomeOf = (data: Status): Outcome =>
  data.status === 'PAID' ? 'paid' : data.status === 'PENDING' ? 'pending' : 'failed';

/** The purpose's 'What Next !' text for an outcome. */
const nextOf = (purpose: PaymentPurpose, outcome: Outcome): MessageId =>
  `payments.${PAYMENT_PURPOSES[purpose].messages}.next.${outcome}`;

const ICONS: Record<Outcome, ReactElement> = {
  paid: <CheckCircle color="success" sx={{ fontSize: 48 }} />,
  pending: <HourglassTop color="warning" sx={{ fontSize: 48 }} />,
  failed: <ErrorIcon color="error" sx={{ fontSize: 48 }} />,
  error: <ErrorIcon color="error" sx={{ fontSize: 48 }} />,
};

/**
 * What the payment status dialog (and the transaction status page) shows: the gateway's logo,
 * the message, 'Transaction Reference', 'What Next !' and, once paid, a link to the receipt.
 */
export function PaymentStatusContent({
  payment,
  check,
  purpose = 'acceptance',
}: {
  payment: ReturnedPayment;
  check: UseQueryResult<PaymentStatusResponse>;
  purpose?: PaymentPurpose;
}) {
  const t = useT();
  const intl = useIntl();

  if (check.isPending) {
    return (
      <Box role="status" sx={{ display: 'grid', justifyItems: 'center', gap: 2, py: 3 }}>
        <ProviderLogo provider={payment.provider} />
        <CircularProgress aria-hidden />
        <Typography>{t('payments.status.checking')}</Typography>
      </Box>
    );
  }

  const data = check.data?.Data;
  const outcome: Outcome = data ? outcomeOf(data) : 'error';
  const message = data ? t(messageOf(data, purpose)) : t('payments.status.checkError');
  // A reference the server does not know (404) says so: more use than the generic message alone.
  const detail =
    !data && check.error instanceof ApiError && check.error.httpStatus === 404 ? check.error.message : '';

  return (
    <Box sx={{ display: 'grid', justifyItems: 'center', gap: 1.5, textAlign: 'center' }}>
      <ProviderLogo provider={data?.Provider ?? payment.provider} />
      {ICONS[outcome]}
      <Typography
        role={outcome === 'paid' || outcome === 'pending' ? 'status' : 'alert'}
        variant="h6"
        component="p"
        data-testid="payment-status-message"
        data-outcome={outcome}
      >
        {message}
      </Typography>
      {detail && <Typography color="text.secondary">{detail}</Typography>}
      <Box sx={{ width: '100%', maxWidth: 420 }}>
        <Typography variant="overline" component="p" color="text.secondary">
          {t('payments.status.reference')}
        </Typography>
        <Typography
          sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }}
          data-testid="payment-reference"
        >
          {data?.TransactionRef ?? payment.reference}
        </Typography>
        {data && (
          <Typography color="text.secondary" sx={{ mt: 0.5 }}>
            {t('payments.status.amount', {
              amount: formatNaira(intl, data.AmountPaid ?? data.Amount),
            })}
          </Typography>
        )}
      </Box>
      <Box sx={{ width: '100%', maxWidth: 420, mt: 1, textAlign: 'start' }}>
        <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
          {t('payments.status.whatNext')}
        </Typography>
        <Typography color="text.secondary">{t(nextOf(purpose, outcome))}</Typography>
        {data?.ReceiptId && (
          <Link
            component={RouterLink}
            to={`${PAYMENT_PURPOSES[purpose].receiptPage}?transactionId=${encodeURIComponent(data.ReceiptId)}`}
            sx={{ display: 'inline-block', mt: 1 }}
          >
            {t('payments.status.viewReceipt')}
          </Link>
        )}
      </Box>
    </Box>
  );
}
