import Add from '@mui/icons-material/Add';
import Edit from '@mui/icons-material/Edit';
import Security from '@mui/icons-material/Security';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import type { AdminUserItem } from '@portal/contracts';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { AnySelect, SearchField } from '../../../components/crud/filters';
import { QueryTable } from '../../../components/crud/ServerTable';
import { useDebounced } from '../../../components/crud/useDebounced';
import { useListFilters } from '../../../components/crud/useListFilters';
import { PageHeading } from '../../../components/PageHeading';
import { useT } from '../../../i18n/useT';
import { useDocumentTitle } from '../../../lib/useDocumentTitle';
import { useUsers } from '../api/get-users';
import { UserDrawer } from './UserDrawer';
import { UserRolesDrawer } from './UserRolesDrawer';

type DrawerState =
  { kind: 'add' } | { kind: 'edit'; user: AdminUserItem } | { kind: 'roles'; user: AdminUserItem } | null;

/** administrators (and /app/UserManagement): the admin users, with add, edit and roles drawers. */
export default function AdministratorsScreen() {
  const t = useT();
  const intl = useIntl();
  const title = t('admin.users.title');
  useDocumentTitle(`${title} · ${t('portal.name')}`);
  const { state, setState, filters, setFilter } = useListFilters({
    search: '',
    active: '' as '' | 'true' | 'false',
  });
  const term = useDebounced(filters.search.trim());
  const users = useUsers({
    page: state.page,
    pageSize: state.pageSize,
    search: term || undefined,
    isActive: filters.active || undefined,
  });
  const [drawer, setDrawer] = useState<DrawerState>(null);

  return (
    <>
      <PageHeading
        title={title}
        action={
          <Button variant="contained" startIcon={<Add />} onClick={() => setDrawer({ kind: 'add' })}>
            {t('admin.users.add')}
          </Button>
        }
      />
      <Card variant="outlined">
        <CardContent>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ mb: 2 }}>
            <SearchField
              label={t('admin.users.search')}
              value={filters.search}
              onChange={(search) => setFilter({ search })}
              sx={{ minWidth: { sm: 280 } }}
            />
            <AnySelect
              label={t('admin.users.status')}
              value={filters.active}
              onChange={(active) => setFilter({ active: active as '' | 'true' | 'false' })}
              choices={[
                { value: 'true', label: t('admin.users.active') },
                { value: 'false', label: t('admin.users.inactive') },
              ]}
              sx={{ minWidth: { sm: 160 } }}
            />
          </Stack>
          <QueryTable<AdminUserItem>
            label={title}
            columns={[
              { field: 'Fullname', header: t('admin.users.name') },
              { field: 'Email', header: t('admin.users.email') },
              {
                field: 'Roles',
                header: t('admin.users.roles'),
                render: (u) =>
                  u.Roles.length ? (
                    <Stack direction="row" spacing={0.5} sx={{ flexWrap: 'wrap' }} useFlexGap>
                      {u.Roles.map((r) => (
                        <Chip key={r.RoleId} size="small" label={r.RoleName} />
                      ))}
                    </Stack>
                  ) : (
                    '—'
                  ),
              },
              {
                field: 'IsActive',
                header: t('admin.users.status'),
                render: (u) => (
                  <Chip
                    size="small"
                    color={u.IsActive ? 'success' : 'default'}
                    label={u.IsActive ? t('admin.users.active') : t('admin.users.inactive')}
                  />
                ),
              },
              {
                field: 'CreatedAt',
                header: t('admin.users.created'),
                render: (u) => intl.formatDate(u.CreatedAt, { dateStyle: 'medium' }),
              },
            ]}
            query={users}
            getRowId={(u) => u.UserId}
            state={state}
            onStateChange={setState}
            emptyText={term || filters.active ? t('admin.users.noMatch') : t('admin.users.empty')}
            rowActions={(u) => (
              <>
                <Tooltip title={t('crud.edit')}>
                  <IconButton
                    size="small"
                    aria-label={t('crud.editNamed', { name: u.Fullname })}
                    onClick={() => setDrawer({ kind: 'edit', user: u })}
                  >
                    <Edit fontSize="small" />
                  </IconButton>
                </Tooltip>
                <Tooltip title={t('admin.users.viewRoles')}>
                  <IconButton
                    size="small"
                    aria-label={t('admin.users.viewRolesOf', { name: u.Fullname })}
                    onClick={() => setDrawer({ kind: 'roles', user: u })}
                  >
                    <Security fontSize="small" />
                  </IconButton>
                </Tooltip>
              </>
            )}
          />
        </CardContent>
      </Card>
      <UserDrawer
        open={drawer?.kind === 'add' || drawer?.kind === 'edit'}
        user={drawer?.kind === 'edit' ? drawer.user : null}
        key={
          drawer?.kind === 'edit' ? `edit-${drawer.user.UserId}` : drawer?.kind === 'add' ? 'add' : 'closed'
        }
        onClose={() => setDrawer(null)}
      />
      <UserRolesDrawer user={drawer?.kind === 'roles' ? drawer.user : null} onClose={() => setDrawer(null)} />
    </>
  );
}
