import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { FormCard, PublicLayout } from '../../components/PublicLayout';
import { ResetPasswordForm } from '../../features/auth/components/ResetPasswordForm';
import { useLinkedResetMode } from '../../features/auth/hooks/useLinkedResetMode';
import { useT } from '../../i18n/useT';
import { signInPathOfMode } from '../../lib/areas';
import { queryParam } from '../../lib/query';

/**
 * /ConfirmNewPassword?id={code}&usermode={Applicant|Student|Staff|Admin}, the e-mailed link. The link
 * names the user mode, so opening it in a fresh browser works; without both parameters, back to /.
 */
export default function ConfirmNewPasswordPage() {
  const t = useT();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const code = queryParam(params, 'id');
  const userMode = useLinkedResetMode();

  if (!code || !userMode) return <Navigate to="/" replace />;
  return (
    <PublicLayout title={t('reset.title')}>
      <FormCard title={t('reset.title')}>
        <ResetPasswordForm
          code={code}
          userMode={userMode}
          onReset={() => navigate(signInPathOfMode(userMode) ?? '/', { replace: true })}
        />
      </FormCard>
    </PublicLayout>
  );
}
