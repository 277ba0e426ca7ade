import { LEARNERS_API, type LearnersOffering, type LearnersRoster } from '@portal/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';

type Paged<T> = { Status: string; Data: T[]; Page: number; PageSize: number; Total: number };

/** GET /api/admin/learners/offerings: the offerings with their lecturers and enrolment. */
export const useLearnerOfferings = (page: number, pageSize: number, search: string) =>
  useQuery({
    queryKey: ['learners', 'offerings', page, pageSize, search],
    queryFn: ({ signal }) =>
      api<Paged<LearnersOffering>>(LEARNERS_API.offerings, {
        query: { page, pageSize, search: search || undefined },
        signal,
      }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

/** GET /api/admin/learners/roster: an offering's learners and what each did in it. */
export const useLearnersRoster = (courseId: number, sessionId: number) =>
  useQuery({
    queryKey: ['learners', 'roster', courseId, sessionId],
    queryFn: ({ signal }) =>
      api<{ Status: string; Data: LearnersRoster }>(LEARNERS_API.roster, {
        query: { courseId, sessionId },
        signal,
      }),
    staleTime: 0,
  });
