import Add from '@mui/icons-material/Add';
import Delete from '@mui/icons-material/Delete';
import Download from '@mui/icons-material/Download';
import Edit from '@mui/icons-material/Edit';
import Search from '@mui/icons-material/Search';
import Box from '@mui/material/Box';
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
import { useMemo, useState, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { useT } from '../../i18n/useT';
import { apiBlob } from '../../lib/api';
import { saveFile } from '../../lib/download';
import { notify } from '../../lib/notify';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { useResourceAction, useResourceDelete, useResourceList } from './api';
import { ConfirmDialog } from './ConfirmDialog';
import { serverMessage } from './errors';
import type { ColumnDeclaration, FilterDeclaration, ResourceDeclaration } from './resource';
import { ResourceFormDialog } from './ResourceFormDialog';
import { ServerTable, type TableColumn } from './ServerTable';
import type { ListState, OptionsHook } from './types';
import { useDebounced } from './useDebounced';

/**
 * The generic page of a declared reference resource: title, search and filters, the list (server
 * paging and sorting), add / edit in a dialog, delete after confirmation, the resource's switches
 * and, for resources with a file, download. One component for every resource: never copy it.
 */
export function ResourcePage<Item extends { id: number }, Input>({
  resource,
  intro,
}: {
  resource: ResourceDeclaration<Item, Input>;
  /** A line under the title. */
  intro?: ReactNode;
}) {
  const t = useT();
  const title = t(resource.title);
  const noun = t(resource.noun);
  useDocumentTitle(`${title} · ${t('portal.name')}`);

  const [state, setState] = useState<ListState>({
    page: 1,
    pageSize: 20,
    sort: resource.defaultSort,
    order: resource.defaultOrder ?? 'asc',
  });
  const [search, setSearch] = useState('');
  const [filters, setFilters] = useState<Record<string, string>>({});
  const term = useDebounced(search.trim());
  const query = useMemo(
    () => ({
      page: state.page,
      pageSize: state.pageSize,
      sort: state.sort ?? resource.defaultSort,
      order: state.order ?? 'asc',
      search: term || undefined,
      ...Object.fromEntries(Object.entries(filters).filter(([, value]) => value !== '')),
    }),
    [state, term, filters, resource.defaultSort],
  );
  const list = useResourceList<Item>(resource.path, query);
  const [editing, setEditing] = useState<Item | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Item | null>(null);
  const remove = useResourceDelete(resource.path);
  const action = useResourceAction<Item>(resource.path);

  const firstKey = resource.columns[0]?.key;
  const nameOf = (item: Item) => String((firstKey && item[firstKey]) ?? item.id);

  const columns: TableColumn<Item>[] = resource.columns.map((column) => ({
    field: column.key,
    header: t(column.label),
    sortable: resource.sortable.includes(column.key),
    render: (item: Item) => <CellValue column={column} value={item[column.key]} />,
  }));

  const runAction = (item: Item, name: string, value: boolean) =>
    action.mutate(
      { id: item.id, action: name, value },
      {
        onSuccess: (answer) => notify.success(answer.Message ?? t('crud.saved')),
        onError: (error) => notify.error(serverMessage(error) || t('error.generic')),
      },
    );

  const download = async (item: Item) => {
    if (!resource.file) return;
    const { url, name } = resource.file.download(item);
    try {
      saveFile(await apiBlob(url), name);
    } catch (error) {
      notify.error(serverMessage(error) || t('error.download'));
    }
  };

  const rowActions = (item: Item) => {
    const name = nameOf(item);
    return (
      <>
        {resource.operations.update && (
          <Tooltip title={t('crud.edit')}>
            <IconButton
              size="small"
              aria-label={t('crud.editNamed', { name })}
              onClick={() => setEditing(item)}
            >
              <Edit fontSize="small" />
            </IconButton>
          </Tooltip>
        )}
        {resource.file && (
          <Tooltip title={t('crud.download')}>
            <IconButton
              size="small"
              aria-label={t('crud.downloadNamed', { name })}
              onClick={() => void download(item)}
            >
              <Download fontSize="small" />
            </IconButton>
          </Tooltip>
        )}
        {resource.operations.delete && (
          <Tooltip title={t('crud.delete')}>
            <IconButton
              size="small"
              color="error"
              aria-label={t('crud.deleteNamed', { name })}
              onClick={() => setDeleting(item)}
            >
              <Delete fontSize="small" />
            </IconButton>
          </Tooltip>
        )}
        {resource.actions.map((declared) => {
          const on = !!item[declared.field];
          if (on && !declared.off) return null;
          return (
            <Button
              key={declared.name}
              size="small"
              disabled={action.isPending}
              onClick={() => runAction(item, declared.name, !on)}
              aria-label={`${t(on ? declared.off! : declared.on)}: ${name}`}
            >
              {t(on ? declared.off! : declared.on)}
            </Button>
          );
        })}
      </>
    );
  };

  const canCreate = resource.operations.create || !!resource.file;

  return (
    <>
      <Stack
        direction="row"
        sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1, mb: 2 }}
      >
        <Box>
          <Typography component="h1" variant="h5" sx={{ fontWeight: 600 }}>
            {title}
          </Typography>
          {intro && (
            <Typography color="text.secondary" variant="body2">
              {intro}
            </Typography>
          )}
        </Box>
        {canCreate && (
          <Button variant="contained" startIcon={<Add />} onClick={() => setEditing('new')}>
            {t('crud.addTitle', { noun })}
          </Button>
        )}
      </Stack>
      <Card variant="outlined">
        <CardContent>
          <Stack
            direction={{ xs: 'column', sm: 'row' }}
            spacing={1.5}
            sx={{ mb: 2, flexWrap: 'wrap' }}
            useFlexGap
          >
            {resource.searchable && (
              <TextField
                size="small"
                type="search"
                label={t('crud.search')}
                value={search}
                onChange={(event) => {
                  setSearch(event.target.value);
                  setState((s) => ({ ...s, page: 1 }));
                }}
                sx={{ minWidth: { sm: 240 } }}
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
            )}
            {resource.filters.map((filter) => (
              <FilterInput
                key={filter.key}
                filter={filter}
                value={filters[filter.key] ?? ''}
                onChange={(value) => {
                  setFilters((f) => ({ ...f, [filter.key]: value }));
                  setState((s) => ({ ...s, page: 1 }));
                }}
              />
            ))}
          </Stack>
          <ServerTable
            label={title}
            columns={columns}
            rows={list.data?.Data ?? []}
            getRowId={(item) => item.id}
            total={list.data?.Total ?? 0}
            loading={list.isFetching}
            state={state}
            onStateChange={setState}
            emptyText={list.isError ? serverMessage(list.error) || t('error.generic') : t(resource.emptyText)}
            rowActions={rowActions}
            actionsWidth={120 + resource.actions.length * 120}
          />
        </CardContent>
      </Card>

      {editing !== null && (
        <ResourceFormDialog
          resource={resource}
          item={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
        />
      )}
      <ConfirmDialog
        open={deleting !== null}
        title={t('crud.deleteTitle', { noun })}
        message={t('crud.deleteConfirm', { name: deleting ? nameOf(deleting) : '' })}
        confirmLabel={t('crud.delete')}
        danger
        pending={remove.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
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

function CellValue<Item>({ column, value }: { column: ColumnDeclaration<Item>; value: unknown }) {
  const t = useT();
  const intl = useIntl();
  if (column.options) return <OptionLabel useOptions={column.options} value={value} />;
  if (value === null || value === undefined || value === '') return <>—</>;
  switch (column.format) {
    case 'boolean':
      return (
        <Chip
          size="small"
          label={value ? t('crud.yes') : t('crud.no')}
          color={value ? 'success' : 'default'}
          variant={value ? 'filled' : 'outlined'}
        />
      );
    case 'date':
      return <>{intl.formatDate(String(value), { dateStyle: 'medium' })}</>;
    case 'datetime':
      return <>{intl.formatDate(String(value), { dateStyle: 'medium', timeStyle: 'short' })}</>;
    default:
      return <>{String(value)}</>;
  }
}

function OptionLabel({ useOptions, value }: { useOptions: OptionsHook; value: unknown }) {
  const { options } = useOptions();
  return (
    <>{options.find((option) => String(option.value) === String(value))?.label ?? String(value ?? '—')}</>
  );
}

function FilterInput({
  filter,
  value,
  onChange,
}: {
  filter: FilterDeclaration;
  value: string;
  onChange: (value: string) => void;
}) {
  const t = useT();
  if (filter.type === 'select' && filter.options)
    return <SelectFilter filter={filter} useOptions={filter.options} value={value} onChange={onChange} />;
  return (
    <TextField
      select
      size="small"
      label={t(filter.label)}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      sx={{ minWidth: { sm: 160 } }}
    >
      <MenuItem value="">{t('crud.any')}</MenuItem>
      <MenuItem value="true">{t('crud.yes')}</MenuItem>
      <MenuItem value="false">{t('crud.no')}</MenuItem>
    </TextField>
  );
}

function SelectFilter({
  filter,
  useOptions,
  value,
  onChange,
}: {
  filter: FilterDeclaration;
  useOptions: OptionsHook;
  value: string;
  onChange: (value: string) => void;
}) {
  const t = useT();
  const { options, failed } = useOptions();
  if (failed) return null;
  return (
    <TextField
      select
      size="small"
      label={t(filter.label)}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      sx={{ minWidth: { sm: 200 } }}
    >
      <MenuItem value="">{t('crud.any')}</MenuItem>
      {options.map((option) => (
        <MenuItem key={option.value} value={String(option.value)}>
          {option.label}
        </MenuItem>
      ))}
    </TextField>
  );
}
