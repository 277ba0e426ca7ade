import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Paged } from '../../../components/crud/types';
import { api, type QueryValue } from '../../../lib/api';
import type { AdmissionPaymentItem } from '../types';

/** GET /api/admin/admissions/payments: acceptance-fee payments (state, provider, dates, search). */
export function useAdmissionPayments(query: Record<string, QueryValue>) {
  return useQuery({
    queryKey: ['admissions', 'payments', query],
    queryFn: ({ signal }) =>
      api<Paged<AdmissionPaymentItem>>('/api/admin/admissions/payments', { query, signal }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}
