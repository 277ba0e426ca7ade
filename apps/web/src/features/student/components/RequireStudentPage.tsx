import type { ReactNode } from 'react';
import { useAppState } from '../../../lib/session';
import UnauthorizedScreen from './UnauthorizedScreen';

/** Shows a student page only when it is in the student's RoleData; otherwise 'unauthorized'. */
export function RequireStudentPage({ page, children }: { page: string; children: ReactNode }) {
  const allowed = useAppState((s) => s.studentPages.some((p) => p.Page.toLowerCase() === page.toLowerCase()));
  return allowed ? children : <UnauthorizedScreen />;
}

/** Whether a student page is in the student's RoleData (the sidebar shows only those). */
export const useStudentPages = () => useAppState((s) => s.studentPages);
