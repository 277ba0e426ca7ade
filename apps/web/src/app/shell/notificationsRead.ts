import {
  NOTIFICATIONS_API,
  type NotificationCounts,
  type NotificationCountsResponse,
  type NotificationTypeName,
} from '@portal/contracts';
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api } from '../../lib/api';

/**
 * The unread counts and their marking read, shared by the shell's bell and sidebar
 * (notificationCounts.ts) and by a page shown without the shell (the focused lesson page), which
 * marks its category read as the shell would. Kept apart from the shell's hook so such a page
 * downloads only this.
 */

/** The areas with a bell: students, staff (the admin area) and applicants. */
export type NotificationArea = 'student' | 'admin' | 'applicant';

export const countsQueryKey = (area: NotificationArea) => ['notifications', 'counts', area];

/** GET the counts; spec §8: a failed read is only logged, and the counts shown stay as they were. */
export const readCounts = (
  client: QueryClient,
  area: NotificationArea,
  signal: AbortSignal,
): Promise<NotificationCounts | null> =>
  api<NotificationCountsResponse>(NOTIFICATIONS_API.counts, { area, signal }).then(
    (answer) => answer.Data,
    (err: unknown) => {
      console.warn('notification counts', err);
      return client.getQueryData<NotificationCounts>(countsQueryKey(area)) ?? null;
    },
  );

/** Marks a category read: its count drops to 0 at once, and the server is told. */
export const markReadOptions = (client: QueryClient, area: NotificationArea) => ({
  mutationFn: (type: NotificationTypeName) =>
    api<unknown>(NOTIFICATIONS_API.read, { method: 'POST', body: { type }, area }),
  onMutate: (type: NotificationTypeName) =>
    client.setQueryData<NotificationCounts | null>(
      countsQueryKey(area),
      (current) => current && { ...current, [type]: 0 },
    ),
  // Spec §8: only logged.
  onError: (err: unknown) => console.warn('mark notifications read', err),
});

/**
 * A page of a category opened outside the shell (a lesson from a notification's link): the
 * category is marked read, as the shell marks it on any of its pages, when it has unread items.
 * The counts are those the shell read a moment ago if there are any, else read once.
 */
export function useMarkReadOnVisit(type: NotificationTypeName, area: NotificationArea = 'student'): void {
  const client = useQueryClient();
  const counts = useQuery({
    queryKey: countsQueryKey(area),
    queryFn: ({ signal }) => readCounts(client, area, signal),
    staleTime: 5_000,
  });
  const { mutate } = useMutation(markReadOptions(client, area));
  const unread = (counts.data?.[type] ?? 0) > 0;
  useEffect(() => {
    if (unread) mutate(type);
  }, [unread, type, mutate]);
}
