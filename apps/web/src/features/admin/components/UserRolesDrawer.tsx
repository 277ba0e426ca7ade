import Close from '@mui/icons-material/Close';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { AdminUserItem } from '@portal/contracts';
import { useEffect, useId } from 'react';
import { useT } from '../../../i18n/useT';
import { STATUS_OK } from '../../../lib/api';
import { notify } from '../../../lib/notify';
import { useUserRoles } from '../api/get-user-roles';
import { PagesByMenu } from './PagesByMenu';

/** The roles drawer: an admin's roles and the pages they grant. */
export function UserRolesDrawer({ user, onClose }: { user: AdminUserItem | null; onClose: () => void }) {
  const t = useT();
  const id = useId();
  const roles = useUserRoles(user?.UserId ?? null);
  const list = roles.data?.Status === STATUS_OK ? roles.data.Data : [];
  const failedAt = roles.isError ? roles.errorUpdatedAt : 0;
  useEffect(() => {
    if (failedAt) notify.error(t('admin.users.permissionsFailed'));
  }, [failedAt, t]);
  return (
    <Drawer
      anchor="right"
      open={!!user}
      onClose={onClose}
      slotProps={{ paper: { sx: { width: { xs: '100%', sm: 440 } }, 'aria-labelledby': `${id}-title` } }}
    >
      <Box sx={{ p: 2 }}>
        <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1 }}>
          <Box sx={{ minWidth: 0 }}>
            <Typography id={`${id}-title`} component="h2" variant="h6">
              {t('admin.users.rolesTitle')}
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
              {user ? `${user.Fullname} · ${user.Email}` : ''}
            </Typography>
          </Box>
          <IconButton aria-label={t('common.close')} onClick={onClose}>
            <Close />
          </IconButton>
        </Stack>
        {roles.isFetching && <LinearProgress aria-label={t('common.loading')} />}
        {roles.isError && <Alert severity="error">{t('admin.users.permissionsFailed')}</Alert>}
        {roles.data && list.length === 0 && (
          <Typography color="text.secondary" sx={{ py: 2 }}>
            {t('admin.users.noRoles')}
          </Typography>
        )}
        <Stack divider={<Divider flexItem />} spacing={2} sx={{ mt: 1 }}>
          {list.map((role) => (
            <Box key={role.RoleId}>
              <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600 }}>
                {role.RoleName}
              </Typography>
              {role.Description && (
                <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
                  {role.Description}
                </Typography>
              )}
              <PagesByMenu pages={role.Pages} />
            </Box>
          ))}
        </Stack>
      </Box>
    </Drawer>
  );
}
