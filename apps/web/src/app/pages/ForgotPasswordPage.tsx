import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import { Navigate, Link as RouterLink } from 'react-router';
import { FormCard, PublicLayout } from '../../components/PublicLayout';
import { ForgotPasswordForm } from '../../features/auth/components/ForgotPasswordForm';
import { useT } from '../../i18n/useT';
import { signInPathOfMode } from '../../lib/areas';
import { useAppState } from '../../lib/session';

/** /forgotPassword: reached from a sign-in page, which sets the user mode; without one, back to /. */
export default function ForgotPasswordPage() {
  const t = useT();
  const userMode = useAppState((s) => s.userMode);
  if (!userMode) return <Navigate to="/" replace />;
  return (
    <PublicLayout title={t('forgot.title')}>
      <FormCard title={t('forgot.title')} subtitle={t('forgot.subtitle')}>
        <ForgotPasswordForm userMode={userMode} />
        <Box sx={{ mt: 2, textAlign: 'center' }}>
          <Link
            component={RouterLink}
            to={signInPathOfMode(userMode) ?? '/'}
            sx={{ display: 'inline-block', py: 1 }}
          >
            {t('forgot.backToSignIn')}
          </Link>
        </Box>
      </FormCard>
    </PublicLayout>
  );
}
