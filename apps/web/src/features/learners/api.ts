import {
  LEARNERS_API,
  LEARNERS_PAGE,
  type AuditorInput,
  type LearnersRosterResponse,
} from '@portal/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { staffOfferingsKey } from '../../components/classroom/staffOfferings';
import { api } from '../../lib/api';

type Answer = { Status: string; Message: string };

/** GET /api/admin/learners/roster: a page of an offering's learners (searched) and what each did in it. */
export const useLearnersRoster = (
  courseId: number,
  sessionId: number,
  page: number,
  pageSize: number,
  search: string,
) =>
  useQuery({
    queryKey: ['learners', 'roster', courseId, sessionId, page, pageSize, search],
    queryFn: ({ signal }) =>
      api<LearnersRosterResponse>(LEARNERS_API.roster, {
        query: { courseId, sessionId, page, pageSize, search: search || undefined },
        signal,
      }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

/** Adding or removing an auditor changes the roster and the offerings' enrolled figures. */
function useAuditorChange<V>(call: (vars: V) => Promise<Answer>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSettled: async () => {
      await Promise.all([
        client.invalidateQueries({ queryKey: ['learners'] }),
        client.invalidateQueries({ queryKey: staffOfferingsKey(LEARNERS_PAGE) }),
      ]);
    },
  });
}

/** POST /api/admin/learners/auditors: a student enrolled by hand to audit the offering. */
export const useAddAuditor = () =>
  useAuditorChange((input: AuditorInput) =>
    api<Answer>(LEARNERS_API.auditors, { method: 'POST', body: input }),
  );

/** DELETE /api/admin/learners/auditors: an auditor's enrolment ended. */
export const useRemoveAuditor = () =>
  useAuditorChange((q: { courseId: number; sessionId: number; matricNo: string }) =>
    api<Answer>(LEARNERS_API.auditors, { method: 'DELETE', query: q }),
  );
