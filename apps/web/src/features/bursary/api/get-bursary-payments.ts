import type { BursaryPaymentsResponse } from '@portal/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, type QueryValue } from '../../../lib/api';

/** GET /api/admin/bursary/payments: the filtered payments, a page of them, with the set's totals. */
export function useBursaryPayments(query: Record<string, QueryValue>, enabled = true) {
  return useQuery({
    queryKey: ['bursary', 'payments', query],
    queryFn: ({ signal }) => api<BursaryPaymentsResponse>('/api/admin/bursary/payments', { query, signal }),
    placeholderData: keepPreviousData,
    staleTime: 0,
    enabled,
  });
}
