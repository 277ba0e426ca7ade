import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import { Navigate, Link as RouterLink } from 'react-router';
import { FormCard, PublicLayout } from '../../components/PublicLayout';
import { ForgotPasswordForm } from '../../features/auth/components/ForgotPasswordForm';
import { useLinkedResetMode } from '../../features/auth/hooks/useLinkedResetMode';
import { useT } from '../../i18n/useT';
import { signInPathOfMode } from '../../lib/areas';
import { useAppState } from '../../lib/session';

/**
 * /forgotPassword?usermode=…: reached from a sign-in page, whose link names the user mode (so a tap the
 * browser follows before the page's script runs still arrives with it); the mode is kept in the app
 * state for the reset that follows. Without one, back to /.
 */
export default function ForgotPasswordPage() {
  const t = useT();
  const storedMode = useAppState((s) => s.userMode);
  const userMode = useLinkedResetMode() ?? storedMode;

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
