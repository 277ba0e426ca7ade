import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import type { RolesAnswer } from './types';

/** GET /api/AdminRole/GetRolesAsync: the roles with their pages (Status NotFound when there are none). */
export const rolesOptions = () =>
  queryOptions({
    queryKey: ['admin', 'roles'],
    queryFn: ({ signal }) => api<RolesAnswer>('/api/AdminRole/GetRolesAsync', { signal }),
    staleTime: 0,
  });

export const useRoles = () => useQuery(rolesOptions());
