import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { PaymentProvider } from '@portal/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { useT } from '../../../i18n/useT';
import { useDocumentTitle } from '../../../lib/useDocumentTitle';
import { useCheckPayment } from '../api/check-payment';
import { returnedPayment, type ReturnedPayment } from '../api/returned-payment';
import { PaymentsMessages } from './PaymentsMessages';
import { PaymentStatusContent } from './PaymentStatusContent';
import { PROVIDER_NAMES } from './ProviderLogo';

/**
 * /applicant/transactionstatus: the status of one payment, by the reference in the query
 * (`?paymentReference=…&provider=…`, or a gateway's own return parameters), with the content of
 * the payment status dialog. Without a reference it asks for one.
 */
export default function TransactionStatusScreen({ onPaid }: { onPaid?: () => void }) {
  return (
    <PaymentsMessages>
      <TransactionStatus onPaid={onPaid} />
    </PaymentsMessages>
  );
}

function TransactionStatus({ onPaid }: { onPaid?: () => void }) {
  const t = useT();
  const [params, setParams] = useSearchParams();
  const payment = useMemo(() => returnedPayment(params), [params]);
  useDocumentTitle(`${t('payments.transaction.title')} · ${t('portal.name')}`);

  return (
    <>
      <Typography component="h1" variant="h5" sx={{ fontWeight: 600, mb: 2 }}>
        {t('payments.transaction.title')}
      </Typography>
      {payment ? (
        <StatusCard key={`${payment.provider}:${payment.reference}`} payment={payment} onPaid={onPaid} />
      ) : (
        <ReferenceForm
          onSubmit={(next) => setParams({ provider: next.provider, paymentReference: next.reference })}
        />
      )}
    </>
  );
}

function StatusCard({ payment, onPaid }: { payment: ReturnedPayment; onPaid?: () => void }) {
  const t = useT();
  const queryClient = useQueryClient();
  const check = useCheckPayment(payment);
  const paid = check.data?.Data.status === 'PAID';
  // Once paid, what the payment changed (the history, the applicant's level) is loaded again.
  const reported = useRef(false);
  const report = useRef(onPaid);
  report.current = onPaid;
  useEffect(() => {
    if (!paid || reported.current) return;
    reported.current = true;
    void queryClient.invalidateQueries({ queryKey: ['payments', 'history'] });
    report.current?.();
  }, [paid, queryClient]);
  return (
    <Card variant="outlined" sx={{ maxWidth: 560 }}>
      <CardContent>
        <PaymentStatusContent payment={payment} check={check} />
      </CardContent>
      <CardActions sx={{ justifyContent: 'flex-end', flexWrap: 'wrap', gap: 1 }}>
        <Button onClick={() => void check.refetch()} disabled={check.isFetching}>
          {t('payments.transaction.checkAgain')}
        </Button>
        <Button variant="contained" component={RouterLink} to="/applicant/dashboard">
          {t('payments.status.ok')}
        </Button>
      </CardActions>
    </Card>
  );
}

function ReferenceForm({ onSubmit }: { onSubmit: (payment: ReturnedPayment) => void }) {
  const t = useT();
  const [provider, setProvider] = useState<PaymentProvider>('monnify');
  const [reference, setReference] = useState('');
  const [touched, setTouched] = useState(false);
  const missing = !reference.trim();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (!missing) onSubmit({ provider, reference: reference.trim() });
  };

  return (
    <Card variant="outlined" sx={{ maxWidth: 560 }}>
      <Box component="form" noValidate onSubmit={submit}>
        <CardContent sx={{ display: 'grid', gap: 2 }}>
          <Typography color="text.secondary">{t('payments.transaction.intro')}</Typography>
          <TextField
            select
            id="transaction-provider"
            label={t('payments.transaction.provider')}
            value={provider}
            onChange={(event) => setProvider(event.target.value as PaymentProvider)}
          >
            {(Object.keys(PROVIDER_NAMES) as PaymentProvider[]).map((key) => (
              <MenuItem key={key} value={key}>
                {PROVIDER_NAMES[key]}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            id="transaction-reference"
            label={t('payments.status.reference')}
            value={reference}
            required
            error={touched && missing}
            helperText={touched && missing ? t('payments.transaction.referenceRequired') : undefined}
            onChange={(event) => setReference(event.target.value)}
          />
        </CardContent>
        <CardActions sx={{ justifyContent: 'flex-end' }}>
          <Button type="submit" variant="contained">
            {t('payments.transaction.check')}
          </Button>
        </CardActions>
      </Box>
    </Card>
  );
}
