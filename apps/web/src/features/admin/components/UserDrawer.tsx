import Close from '@mui/icons-material/Close';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import Drawer from '@mui/material/Drawer';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormLabel from '@mui/material/FormLabel';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { EMAIL_PATTERN, type AdminUserItem } from '@portal/contracts';
import { useId, useState, type FormEvent } from 'react';
import { CancelAndConfirm } from '../../../components/crud/CancelAndConfirm';
import { serverMessage } from '../../../components/crud/errors';
import { toggled } from '../../../components/crud/toggled';
import { useT } from '../../../i18n/useT';
import { STATUS_OK } from '../../../lib/api';
import { notify } from '../../../lib/notify';
import { useRoles } from '../api/get-roles';
import { useSaveUser } from '../api/save-user';

/** The add and edit drawers of an admin user: names, e-mail, roles and (editing) whether active. */
export function UserDrawer({
  open,
  user,
  onClose,
}: {
  open: boolean;
  user: AdminUserItem | null;
  onClose: () => void;
}) {
  const t = useT();
  const id = useId();
  const roles = useRoles();
  const save = useSaveUser();
  const [email, setEmail] = useState(user?.Email ?? '');
  const [firstName, setFirstName] = useState(user?.FirstName ?? '');
  const [lastName, setLastName] = useState(user?.LastName ?? '');
  const [active, setActive] = useState(user?.IsActive ?? true);
  const [roleIds, setRoleIds] = useState<Set<number>>(() => new Set(user?.Roles.map((r) => r.RoleId) ?? []));
  const [errors, setErrors] = useState<Record<string, string | null>>({});
  const roleList = roles.data?.Status === STATUS_OK ? roles.data.Data : [];

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = {
      email: !email.trim()
        ? t('crud.required', { field: t('admin.users.email') })
        : EMAIL_PATTERN.test(email.trim())
          ? null
          : t('email.invalid'),
      firstName: firstName.trim() ? null : t('crud.required', { field: t('admin.users.firstName') }),
      lastName: lastName.trim() ? null : t('crud.required', { field: t('admin.users.lastName') }),
    };
    setErrors(found);
    if (Object.values(found).some(Boolean)) return;
    save.mutate(
      {
        UserId: user?.UserId,
        Email: email.trim(),
        FirstName: firstName.trim(),
        LastName: lastName.trim(),
        RoleIds: [...roleIds],
        IsActive: user ? active : undefined,
      },
      {
        onSuccess: () => {
          notify.success(t(user ? 'admin.users.updated' : 'admin.users.added'));
          onClose();
        },
        onError: (error) => {
          const title = t(user ? 'admin.users.updateFailed' : 'admin.users.addFailed');
          const reason = serverMessage(error);
          if (reason) notify.error(reason, title);
          else notify.error(title);
        },
      },
    );
  };

  return (
    <Drawer
      anchor="right"
      open={open}
      onClose={save.isPending ? undefined : onClose}
      slotProps={{ paper: { sx: { width: { xs: '100%', sm: 440 } }, 'aria-labelledby': `${id}-title` } }}
    >
      <Box
        component="form"
        onSubmit={submit}
        noValidate
        sx={{ p: 2, display: 'flex', flexDirection: 'column', minHeight: '100%' }}
      >
        <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1 }}>
          <Typography id={`${id}-title`} component="h2" variant="h6">
            {user ? t('admin.users.editTitle') : t('admin.users.add')}
          </Typography>
          <IconButton aria-label={t('common.close')} onClick={onClose} disabled={save.isPending}>
            <Close />
          </IconButton>
        </Stack>
        {!user && (
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            {t('admin.users.passwordMailed')}
          </Typography>
        )}
        <TextField
          label={t('admin.users.email')}
          type="email"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          required
          fullWidth
          margin="dense"
          error={!!errors.email}
          helperText={errors.email}
          autoComplete="off"
        />
        <TextField
          label={t('admin.users.firstName')}
          value={firstName}
          onChange={(event) => setFirstName(event.target.value)}
          required
          fullWidth
          margin="dense"
          error={!!errors.firstName}
          helperText={errors.firstName}
          slotProps={{ htmlInput: { maxLength: 80 } }}
        />
        <TextField
          label={t('admin.users.lastName')}
          value={lastName}
          onChange={(event) => setLastName(event.target.value)}
          required
          fullWidth
          margin="dense"
          error={!!errors.lastName}
          helperText={errors.lastName}
          slotProps={{ htmlInput: { maxLength: 80 } }}
        />
        {user && (
          <FormControlLabel
            control={<Switch checked={active} onChange={(event) => setActive(event.target.checked)} />}
            label={t('admin.users.active')}
          />
        )}
        <FormLabel component="legend" sx={{ mt: 2 }} id={`${id}-roles`}>
          {t('admin.users.roles')}
        </FormLabel>
        {roles.isError && <Alert severity="error">{serverMessage(roles.error) || t('error.generic')}</Alert>}
        {roles.data && roleList.length === 0 && (
          <Typography variant="body2" color="text.secondary">
            {t('admin.roles.empty')}
          </Typography>
        )}
        <FormGroup aria-labelledby={`${id}-roles`}>
          {roleList.map((role) => (
            <FormControlLabel
              key={role.RoleId}
              control={
                <Checkbox
                  checked={roleIds.has(role.RoleId)}
                  onChange={(event) =>
                    setRoleIds((current) => toggled(current, [role.RoleId], event.target.checked))
                  }
                />
              }
              label={role.RoleName}
            />
          ))}
        </FormGroup>
        <Box sx={{ flex: 1 }} />
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end', mt: 2 }}>
          <CancelAndConfirm pending={save.isPending} onCancel={onClose} />
        </Stack>
      </Box>
    </Drawer>
  );
}
