import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export interface Publication {
  admissionSessionId: number;
  admissionSessionName: string;
  published: boolean;
  publishedAt: string | null;
}

/** GET /api/admin/admission-list/publication: whether a session's admitted list is published. */
export function usePublication(admissionSessionId: number | null) {
  return useQuery({
    queryKey: ['applications', 'publication', admissionSessionId],
    queryFn: ({ signal }) =>
      api<{ Status: string; Data: Publication }>('/api/admin/admission-list/publication', {
        query: { admissionSessionId: admissionSessionId ?? undefined },
        signal,
      }),
    enabled: !!admissionSessionId,
    staleTime: 0,
  });
}
