import { EMAIL_PATTERN } from '../../../lib/validation';
import Box from '@mui/material/Box';
import { useState, type FormEvent } from 'react';
import { SubmitButton } from '../../../components/form/SubmitButton';
import { TextInput } from '../../../components/form/TextInput';
import { preloadNotifications } from '../../../components/NotificationHost';
import { useT } from '../../../i18n/useT';
import { notify } from '../../../lib/notify';
import type { ResetUserMode } from '../../../lib/session';
import { resetLinkBase, useForgotPassword } from '../api/forgot-password';
import { notifyResetError } from './notifyResetError';

/** Step 1 of the reset: the registered e-mail, checked as it is typed (green when valid, red when not). */
export function ForgotPasswordForm({ userMode }: { userMode: ResetUserMode }) {
  const t = useT();
  const forgotPassword = useForgotPassword();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string>();
  const trimmed = email.trim();
  const valid = EMAIL_PATTERN.test(trimmed);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!trimmed) return setError(t('email.required'));
    if (!valid) {
      setError(t('email.invalid'));
      return notify.warning(t('email.invalid'));
    }
    setError(undefined);
    preloadNotifications();
    forgotPassword.mutate(
      { step: 1, email: trimmed, userMode, resetLink: resetLinkBase() },
      {
        onSuccess: (answer) => notify.success(answer.Message),
        onError: (failure) => notifyResetError(failure, t),
      },
    );
  };

  return (
    <Box component="form" noValidate onSubmit={submit} sx={{ mt: 1 }}>
      <TextInput
        id="forgot-email"
        name="email"
        type="email"
        inputMode="email"
        autoComplete="email"
        label={t('signin.email')}
        required
        value={email}
        onChange={(event) => setEmail(event.target.value)}
        error={!!error}
        helperText={error}
        sx={{ '& input': { color: trimmed ? (valid ? 'success.main' : 'error.main') : undefined } }}
      />
      <SubmitButton pending={forgotPassword.isPending} label={t('forgot.submit')} />
    </Box>
  );
}
