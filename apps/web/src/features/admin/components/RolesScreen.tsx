import Add from '@mui/icons-material/Add';
import Delete from '@mui/icons-material/Delete';
import Edit from '@mui/icons-material/Edit';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { RoleItem } from '@portal/contracts';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/crud/ConfirmDialog';
import { serverMessage } from '../../../components/crud/errors';
import { useT } from '../../../i18n/useT';
import { STATUS_OK } from '../../../lib/api';
import { notify } from '../../../lib/notify';
import { useDocumentTitle } from '../../../lib/useDocumentTitle';
import { useDeleteRole } from '../api/delete-role';
import { useRoles } from '../api/get-roles';
import { PagesByMenu } from './PagesByMenu';
import { RoleDialog } from './RoleDialog';

/** roles (and /app/roleManagement): the roles with their pages; add, edit and delete a role. */
export default function RolesScreen() {
  const t = useT();
  const title = t('admin.roles.title');
  useDocumentTitle(`${title} · ${t('portal.name')}`);
  const roles = useRoles();
  const [editing, setEditing] = useState<RoleItem | 'new' | null>(null);
  const [deleting, setDeleting] = useState<RoleItem | null>(null);
  const remove = useDeleteRole();
  const list = roles.data?.Status === STATUS_OK ? roles.data.Data : [];

  return (
    <>
      <Stack
        direction="row"
        sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1, mb: 2 }}
      >
        <Typography component="h1" variant="h5" sx={{ fontWeight: 600 }}>
          {title}
        </Typography>
        <Button variant="contained" startIcon={<Add />} onClick={() => setEditing('new')}>
          {t('admin.roles.add')}
        </Button>
      </Stack>
      {roles.isPending && <LinearProgress aria-label={t('common.loading')} />}
      {roles.isError && <Alert severity="error">{serverMessage(roles.error) || t('error.generic')}</Alert>}
      {roles.data && list.length === 0 && (
        <Typography color="text.secondary" sx={{ py: 3 }}>
          {t('admin.roles.empty')}
        </Typography>
      )}
      <Box
        component="ul"
        aria-label={title}
        sx={{
          listStyle: 'none',
          p: 0,
          m: 0,
          display: 'grid',
          gap: 2,
          gridTemplateColumns: {
            xs: 'minmax(0, 1fr)',
            md: 'repeat(2, minmax(0, 1fr))',
            xl: 'repeat(3, minmax(0, 1fr))',
          },
        }}
      >
        {list.map((role) => (
          <Card
            component="li"
            variant="outlined"
            key={role.RoleId}
            sx={{ display: 'flex', flexDirection: 'column' }}
          >
            <CardHeader
              title={role.RoleName}
              subheader={role.Description || undefined}
              action={<Chip size="small" label={t('admin.roles.userCount', { count: role.UserCount })} />}
              slotProps={{ title: { component: 'h2', variant: 'h6', sx: { overflowWrap: 'anywhere' } } }}
            />
            <CardContent sx={{ flex: 1, pt: 0 }}>
              {role.Pages.length ? (
                <PagesByMenu pages={role.Pages} />
              ) : (
                <Typography variant="body2" color="text.secondary">
                  {t('admin.roles.noPages')}
                </Typography>
              )}
            </CardContent>
            <CardActions>
              <Button
                size="small"
                startIcon={<Edit />}
                onClick={() => setEditing(role)}
                aria-label={t('admin.roles.editNamed', { name: role.RoleName })}
              >
                {t('crud.edit')}
              </Button>
              <Button
                size="small"
                color="error"
                startIcon={<Delete />}
                onClick={() => setDeleting(role)}
                aria-label={t('admin.roles.deleteNamed', { name: role.RoleName })}
              >
                {t('crud.delete')}
              </Button>
            </CardActions>
          </Card>
        ))}
      </Box>
      {editing !== null && (
        <RoleDialog role={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
      )}
      <ConfirmDialog
        open={deleting !== null}
        title={t('admin.roles.deleteTitle')}
        message={t('crud.deleteConfirm', { name: deleting?.RoleName ?? '' })}
        confirmLabel={t('crud.delete')}
        danger
        pending={remove.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.RoleId, {
            onSuccess: (answer) => {
              notify.success(answer.Message);
              setDeleting(null);
            },
            onError: (error) => notify.error(serverMessage(error) || t('error.generic')),
          })
        }
      />
    </>
  );
}
