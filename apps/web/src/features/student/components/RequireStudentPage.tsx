import type { ReactNode } from 'react';
import { useLiveStudentPages } from '../api/pages';
import { LoadingBlock } from '../../../components/LoadState';
import UnauthorizedScreen from './UnauthorizedScreen';

/**
 * Shows a student page only when it is in the student's RoleData; otherwise 'unauthorized' (the
 * area's screen unless the page gives its own: a page outside the area's frame wraps it in the
 * area's strings).
 */
export function RequireStudentPage({
  page,
  children,
  unauthorized = <UnauthorizedScreen />,
}: {
  page: string;
  children: ReactNode;
  unauthorized?: ReactNode;
}) {
  const { pages, settled } = useLiveStudentPages();
  if (pages.some((p) => p.Page.toLowerCase() === page.toLowerCase())) return children;
  return settled ? unauthorized : <LoadingBlock />;
}

/** The student's pages (RoleData, kept current): the sidebar shows only these. */
export const useStudentPages = () => useLiveStudentPages().pages;
