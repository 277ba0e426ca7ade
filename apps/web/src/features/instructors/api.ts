import { INSTRUCTORS_API, type Instructor, type TeachingAction } from '@portal/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Paged } from '../../components/crud/types';
import { api } from '../../lib/api';

/** GET /api/admin/instructors: the session's lecturers, their offerings and teaching. */
export const useInstructors = (page: number, pageSize: number, search: string) =>
  useQuery({
    queryKey: ['instructors', page, pageSize, search],
    queryFn: ({ signal }) =>
      api<Paged<Instructor>>(INSTRUCTORS_API.list, {
        query: { page, pageSize, search: search || undefined },
        signal,
      }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

/** GET /api/admin/instructors/audit: one lecturer's teaching trail, optionally through one page. */
export const useTeachingTrail = (adminId: number | null, page: number, pageSize: number, pageName: string) =>
  useQuery({
    queryKey: ['instructors', 'audit', adminId, page, pageSize, pageName],
    queryFn: ({ signal }) =>
      api<Paged<TeachingAction>>(INSTRUCTORS_API.audit, {
        query: { adminId: adminId!, page, pageSize, pageName: pageName || undefined },
        signal,
      }),
    enabled: adminId !== null,
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
