import { useQuery } from '@tanstack/react-query';
import { apiBlob } from '../../../lib/api';

/**
 * GET /api/admin/applicants/:id/documents/:kind: one document as served inline, fetched with the
 * bearer token (an <iframe> or <img> cannot send it) and shown from the bytes.
 */
export function useApplicantDocument(url: string | null) {
  return useQuery({
    queryKey: ['applications', 'document', url],
    queryFn: ({ signal }) => apiBlob(url!, { signal }),
    enabled: !!url,
    staleTime: 60_000,
    gcTime: 60_000,
  });
}
