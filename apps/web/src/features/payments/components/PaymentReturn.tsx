import type { PaymentPurpose } from '@portal/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useMemo } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { RETURN_PARAMS, returnedPayment } from '../api/returned-payment';
import { PaymentsMessages } from './PaymentsMessages';

// The dialog (and MUI's Dialog with it) downloads only when the gateway has sent the browser back.
const PaymentStatusDialog = lazy(() =>
  import('./PaymentStatusDialog').then((module) => ({ default: module.PaymentStatusDialog })),
);

/**
 * The dashboard's side of the payment return (spec sections 2 and 4): when the gateway sends the
 * browser back with `paymentReference` (Monnify), `orderId` / `orderReference` (Nomba) or `RRR` /
 * `orderID` (Remita), the server is asked for the status and the dialog shows it. OK (or closing)
 * goes back to the plain dashboard; `onDone` lets the route refresh what the payment changed.
 */
export function PaymentReturn({ onDone, purpose }: { onDone?: () => void; purpose?: PaymentPurpose }) {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const payment = useMemo(() => returnedPayment(params), [params]);
  if (!payment) return null;

  const close = () => {
    const rest = new URLSearchParams(params);
    for (const name of RETURN_PARAMS) rest.delete(name);
    const search = rest.toString();
    void queryClient.invalidateQueries({ queryKey: ['payments'] });
    onDone?.();
    navigate({ search: search ? `?${search}` : '' }, { replace: true });
  };

  return (
    <PaymentsMessages>
      <Suspense fallback={null}>
        <PaymentStatusDialog
          key={`${payment.provider}:${payment.reference}`}
          payment={payment}
          onClose={close}
          purpose={purpose}
        />
      </Suspense>
    </PaymentsMessages>
  );
}
