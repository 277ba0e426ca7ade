import type { ResultDocumentView } from '@portal/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

interface ResultDocumentResponse {
  Status: string;
  Data: ResultDocumentView;
}

/**
 * GET /api/results/verify?id&r (public): what a report card's or transcript's QR code opens — the
 * results as they stand and whether the document is still current. `r` (a transcript recipient's
 * link) records the recipient's first opening.
 */
export const resultDocumentOptions = (id: string, requestId: string | null) =>
  queryOptions({
    queryKey: ['documents', 'result-document', id, requestId],
    queryFn: ({ signal }) =>
      api<ResultDocumentResponse>('/api/results/verify', {
        query: { id, r: requestId },
        area: null,
        signal,
      }),
  });
export const useResultDocument = (id: string, requestId: string | null) =>
  useQuery(resultDocumentOptions(id, requestId));
