import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Paged } from '../../../components/crud/types';
import { api, type QueryValue } from '../../../lib/api';
import type { AuditItem } from './types';

/** GET /api/admin/audit: who changed what and when, filtered and paged on the server, newest first. */
export function useAuditTrail(query: Record<string, QueryValue>) {
  return useQuery({
    queryKey: ['admin', 'audit', query],
    queryFn: ({ signal }) => api<Paged<AuditItem>>('/api/admin/audit', { query, signal }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}
