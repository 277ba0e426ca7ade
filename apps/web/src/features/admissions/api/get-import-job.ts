import type { ImportJobItem } from '@portal/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import type { ImportJobResponse } from './upload-import';

/** Statuses after which a job no longer changes. */
export const isFinished = (job: ImportJobItem | undefined) =>
  job?.status === 'done' || job?.status === 'failed';

/** GET /api/admin/imports/:id, polled every second until the job is done or failed. */
export const importJobOptions = (id: number) =>
  queryOptions({
    queryKey: ['imports', 'job', id],
    queryFn: ({ signal }) => api<ImportJobResponse>(`/api/admin/imports/${id}`, { signal }),
    refetchInterval: (query) => (isFinished(query.state.data?.Data) ? false : 1000),
    staleTime: 0,
  });

export const useImportJob = (id: number | null) => useQuery({ ...importJobOptions(id ?? 0), enabled: !!id });
