import type { BursaryStudent } from '@portal/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Paged } from '../../../components/crud/types';
import { api } from '../../../lib/api';

/** GET /api/admin/bursary/students?search=: students by matric number, e-mail or names. */
export function useBursaryStudents(search: string, page: number, pageSize: number) {
  return useQuery({
    queryKey: ['bursary', 'students', search, page, pageSize],
    queryFn: ({ signal }) =>
      api<Paged<BursaryStudent>>('/api/admin/bursary/students', {
        query: { search, page, pageSize },
        signal,
      }),
    enabled: search.length > 0,
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}
