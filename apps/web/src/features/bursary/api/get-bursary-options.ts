import type { BursaryOptions } from '@portal/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** GET /api/admin/bursary/options: sessions, categories, items, departments, levels, states, providers. */
export const bursaryOptionsQuery = () =>
  queryOptions({
    queryKey: ['bursary', 'options'],
    queryFn: ({ signal }) => api<{ Data: BursaryOptions }>('/api/admin/bursary/options', { signal }),
    select: (answer) => answer.Data,
  });

export const useBursaryOptions = () => useQuery(bursaryOptionsQuery());
