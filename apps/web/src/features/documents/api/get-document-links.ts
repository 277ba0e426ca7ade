import type { DocumentLinks } from '@portal/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export interface DocumentLinksResponse {
  Status: string;
  Data: DocumentLinks;
}

/**
 * GET /api/applicant/document-links: the signed-in applicant's letter and receipt ids and which of
 * the four admission documents are available.
 */
export const documentLinksOptions = () =>
  queryOptions({
    queryKey: ['documents', 'links'],
    queryFn: ({ signal }) =>
      api<DocumentLinksResponse>('/api/applicant/document-links', { area: 'applicant', signal }),
  });
export const useDocumentLinks = () => useQuery(documentLinksOptions());
