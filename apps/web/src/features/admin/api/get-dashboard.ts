import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import type { DashboardData } from './types';

/** GET /api/admin/dashboard: applicants by stage and department, acceptance-fee totals. */
export function useAdmissionsDashboard(enabled = true) {
  return useQuery({
    enabled,
    queryKey: ['admin', 'dashboard'],
    queryFn: ({ signal }) => api<{ Status: string; Data: DashboardData }>('/api/admin/dashboard', { signal }),
    staleTime: 30_000,
    retry: false,
  });
}
