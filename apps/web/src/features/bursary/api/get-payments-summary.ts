import type { PaymentsSummary } from '@portal/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** GET /api/admin/bursary/summary: a session's payments by category and provider (current session by default). */
export function usePaymentsSummary(sessionId: number | undefined) {
  return useQuery({
    queryKey: ['bursary', 'summary', sessionId ?? null],
    queryFn: ({ signal }) =>
      api<{ Data: PaymentsSummary }>('/api/admin/bursary/summary', { query: { sessionId }, signal }),
    select: (answer) => answer.Data,
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}
