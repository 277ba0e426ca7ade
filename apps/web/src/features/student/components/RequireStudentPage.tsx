import type { ReactNode } from 'react';
import { useLiveStudentPages } from '../api/pages';
import { LoadingBlock } from '../../../components/LoadState';
import UnauthorizedScreen from './UnauthorizedScreen';

/** Shows a student page only when it is in the student's RoleData; otherwise 'unauthorized'. */
export function RequireStudentPage({ page, children }: { page: string; children: ReactNode }) {
  const { pages, settled } = useLiveStudentPages();
  if (pages.some((p) => p.Page.toLowerCase() === page.toLowerCase())) return children;
  return settled ? <UnauthorizedScreen /> : <LoadingBlock />;
}

/** The student's pages (RoleData, kept current): the sidebar shows only these. */
export const useStudentPages = () => useLiveStudentPages().pages;
