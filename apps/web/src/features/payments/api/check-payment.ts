import { PAYMENT_CHECK_PATHS, type PaymentProvider, type PaymentStatusResponse } from '@portal/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** A reference the browser brought back from a gateway, or one typed on the status page. */
export interface ReturnedPayment {
  provider: PaymentProvider;
  reference: string;
}

const PROVIDERS: readonly PaymentProvider[] = ['monnify', 'nomba', 'remita'];

/**
 * What a gateway appended to the return URL: `paymentReference` (Monnify), `orderReference` or
 * `orderId` (Nomba), `RRR` or `orderID` (Remita). `provider` (the status page's own links) picks
 * the gateway of a bare `paymentReference`.
 */
export function returnedPayment(params: URLSearchParams): ReturnedPayment | null {
  const get = (name: string) => params.get(name)?.trim() || '';
  const named = get('provider').toLowerCase() as PaymentProvider;
  if (get('paymentReference'))
    return {
      provider: PROVIDERS.includes(named) ? named : 'monnify',
      reference: get('paymentReference'),
    };
  const nomba = get('orderReference') || get('orderId');
  if (nomba) return { provider: 'nomba', reference: nomba };
  const remita = get('RRR') || get('orderID');
  if (remita) return { provider: 'remita', reference: remita };
  return null;
}

/** The return-URL parameters a gateway adds, removed when the dialog closes. */
export const RETURN_PARAMS = ['paymentReference', 'orderReference', 'orderId', 'RRR', 'orderID', 'provider'];

/**
 * GET api/CheckPayeePayment{Monnify|Nomba|Remita}?paymentReference=: the server asks the gateway
 * (never trusting the redirect) and answers the attempt's state. Never cached: each visit asks again.
 */
export const checkPayment = ({ provider, reference }: ReturnedPayment, signal?: AbortSignal) =>
  api<PaymentStatusResponse>(PAYMENT_CHECK_PATHS[provider], {
    query: { paymentReference: reference },
    // The payer of the area the browser is in: an applicant or a student.
    signal,
  });

export const checkPaymentOptions = (payment: ReturnedPayment) =>
  queryOptions({
    queryKey: ['payments', 'check', payment.provider, payment.reference],
    queryFn: ({ signal }) => checkPayment(payment, signal),
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });

export const useCheckPayment = (payment: ReturnedPayment | null) =>
  useQuery({
    ...checkPaymentOptions(payment ?? { provider: 'monnify', reference: '' }),
    enabled: payment !== null,
  });

/**
 * 'Check again' from the history: the same check (the server re-queries the gateway through the
 * path webhooks and the reconciliation job use), then the history is read again.
 */
export function useCheckAgain() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (payment: ReturnedPayment) => checkPayment(payment),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['payments', 'history'] }),
  });
}
