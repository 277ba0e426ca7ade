import Add from '@mui/icons-material/Add';
import Edit from '@mui/icons-material/Edit';
import Search from '@mui/icons-material/Search';
import Security from '@mui/icons-material/Security';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { AdminUserItem } from '@portal/contracts';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { serverMessage } from '../../../components/crud/errors';
import { ServerTable } from '../../../components/crud/ServerTable';
import type { ListState } from '../../../components/crud/types';
import { useDebounced } from '../../../components/crud/useDebounced';
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
  const [state, setState] = useState<ListState>({ page: 1, pageSize: 20 });
  const [search, setSearch] = useState('');
  const [active, setActive] = useState<'' | 'true' | 'false'>('');
  const term = useDebounced(search.trim());
  const users = useUsers({
    page: state.page,
    pageSize: state.pageSize,
    search: term || undefined,
    isActive: active || undefined,
  });
  const [drawer, setDrawer] = useState<DrawerState>(null);
  const empty = users.isError
    ? serverMessage(users.error) || t('error.generic')
    : term || active
      ? t('admin.users.noMatch')
      : t('admin.users.empty');

  return (
    <>
      <Stack
        direction="row"
        sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1, mb: 2 }}
      >
        <Typography component="h1" variant="h5" sx={{ fontWeight: 600 }}>
          {title}
        </Typography>
        <Button variant="contained" startIcon={<Add />} onClick={() => setDrawer({ kind: 'add' })}>
          {t('admin.users.add')}
        </Button>
      </Stack>
      <Card variant="outlined">
        <CardContent>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ mb: 2 }}>
            <TextField
              size="small"
              type="search"
              label={t('admin.users.search')}
              value={search}
              onChange={(event) => {
                setSearch(event.target.value);
                setState((s) => ({ ...s, page: 1 }));
              }}
              sx={{ minWidth: { sm: 280 } }}
              slotProps={{
                input: {
                  startAdornment: (
                    <InputAdornment position="start">
                      <Search fontSize="small" />
                    </InputAdornment>
                  ),
                },
              }}
            />
            <TextField
              select
              size="small"
              label={t('admin.users.status')}
              value={active}
              onChange={(event) => {
                setActive(event.target.value as '' | 'true' | 'false');
                setState((s) => ({ ...s, page: 1 }));
              }}
              sx={{ minWidth: { sm: 160 } }}
            >
              <MenuItem value="">{t('crud.any')}</MenuItem>
              <MenuItem value="true">{t('admin.users.active')}</MenuItem>
              <MenuItem value="false">{t('admin.users.inactive')}</MenuItem>
            </TextField>
          </Stack>
          <ServerTable<AdminUserItem>
            label={title}
            columns={[
              { field: 'Fullname', header: t('admin.users.name'), minWidth: 160 },
              { field: 'Email', header: t('admin.users.email'), minWidth: 200 },
              {
                field: 'Roles',
                header: t('admin.users.roles'),
                minWidth: 180,
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
                minWidth: 110,
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
                minWidth: 120,
                render: (u) => intl.formatDate(u.CreatedAt, { dateStyle: 'medium' }),
              },
            ]}
            rows={users.data?.Data ?? []}
            getRowId={(u) => u.UserId}
            total={users.data?.Total ?? 0}
            loading={users.isFetching}
            state={state}
            onStateChange={setState}
            emptyText={empty}
            actionsWidth={110}
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
