import { passwordLengthOk } from '../../../lib/validation';
import Box from '@mui/material/Box';
import { useState, type FormEvent } from 'react';
import { PasswordInput } from '../../../components/form/PasswordInput';
import { SubmitButton } from '../../../components/form/SubmitButton';
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
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [errors, setErrors] = useState<{ password?: string; confirmation?: string }>({});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!password) return setErrors({ password: t('password.required') });
    if (!passwordLengthOk(password)) {
      setPassword('');
      setConfirmation('');
      setErrors({});
      return notify.warning(t('password.rule'));
    }
    if (confirmation !== password) return setErrors({ confirmation: t('password.mismatch') });
    setErrors({});
    preloadNotifications();
    forgotPassword.mutate(
      { step: 2, code, userMode, password },
      {
        onSuccess: (answer) => {
          notify.success(answer.Message);
          onReset();
        },
        onError: (failure) => notifyResetError(failure, t),
      },
    );
  };

  return (
    <Box component="form" noValidate onSubmit={submit} sx={{ mt: 1 }}>
      <PasswordInput
        id="reset-password"
        name="password"
        label={t('password.new')}
        autoComplete="new-password"
        required
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        error={!!errors.password}
        helperText={errors.password ?? t('password.hint')}
      />
      <PasswordInput
        id="reset-confirmation"
        name="confirmation"
        label={t('password.confirm')}
        autoComplete="new-password"
        required
        value={confirmation}
        onChange={(event) => setConfirmation(event.target.value)}
        error={!!errors.confirmation}
        helperText={errors.confirmation}
      />
      <SubmitButton pending={forgotPassword.isPending} label={t('reset.submit')} />
    </Box>
  );
}
