import Add from '@mui/icons-material/Add';
import Delete from '@mui/icons-material/Delete';
import Edit from '@mui/icons-material/Edit';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import type { RoleItem } from '@portal/contracts';
import { useState } from 'react';
import { DeleteDialog } from '../../../components/crud/ConfirmDialog';
import { QueryStatus } from '../../../components/crud/QueryStatus';
import { PageHeading } from '../../../components/PageHeading';
import { useT } from '../../../i18n/useT';
import { STATUS_OK } from '../../../lib/api';
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
      <PageHeading
        title={title}
        action={
          <Button variant="contained" startIcon={<Add />} onClick={() => setEditing('new')}>
            {t('admin.roles.add')}
          </Button>
        }
      />
      <QueryStatus query={roles} />
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
      <DeleteDialog
        item={deleting}
        title={t('admin.roles.deleteTitle')}
        nameOf={(role) => role.RoleName}
        idOf={(role) => role.RoleId}
        remove={remove}
        onClose={() => setDeleting(null)}
      />
    </>
  );
}
