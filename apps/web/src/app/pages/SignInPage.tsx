import { Navigate, useLocation } from 'react-router';
import { FormCard, PublicLayout } from '../../components/PublicLayout';
import { SIGN_IN_COPY, SignInForm } from '../../features/auth/components/SignInForm';
import { useT } from '../../i18n/useT';
import { AREAS, areaOfPath, type AreaId } from '../../lib/areas';
import { isTokenLive, opensArea, useSessionUser } from '../../lib/session';

/** The page a guard sent the user from, if signing in here opens it (see RequireUser). */
function returnPath(state: unknown, area: AreaId): string | null {
  const from = (state as { from?: unknown } | null)?.from;
  return typeof from === 'string' && from.startsWith('/') && opensArea(area, areaOfPath(from)) ? from : null;
}

/**
 * /ApplicantSignin, /AdminSignin, /StudentSignin and /signin. A signed-in user goes straight on:
 * back to the page they were sent from, or to their dashboard.
 */
export default function SignInPage({ area }: { area: AreaId }) {
  const t = useT();
  const location = useLocation();
  const user = useSessionUser(AREAS[area].userKind);
  const copy = SIGN_IN_COPY[area];

  if (user && isTokenLive(user.token)) {
    return <Navigate to={returnPath(location.state, area) ?? AREAS[area].dashboardPath} replace />;
  }
  return (
    <PublicLayout title={t(copy.title)}>
      <FormCard title={t(copy.title)} subtitle={copy.subtitle && t(copy.subtitle)}>
        <SignInForm area={area} />
      </FormCard>
    </PublicLayout>
  );
}
