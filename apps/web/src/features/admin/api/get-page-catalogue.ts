import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import type { PagesAnswer } from './types';

/** GET /api/admin/pages: every page a role can grant, with its menu. */
export const pageCatalogueOptions = () =>
  queryOptions({
    queryKey: ['admin', 'pages'],
    queryFn: ({ signal }) => api<PagesAnswer>('/api/admin/pages', { signal }),
  });

export const usePageCatalogue = () => useQuery(pageCatalogueOptions());
