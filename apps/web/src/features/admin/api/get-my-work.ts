import type { MyWork } from '@portal/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** GET /api/admin/my-work: what waits for the signed-in admin, by the roles they hold. */
export function useMyWork(enabled = true) {
  return useQuery({
    queryKey: ['admin', 'my-work'],
    queryFn: ({ signal }) => api<{ Status: string; Data: MyWork }>('/api/admin/my-work', { signal }),
    // Work comes and goes as others act: read it afresh on each visit to the home page.
    staleTime: 0,
    enabled,
  });
}
