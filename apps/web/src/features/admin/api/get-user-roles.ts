import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import type { RolesAnswer } from './types';

/** GET /api/AdminRole/GetRolesIDAsync/:id: the roles of an admin user, with their pages. */
export function useUserRoles(userId: number | null) {
  return useQuery({
    queryKey: ['admin', 'user-roles', userId],
    queryFn: ({ signal }) => api<RolesAnswer>(`/api/AdminRole/GetRolesIDAsync/${userId}`, { signal }),
    enabled: !!userId,
    staleTime: 0,
  });
}
