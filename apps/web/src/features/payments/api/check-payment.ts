import { PAYMENT_CHECK_PATHS, type PaymentStatusResponse } from '@portal/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import type { ReturnedPayment } from './returned-payment';

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
