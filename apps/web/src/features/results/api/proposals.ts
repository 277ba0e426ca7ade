import { SCORE_PROPOSALS_API, type ScoreProposal } from '@portal/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** Scores other parts of the portal propose for a sheet (returned assignment grades). */
export const useScoreProposals = (courseId: number, semesterId: number) =>
  useQuery({
    queryKey: ['results', 'proposals', courseId, semesterId],
    queryFn: ({ signal }) =>
      api<{ Data: ScoreProposal[] }>(SCORE_PROPOSALS_API.list, {
        query: { courseId, semesterId },
        signal,
      }).then((answer) => answer.Data),
    staleTime: 0,
  });

/** Accepts one: the sheet fills the mark only when it is empty; the sheet and the list are read again. */
export const useAcceptProposal = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      api<{ Message: string; Data: ScoreProposal }>(SCORE_PROPOSALS_API.accept(id), { method: 'POST' }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['results'] }),
  });
};
