import Box from '@mui/material/Box';
import type { FormEvent } from 'react';
import { SubmitButton } from '../../../components/form/SubmitButton';
import { NewPasswordFields, useNewPassword } from '../../../components/forms/NewPasswordFields';
import { preloadNotifications } from '../../../components/NotificationHost';
import { useT } from '../../../i18n/useT';
import { notify } from '../../../lib/notify';
import type { ResetUserMode } from '../../../lib/session';
import { useForgotPassword } from '../api/forgot-password';
import { notifyResetError } from './notifyResetError';

/**
 * Step 2 of the reset: the new password twice, with the e-mailed code. The server enforces the
 * length (and refuses common passwords); the composition hint is advice, as the spec words it.
 */
export function ResetPasswordForm({
  code,
  userMode,
  onReset,
}: {
  code: string;
  userMode: ResetUserMode;
  onReset: () => void;
}) {
  const t = useT();
  const forgotPassword = useForgotPassword();
  const newPassword = useNewPassword();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!newPassword.check()) return;
    preloadNotifications();
    forgotPassword.mutate(
      { step: 2, code, userMode, password: newPassword.password },
      {
        onSuccess: (answer) => {
          // Raised on the sign-in page the user is sent to, so it is seen there.
          onReset();
          notify.success(answer.Message);
        },
        onError: (failure) => notifyResetError(failure, t),
      },
    );
  };

  return (
    <Box component="form" noValidate onSubmit={submit} sx={{ mt: 1 }}>
      <NewPasswordFields
        state={newPassword}
        ids={{ password: 'reset-password', confirmation: 'reset-confirmation' }}
        names={{ password: 'password', confirmation: 'confirmation' }}
        hint={t('password.hint')}
      />
      <SubmitButton pending={forgotPassword.isPending} label={t('reset.submit')} />
    </Box>
  );
}
