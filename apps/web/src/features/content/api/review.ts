import { CONTENT_API, type ContentReviewEntry } from '@portal/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';

const reviewsKey = ['content', 'reviews'];

export const useReviews = (page: number, pageSize: number) =>
  useQuery({
    queryKey: [...reviewsKey, page, pageSize],
    queryFn: ({ signal }) =>
      api<{ Status: string; Data: ContentReviewEntry[]; Total: number }>(CONTENT_API.reviews, {
        query: { page, pageSize },
        signal,
      }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

/** Approves an item, or returns it with a comment; the queue is read again after either. */
export function useReviewDecision() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ itemId, comment }: { itemId: number; comment?: string }) =>
      comment === undefined
        ? api<{ Status: string; Message: string }>(CONTENT_API.reviewApprove(itemId), { method: 'POST' })
        : api<{ Status: string; Message: string }>(CONTENT_API.reviewReturn(itemId), {
            method: 'POST',
            body: { Comment: comment },
          }),
    onSettled: () => client.invalidateQueries({ queryKey: reviewsKey }),
  });
}
