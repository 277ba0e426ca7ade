import {
  NOTIFICATION_TYPE_NAMES,
  NOTIFICATION_TYPES,
  NOTIFICATIONS_API,
  NOTIFICATIONS_LATEST,
  STUDENT_PAGES,
  type NotificationCounts,
  type NotificationListResponse,
  type NotificationTypeName,
} from '@portal/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { useLocation } from 'react-router';
import type { MessageId } from '../../i18n/locales';
import { api } from '../../lib/api';
import { isActive } from './nav';
import type { LatestNotification, NotificationItem } from './NotificationsMenu';
import { countsQueryKey, markReadOptions, readCounts, type NotificationArea } from './notificationsRead';

/**
 * How often the counts are read again while the page is open: new items (from any process) show
 * within 5 s without a reload. Each read is one indexed statement on the server.
 */
const REFRESH_MS = 4_000;

interface Listed {
  name: NotificationTypeName;
  label: MessageId;
  /** The menu item that shows the category and, opened, marks it read. */
  path: string;
}

/** Each category's name in the student's menu (every type must have one). */
const STUDENT_LABELS: Record<NotificationTypeName, MessageId> = {
  lectureNotes: 'student.nav.lectureNotes',
  assignments: 'student.nav.assignment',
  liveClassRoom: 'student.nav.liveClasses',
  learningDiscussion: 'student.nav.discussion',
  announcements: 'student.notifications.announcements',
  exams: 'student.nav.exams',
};

/** The student page a category's menu item opens ('/student/exams' → 'exams'). */
const pageOf = (name: NotificationTypeName) => NOTIFICATION_TYPES[name].path.split('/').pop()!;
/** The student pages that are built (the dashboard, where announcements show, among them). */
const STUDENT_PAGE_NAMES = new Set<string>(['dashboard', ...STUDENT_PAGES.map((p) => p.Page)]);

/**
 * The categories the header's menu lists: those whose page is built (the others come with their
 * issues). Staff and applicants are told of announcements only, shown on their dashboard.
 */
function listedIn(area: NotificationArea): readonly Listed[] {
  if (area !== 'student')
    return [{ name: 'announcements', label: 'shell.announcements', path: `/${area}/dashboard` }];
  return NOTIFICATION_TYPE_NAMES.filter((name) => STUDENT_PAGE_NAMES.has(pageOf(name))).map((name) => ({
    name,
    label: STUDENT_LABELS[name],
    path: NOTIFICATION_TYPES[name].path,
  }));
}

/**
 * The user's unread notifications per category (spec §5, types of §9): the counts for the
 * sidebar and the header's menu. Opening a category's menu item (its page) marks that category
 * read: its count drops to 0 at once, and the server is told.
 */
export function useNotificationCounts(area: NotificationArea = 'student'): {
  counts: Partial<NotificationCounts>;
  notifications: NotificationItem[];
  latest: LatestNotification[];
} {
  const client = useQueryClient();
  const { pathname } = useLocation();
  const listed = useMemo(() => listedIn(area), [area]);
  const counts = useQuery({
    queryKey: countsQueryKey(area),
    queryFn: ({ signal }) => readCounts(client, area, signal),
    refetchInterval: REFRESH_MS,
    staleTime: 0,
  });
  const data = counts.data ?? undefined;
  const total = data ? Object.values(data).reduce((a, b) => a + b, 0) : 0;
  // The newest items, read again only when the total changes (not on every poll).
  const latestQuery = useQuery({
    queryKey: ['notifications', 'latest', area, total],
    enabled: data !== undefined,
    queryFn: ({ signal }) =>
      api<NotificationListResponse>(NOTIFICATIONS_API.list, {
        area,
        signal,
        query: { pageSize: NOTIFICATIONS_LATEST },
      }).then(
        (answer) => answer.Data,
        (err: unknown) => {
          console.warn('notifications', err);
          return [];
        },
      ),
    placeholderData: (previous) => previous,
  });
  const markRead = useMutation(markReadOptions(client, area));

  const path = pathname.replace(/^\/portal/i, '');
  const menuItems: readonly Listed[] =
    area === 'student'
      ? (Object.keys(NOTIFICATION_TYPES) as NotificationTypeName[]).map((name) => ({
          name,
          label: 'shell.announcements',
          path: NOTIFICATION_TYPES[name].path,
        }))
      : listed;
  const opened = menuItems.find(
    ({ name, path: itemPath }) => (data?.[name] ?? 0) > 0 && isActive(itemPath, path),
  )?.name;
  const { mutate } = markRead;
  useEffect(() => {
    if (opened) mutate(opened);
  }, [opened, mutate]);

  const notifications = useMemo(
    () =>
      listed.map(({ name, label, path: to }) => ({
        key: name,
        label,
        count: data?.[name] ?? 0,
        to,
      })),
    [data, listed],
  );
  const latest = useMemo(
    () =>
      (latestQuery.data ?? []).map((item) => ({
        key: String(item.Id),
        title: item.Title,
        // An announcement to everyone links the students' dashboard: others open their own.
        to: area !== 'student' && item.TypeName === 'announcements' ? `/${area}/dashboard` : item.Link,
        unread: item.ReadAt === null,
      })),
    [latestQuery.data, area],
  );
  return { counts: data ?? {}, notifications, latest };
}
