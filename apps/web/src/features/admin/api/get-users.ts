import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import type { UsersAnswer } from './types';

export interface UsersQuery {
  page: number;
  pageSize: number;
  search?: string;
  isActive?: 'true' | 'false';
}

/** GET /api/AdminRole/GetUserAsync: admin users with their roles, paged and searched on the server. */
export function useUsers(query: UsersQuery) {
  return useQuery({
    queryKey: ['admin', 'users', query],
    queryFn: ({ signal }) => api<UsersAnswer>('/api/AdminRole/GetUserAsync', { query: { ...query }, signal }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}
