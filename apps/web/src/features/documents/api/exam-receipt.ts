import { CBT_API, type ExamReceiptVerification } from '@portal/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** GET /api/exam-receipts/verify?id (public): what an exam receipt's QR code certifies. */
export const examReceiptOptions = (id: string) =>
  queryOptions({
    queryKey: ['documents', 'exam-receipt', id],
    queryFn: ({ signal }) =>
      api<{ Status: string; Data: ExamReceiptVerification }>(CBT_API.verify, {
        query: { id },
        area: null,
        signal,
      }),
  });
export const useExamReceipt = (id: string) => useQuery(examReceiptOptions(id));
