import type { ImportJobItem, ImportKind } from '@portal/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Paged } from '../../../components/crud/types';
import { api } from '../../../lib/api';

/** GET /api/admin/imports?kind=: the recent jobs of one kind, newest first. */
export function useImportJobs(kind: ImportKind, page: number, pageSize: number) {
  return useQuery({
    queryKey: ['imports', 'list', kind, page, pageSize],
    queryFn: ({ signal }) =>
      api<Paged<ImportJobItem>>('/api/admin/imports', { query: { kind, page, pageSize }, signal }),
    placeholderData: keepPreviousData,
    staleTime: 0,
    // Refreshed while one of the listed jobs is still working.
    refetchInterval: (query) =>
      query.state.data?.Data.some((job) => job.status !== 'done' && job.status !== 'failed') ? 2000 : false,
  });
}
