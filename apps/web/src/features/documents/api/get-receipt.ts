import type { PaymentReceipt, SchoolFeesReceipt } from '@portal/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export interface ReceiptResponse {
  Status: string;
  Message?: string;
  Data: PaymentReceipt;
}
export interface SchoolFeesReceiptResponse {
  Status: string;
  Message?: string;
  Data: SchoolFeesReceipt;
}

/** GET api/PaymentReceiptByRRR?transactionId=: a paid payment's receipt (public, by its unguessable id). */
export const receiptOptions = (transactionId: string) =>
  queryOptions({
    queryKey: ['documents', 'receipt', transactionId],
    queryFn: ({ signal }) =>
      api<ReceiptResponse>('/api/PaymentReceiptByRRR', { query: { transactionId }, area: null, signal }),
  });
export const useReceipt = (transactionId: string) => useQuery(receiptOptions(transactionId));

/** GET api/SchoolFeesReceipt0?RRR=: the school-fees breakdown, for receipts with a paymentCategoryId. */
export const schoolFeesReceiptOptions = (transactionId: string) =>
  queryOptions({
    queryKey: ['documents', 'schoolFeesReceipt', transactionId],
    queryFn: ({ signal }) =>
      api<SchoolFeesReceiptResponse>('/api/SchoolFeesReceipt0', {
        query: { RRR: transactionId },
        area: null,
        signal,
      }),
  });
export const useSchoolFeesReceipt = (transactionId: string, enabled: boolean) =>
  useQuery({ ...schoolFeesReceiptOptions(transactionId), enabled });
