import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { PasswordInput } from '../../../components/form/PasswordInput';
import { SubmitButton } from '../../../components/form/SubmitButton';
import { NewPasswordFields, useNewPassword } from '../../../components/forms/NewPasswordFields';
import { useT } from '../../../i18n/useT';
import { ApiError } from '../../../lib/api';
import { AREAS, type AreaId } from '../../../lib/areas';
import { notify } from '../../../lib/notify';
import { useDocumentTitle } from '../../../lib/useDocumentTitle';
import { useChangePassword } from '../api/change-password';

/**
 * /<area>/changepassword, in every area: the current password, the new one twice. The server
 * enforces the rule (length, not a common password, not the current one) and keeps this session
 * while ending the user's others. `onChanged` lets the area refresh what depends on it (the
 * applicant's 'Welcome!' dialog); then the user goes to the area's dashboard.
 */
export default function ChangePasswordScreen({
  area,
  onChanged,
}: {
  area: AreaId;
  onChanged?: () => void | Promise<unknown>;
}) {
  const t = useT();
  const navigate = useNavigate();
  const change = useChangePassword(area);
  const [current, setCurrent] = useState('');
  const [currentError, setCurrentError] = useState<string>();
  const newPassword = useNewPassword();
  useDocumentTitle(`${t('nav.changePassword')} · ${t('portal.name')}`);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setCurrentError(current ? undefined : t('password.required'));
    if (!newPassword.check(!current)) return;

    change.mutate(
      { currentPassword: current, newPassword: newPassword.password },
      {
        onSuccess: async (answer) => {
          setCurrent('');
          newPassword.clear();
          await onChanged?.();
          // On the dashboard, where the user now is: a notice belongs to the page it is raised on.
          navigate(AREAS[area].dashboardPath);
          notify.success(answer.Message);
        },
        onError: (error) =>
          notify.error(error instanceof ApiError && error.message ? error.message : t('error.generic')),
      },
    );
  };

  return (
    <>
      <Typography component="h1" variant="h5" sx={{ fontWeight: 600, mb: 2 }}>
        {t('nav.changePassword')}
      </Typography>
      <Card variant="outlined" sx={{ maxWidth: 560 }}>
        <CardContent>
          <Typography color="text.secondary">{t('password.hint')}</Typography>
          <Box component="form" noValidate onSubmit={submit}>
            <PasswordInput
              id="change-current-password"
              name="current-password"
              label={t('account.currentPassword')}
              autoComplete="current-password"
              required
              value={current}
              onChange={(event) => setCurrent(event.target.value)}
              error={!!currentError}
              helperText={currentError}
            />
            <NewPasswordFields
              state={newPassword}
              ids={{ password: 'change-new-password', confirmation: 'change-confirm-password' }}
              names={{ password: 'new-password', confirmation: 'confirm-password' }}
            />
            <SubmitButton pending={change.isPending} label={t('nav.changePassword')} />
          </Box>
        </CardContent>
      </Card>
    </>
  );
}
