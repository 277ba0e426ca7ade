import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import type { ScreeningReport } from '../types';

/** GET /api/admin/applications/report: counts by stage, by admission status and by department. */
export function useScreeningReport(admissionSessionId?: number) {
  return useQuery({
    queryKey: ['applications', 'report', admissionSessionId ?? null],
    queryFn: ({ signal }) =>
      api<{ Status: string; Data: ScreeningReport }>('/api/admin/applications/report', {
        query: { admissionSessionId },
        signal,
      }),
    staleTime: 0,
  });
}
