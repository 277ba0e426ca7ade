import type { ReactNode } from 'react';
import { useParams } from 'react-router';
import { NotFound } from '../../../components/NotFound';
import { ContentMessages } from './ContentMessages';

/** A positive whole number from the address, else null. */
export const idParam = (value: string | undefined): number | null =>
  value && /^\d{1,9}$/.test(value) && Number(value) > 0 ? Number(value) : null;

export interface Offering {
  courseId: number;
  sessionId: number;
}

/**
 * A course-content page addressed by its offering (`:courseId/:sessionId`): the page with the
 * content strings, or the not-found page (linking back to `home`) when the address names none.
 */
export function OfferingRoute({
  home,
  children,
}: {
  home: string;
  children: (offering: Offering) => ReactNode;
}) {
  const params = useParams();
  const courseId = idParam(params.courseId);
  const sessionId = idParam(params.sessionId);
  return (
    <ContentMessages>
      {courseId && sessionId ? children({ courseId, sessionId }) : <NotFound homePath={home} />}
    </ContentMessages>
  );
}
