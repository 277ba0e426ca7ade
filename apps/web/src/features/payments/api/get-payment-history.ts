import type { ApplicantPaymentRow } from '@portal/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export interface PaymentHistoryResponse {
  Status: string;
  Message?: string;
  Data: ApplicantPaymentRow[];
  Page: number;
  PageSize: number;
  Total: number;
}

/** GET api/ApplicantAcceptancePaymentHistory?payeeId=: every attempt, newest first, a page at a time. */
export const paymentHistoryOptions = (payeeId: number, page: number, pageSize: number) =>
  queryOptions({
    queryKey: ['payments', 'history', payeeId, page, pageSize],
    queryFn: ({ signal }) =>
      api<PaymentHistoryResponse>('/api/ApplicantAcceptancePaymentHistory', {
        query: { payeeId, page, pageSize },
        area: 'applicant',
        signal,
      }),
    placeholderData: keepPreviousData,
    // A webhook or the reconciliation job may settle an attempt at any time: ask on each visit.
    staleTime: 0,
  });

export const usePaymentHistory = (payeeId: number, page: number, pageSize: number) =>
  useQuery({ ...paymentHistoryOptions(payeeId, page, pageSize), enabled: payeeId > 0 });
