import { useEffect, useRef, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import type { AreaId } from '../lib/areas';
import { dropUser, isTokenLive, tokenExpiry, useSessionArea, useSessionUser } from '../lib/session';

/** setTimeout cannot wait longer than about 24.8 days. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/**
 * Guards a protected area: without a live token the user goes to the area's sign-in page, which
 * brings them back here afterwards. An expired token is a sign-out, also when it expires while
 * the page is open. The /app pages also open with an admin's session (see `sessionArea`); when
 * that session ends, the admin's sign-in page is the one to go back through.
 */
export function RequireUser({ area, children }: { area: AreaId; children: ReactNode }) {
  const session = useSessionArea(area);
  const { userKind } = session;
  const user = useSessionUser(userKind);
  const location = useLocation();
  const live = !!user && isTokenLive(user.token);
  const lastSession = useRef(session);
  useEffect(() => {
    if (live) lastSession.current = session;
  }, [live, session]);

  useEffect(() => {
    if (!user) return;
    const remaining = (tokenExpiry(user.token) ?? 0) * 1000 - Date.now();
    if (remaining <= 0) return dropUser(userKind);
    const timer = setTimeout(() => dropUser(userKind), Math.min(remaining, MAX_TIMER_MS));
    return () => clearTimeout(timer);
  }, [user, userKind]);

  if (!live) {
    return (
      <Navigate
        to={lastSession.current.signInPath}
        replace
        state={{ from: `${location.pathname}${location.search}${location.hash}` }}
      />
    );
  }
  return children;
}
