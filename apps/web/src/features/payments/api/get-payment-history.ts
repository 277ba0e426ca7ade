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

/** Whose history: the signed-in applicant's or the signed-in student's. */
export type Payer = 'applicant' | 'student';

/**
 * GET api/ApplicantAcceptancePaymentHistory?payeeId= (applicants) or api/student/payment-history
 * (students): every attempt, newest first, a page at a time.
 */
export const paymentHistoryOptions = (payer: Payer, payeeId: number, page: number, pageSize: number) =>
  queryOptions({
    queryKey: ['payments', 'history', payer, payeeId, page, pageSize],
    queryFn: ({ signal }) =>
      payer === 'student'
        ? api<PaymentHistoryResponse>('/api/student/payment-history', {
            query: { page, pageSize },
            area: 'student',
            signal,
          })
        : api<PaymentHistoryResponse>('/api/ApplicantAcceptancePaymentHistory', {
            query: { payeeId, page, pageSize },
            area: 'applicant',
            signal,
          }),
    placeholderData: keepPreviousData,
    // A webhook or the reconciliation job may settle an attempt at any time: ask on each visit.
    staleTime: 0,
  });

export const usePaymentHistory = (payer: Payer, payeeId: number, page: number, pageSize: number) =>
  useQuery({ ...paymentHistoryOptions(payer, payeeId, page, pageSize), enabled: payeeId > 0 });
