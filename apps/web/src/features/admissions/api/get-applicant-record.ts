import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import type { ApplicantFullRecord } from '../types';

/** GET /api/admin/applicants/:id: biodata and progress, O'level results, documents, admission state. */
export function useApplicantFullRecord(id: number | null) {
  return useQuery({
    queryKey: ['applications', 'record', id],
    queryFn: ({ signal }) =>
      api<{ Status: string; Data: ApplicantFullRecord }>(`/api/admin/applicants/${id}`, { signal }),
    enabled: !!id,
    staleTime: 0,
  });
}
