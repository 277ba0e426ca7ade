import {
  NOTIFICATION_TYPES,
  NOTIFICATIONS_API,
  type NotificationCounts,
  type NotificationCountsResponse,
  type NotificationListResponse,
  type NotificationTypeName,
} from '@portal/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { useLocation } from 'react-router';
import type { MessageId } from '../../i18n/locales';
import { useT } from '../../i18n/useT';
import { api } from '../../lib/api';
import { isActive } from './nav';
import type { LatestNotification, NotificationItem } from './NotificationsMenu';

const COUNTS_KEY = ['notifications', 'counts'];
/**
 * How often the counts are read again while the page is open: new items (from any process) show
 * within 5 s without a reload. Each read is one indexed statement on the server.
 */
const REFRESH_MS = 4_000;
/** The newest items the header's bell lists. */
const LATEST = 6;

/** The categories the header's menu lists: those whose page is built (the others come with their issues). */
const LISTED: readonly { name: NotificationTypeName; label: MessageId }[] = [
  { name: 'lectureNotes', label: 'student.nav.lectureNotes' },
  { name: 'learningDiscussion', label: 'student.nav.discussion' },
  { name: 'announcements', label: 'student.notifications.announcements' },
];

/**
 * The student's unread notifications per category (spec §5, types of §9): the counts for the
 * sidebar and the header's menu. Opening a category's menu item (its page) marks that category
 * read: its count drops to 0 at once, and the server is told.
 */
export function useNotificationCounts(): {
  counts: Partial<NotificationCounts>;
  notifications: NotificationItem[];
  latest: LatestNotification[];
} {
  const t = useT();
  const client = useQueryClient();
  const { pathname } = useLocation();
  const counts = useQuery({
    queryKey: COUNTS_KEY,
    queryFn: ({ signal }) =>
      api<NotificationCountsResponse>(NOTIFICATIONS_API.counts, { area: 'student', signal }).then(
        (answer) => answer.Data,
        (err: unknown) => {
          // Spec §8: a failed read is only logged; the counts shown stay as they were.
          console.warn('notification counts', err);
          return client.getQueryData<NotificationCounts>(COUNTS_KEY) ?? null;
        },
      ),
    refetchInterval: REFRESH_MS,
    staleTime: 0,
  });
  const data = counts.data ?? undefined;
  const total = data ? Object.values(data).reduce((a, b) => a + b, 0) : 0;
  // The newest items, read again only when the total changes (not on every poll).
  const latestQuery = useQuery({
    queryKey: ['notifications', 'latest', total],
    enabled: data !== undefined,
    queryFn: ({ signal }) =>
      api<NotificationListResponse>(NOTIFICATIONS_API.list, {
        area: 'student',
        signal,
        query: { pageSize: LATEST },
      }).then(
        (answer) => answer.Data,
        (err: unknown) => {
          console.warn('notifications', err);
          return [];
        },
      ),
    placeholderData: (previous) => previous,
  });
  const markRead = useMutation({
    mutationFn: (type: NotificationTypeName) =>
      api<unknown>(NOTIFICATIONS_API.read, { method: 'POST', body: { type }, area: 'student' }),
    onMutate: (type) =>
      client.setQueryData<NotificationCounts>(COUNTS_KEY, (current) => current && { ...current, [type]: 0 }),
    // Spec §8: only logged.
    onError: (err) => console.warn('mark notifications read', err),
  });

  const path = pathname.replace(/^\/portal/i, '');
  const opened = (Object.keys(NOTIFICATION_TYPES) as NotificationTypeName[]).find(
    (name) => (data?.[name] ?? 0) > 0 && isActive(NOTIFICATION_TYPES[name].path, path),
  );
  const { mutate } = markRead;
  useEffect(() => {
    if (opened) mutate(opened);
  }, [opened, mutate]);

  const notifications = useMemo(
    () =>
      LISTED.map(({ name, label }) => ({
        key: name,
        label: t(label),
        count: data?.[name] ?? 0,
        to: NOTIFICATION_TYPES[name].path,
      })),
    [data, t],
  );
  const latest = useMemo(
    () =>
      (latestQuery.data ?? []).map((item) => ({
        key: String(item.Id),
        title: item.Title,
        to: item.Link,
        unread: item.ReadAt === null,
      })),
    [latestQuery.data],
  );
  return { counts: data ?? {}, notifications, latest };
}
