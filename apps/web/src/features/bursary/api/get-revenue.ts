import type { RevenueReport } from '@portal/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, type QueryValue } from '../../../lib/api';

/** GET /api/admin/bursary/revenue: paid totals by category, department and day over a range. */
export function useRevenue(query: Record<string, QueryValue>, enabled: boolean) {
  return useQuery({
    queryKey: ['bursary', 'revenue', query],
    queryFn: ({ signal }) => api<{ Data: RevenueReport }>('/api/admin/bursary/revenue', { query, signal }),
    select: (answer) => answer.Data,
    placeholderData: keepPreviousData,
    staleTime: 0,
    enabled,
  });
}
