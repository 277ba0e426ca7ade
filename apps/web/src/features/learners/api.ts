import { LEARNERS_API, type LearnersRoster } from '@portal/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';

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
