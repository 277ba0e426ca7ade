import { EMAIL_PATTERN } from '../../../lib/validation';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import { useEffect, useState, type FormEvent } from 'react';
import { Link as RouterLink } from 'react-router';
import { PasswordInput } from '../../../components/form/PasswordInput';
import { SubmitButton } from '../../../components/form/SubmitButton';
import { TextInput } from '../../../components/form/TextInput';
import { preloadNotifications } from '../../../components/NotificationHost';
import type { MessageId } from '../../../i18n/locales';
import { useT } from '../../../i18n/useT';
import { ApiError } from '../../../lib/api';
import { AREAS, type AreaId } from '../../../lib/areas';
import { notify } from '../../../lib/notify';
import { fetchActiveSessions, SessionsUnavailableError, signIn } from '../api/sign-in';

interface SignInCopy {
  title: MessageId;
  subtitle?: MessageId;
  identifier: MessageId;
  /** Admins sign in with an e-mail address; applicants and students with free text. */
  identifierType: 'email' | 'text';
  /** The link to the password reset, worded per page. */
  help: MessageId;
}

/** The wording of each area's sign-in page (spec section 2). */
export const SIGN_IN_COPY: Record<AreaId, SignInCopy> = {
  applicant: {
    title: 'signin.applicant.title',
    identifier: 'signin.applicant.identifier',
    identifierType: 'text',
    help: 'signin.forgotPassword',
  },
  admin: {
    title: 'signin.admin.title',
    subtitle: 'signin.admin.subtitle',
    identifier: 'signin.email',
    identifierType: 'email',
    help: 'signin.forgotPassword',
  },
  student: {
    title: 'signin.student.title',
    identifier: 'signin.student.identifier',
    identifierType: 'text',
    help: 'signin.retrieveDetails',
  },
  app: {
    title: 'signin.app.title',
    identifier: 'signin.email',
    identifierType: 'email',
    help: 'signin.forgotPassword',
  },
};

/**
 * The one sign-in form of every area, parameterised by the area. On success the user is kept
 * (see sign-in.ts) and the page moves on; on failure the server's message is shown.
 */
export function SignInForm({ area }: { area: AreaId }) {
  const t = useT();
  const copy = SIGN_IN_COPY[area];
  const [pending, setPending] = useState(false);
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<{ username?: string; password?: string }>({});

  // Ask for the active session while the user types, so submitting costs one round trip.
  useEffect(() => {
    fetchActiveSessions().catch(() => undefined);
  }, []);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found: typeof errors = {};
    if (!username.trim()) found.username = t('form.required', { field: t(copy.identifier) });
    else if (copy.identifierType === 'email' && !EMAIL_PATTERN.test(username.trim()))
      found.username = t('email.invalid');
    if (!password) found.password = t('signin.passwordRequired');
    setErrors(found);
    if (found.username || found.password) return;

    preloadNotifications();
    setPending(true);
    try {
      await signIn({ area, username, password });
      // Signed in: the page now sees the user and moves on.
    } catch (error) {
      setPending(false);
      if (error instanceof SessionsUnavailableError) notify.error(t('error.fetchingApi'));
      else notify.error(error instanceof ApiError && error.message ? error.message : t('error.generic'));
    }
  };

  return (
    <Box component="form" noValidate onSubmit={submit} sx={{ mt: 1 }}>
      <TextInput
        id="signin-username"
        name="username"
        label={t(copy.identifier)}
        type={copy.identifierType}
        inputMode={copy.identifierType === 'email' ? 'email' : 'text'}
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        required
        value={username}
        onChange={(event) => setUsername(event.target.value)}
        error={!!errors.username}
        helperText={errors.username}
      />
      <PasswordInput
        id="signin-password"
        name="password"
        label={t('signin.password')}
        autoComplete="current-password"
        required
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        error={!!errors.password}
        helperText={errors.password}
      />
      <SubmitButton pending={pending} label={t('signin.submit')} />
      <Box sx={{ mt: 2, textAlign: 'center' }}>
        <Link
          component={RouterLink}
          to={`/forgotPassword?usermode=${AREAS[area].userMode}`}
          sx={{ display: 'inline-block', py: 1 }}
        >
          {t(copy.help)}
        </Link>
      </Box>
    </Box>
  );
}
