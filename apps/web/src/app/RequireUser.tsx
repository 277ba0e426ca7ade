import { useEffect, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { AREAS, type AreaId } from '../lib/areas';
import { dropUser, isTokenLive, tokenExpiry, useSessionUser } from '../lib/session';

/** setTimeout cannot wait longer than about 24.8 days. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/**
 * Guards a protected area: without a live token the user goes to the area's sign-in page, which
 * brings them back here afterwards. An expired token is a sign-out, also when it expires while
 * the page is open.
 */
export function RequireUser({ area, children }: { area: AreaId; children: ReactNode }) {
  const { userKind, signInPath } = AREAS[area];
  const user = useSessionUser(userKind);
  const location = useLocation();
  const live = !!user && isTokenLive(user.token);

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
        to={signInPath}
        replace
        state={{ from: `${location.pathname}${location.search}${location.hash}` }}
      />
    );
  }
  return children;
}
