import { STUDENT_API, type PageEntry } from '@portal/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api } from '../../../lib/api';
import { appStateStore, useAppState } from '../../../lib/session';

/** GET /api/student/pages: the student's RoleData as it stands now. */
export const studentPagesOptions = () =>
  queryOptions({
    queryKey: ['student', 'pages'],
    queryFn: ({ signal }) =>
      api<{ Status: string; Data: PageEntry[] }>(STUDENT_API.pages, { area: 'student', signal }),
  });

const samePages = (a: readonly PageEntry[], b: readonly PageEntry[]) =>
  a.length === b.length && a.every((p, i) => p.Page === b[i]?.Page);

/**
 * The student's pages: those of the sign-in answer (kept in the app state), brought up to date
 * from the server once per visit (a student matriculated since signing in gains Matriculation).
 * `settled` is false until the server has answered (or failed).
 */
export function useLiveStudentPages(): { pages: PageEntry[]; settled: boolean } {
  const stored = useAppState((s) => s.studentPages);
  const query = useQuery(studentPagesOptions());
  const fresh = query.data?.Data;
  useEffect(() => {
    if (fresh && !samePages(fresh, appStateStore.get().studentPages))
      appStateStore.set({ studentPages: fresh });
  }, [fresh]);
  return { pages: fresh ?? stored, settled: !query.isPending };
}
