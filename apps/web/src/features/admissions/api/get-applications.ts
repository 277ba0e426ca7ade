import type { ApplicationItem, ApplicationView } from '@portal/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Paged } from '../../../components/crud/types';
import { api, type QueryValue } from '../../../lib/api';

/** GET /api/admin/applications/<view>: filtered, searched, sorted and paged on the server. */
export function useApplications(view: ApplicationView, query: Record<string, QueryValue>) {
  return useQuery({
    queryKey: ['applications', 'list', view, query],
    queryFn: ({ signal }) =>
      api<Paged<ApplicationItem>>(`/api/admin/applications/${view}`, { query, signal }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}
