import type { SessionMove } from '@portal/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Paged } from '../../../components/crud/types';
import { api, type QueryValue } from '../../../lib/api';

/** GET /api/admin/bursary/session-moves: the moves made, newest first. */
export function useSessionMoves(query: Record<string, QueryValue>) {
  return useQuery({
    queryKey: ['bursary', 'session-moves', query],
    queryFn: ({ signal }) => api<Paged<SessionMove>>('/api/admin/bursary/session-moves', { query, signal }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}
