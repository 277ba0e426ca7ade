import Add from '@mui/icons-material/Add';
import Delete from '@mui/icons-material/Delete';
import Download from '@mui/icons-material/Download';
import Edit from '@mui/icons-material/Edit';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import { useMemo, useState, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { Link as RouterLink } from 'react-router';
import { PageHeading } from '../PageHeading';
import { useT } from '../../i18n/useT';
import { apiBlob } from '../../lib/api';
import { saveFile } from '../../lib/download';
import { formatNaira } from '../../lib/money';
import { notify } from '../../lib/notify';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { useResourceAction, useResourceDelete, useResourceList } from './api';
import { DeleteDialog } from './ConfirmDialog';
import { FileMenu, ImportDialog } from './ResourceFiles';
import { ReferenceInput } from './ReferenceInput';
import { serverMessage } from './errors';
import { AnySelect, SearchField } from './filters';
import type { ColumnDeclaration, FilterDeclaration, ResourceDeclaration } from './resource';
import { ResourceFormDialog } from './ResourceFormDialog';
import { QueryTable, type TableColumn } from './ServerTable';
import type { OptionsHook } from './types';
import { useDebounced } from './useDebounced';
import { useListFilters } from './useListFilters';

/**
 * The generic page of a declared reference resource: title, search and filters, the list (server
 * paging and sorting), add / edit in a dialog, delete after confirmation, the resource's switches
 * and, for resources with a file, download. One component for every resource: never copy it.
 */
export function ResourcePage<Item extends { id: number }, Input>({
  resource,
  intro,
  heading,
  fixed,
  links,
  files,
}: {
  resource: ResourceDeclaration<Item, Input>;
  /** A line under the title. */
  intro?: ReactNode;
  /** The title when not the resource's own (a parent record's name). */
  heading?: string;
  /** Filters and values the page sets for every row (the parent of a child resource). */
  fixed?: Record<string, number>;
  /** Links from a row to pages under it (a scheme's score items). */
  links?: (item: Item) => { to: string; label: string } | null;
  /** Export and import as CSV / XLSX (the registry's resources). */
  files?: { columns: readonly string[]; key: readonly string[] };
}) {
  const t = useT();
  const title = heading ?? t(resource.title);
  const noun = t(resource.noun);
  useDocumentTitle(`${title} · ${t('portal.name')}`);

  const { state, setState, filters, setFilter } = useListFilters<{
    search: string;
    chosen: Record<string, string>;
  }>(
    { search: '', chosen: {} },
    { page: 1, pageSize: 20, sort: resource.defaultSort, order: resource.defaultOrder ?? 'asc' },
  );
  const term = useDebounced(filters.search.trim());
  const query = useMemo(
    () => ({
      page: state.page,
      pageSize: state.pageSize,
      sort: state.sort ?? resource.defaultSort,
      order: state.order ?? 'asc',
      search: term || undefined,
      ...Object.fromEntries(Object.entries(filters.chosen).filter(([, value]) => value !== '')),
      ...fixed,
    }),
    [state, term, filters.chosen, resource.defaultSort, fixed],
  );
  const list = useResourceList<Item>(resource.path, query);
  const [editing, setEditing] = useState<Item | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Item | null>(null);
  const [importing, setImporting] = useState(false);
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
    const link = links?.(item);
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
        {link && (
          <Button
            size="small"
            component={RouterLink}
            to={link.to}
            aria-label={t('crud.openNamed', { name: link.label })}
          >
            {t('crud.open')}
          </Button>
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
      <PageHeading
        title={title}
        intro={intro}
        action={
          <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }} useFlexGap>
            {files && (
              <FileMenu
                path={resource.path}
                query={query}
                title={title}
                onImport={() => setImporting(true)}
              />
            )}
            {canCreate && (
              <Button variant="contained" startIcon={<Add />} onClick={() => setEditing('new')}>
                {t('crud.addTitle', { noun })}
              </Button>
            )}
          </Stack>
        }
      />
      <Card variant="outlined">
        <CardContent>
          <Stack
            direction={{ xs: 'column', sm: 'row' }}
            spacing={1.5}
            sx={{ mb: 2, flexWrap: 'wrap' }}
            useFlexGap
          >
            {resource.searchable && (
              <SearchField
                label={t('crud.search')}
                value={filters.search}
                onChange={(search) => setFilter({ search })}
                sx={{ minWidth: { sm: 240 } }}
              />
            )}
            {resource.filters
              .filter((filter) => !fixed || !(filter.key in fixed))
              .map((filter) => (
                <FilterInput
                  key={filter.key}
                  filter={filter}
                  value={filters.chosen[filter.key] ?? ''}
                  onChange={(value) => setFilter({ chosen: { ...filters.chosen, [filter.key]: value } })}
                />
              ))}
          </Stack>
          <QueryTable
            label={title}
            columns={columns}
            query={list}
            getRowId={(item) => item.id}
            state={state}
            onStateChange={setState}
            emptyText={t(resource.emptyText)}
            rowActions={rowActions}
          />
        </CardContent>
      </Card>

      {editing !== null && (
        <ResourceFormDialog
          resource={resource}
          item={editing === 'new' ? null : editing}
          fixed={fixed}
          onClose={() => setEditing(null)}
        />
      )}
      {importing && files && (
        <ImportDialog
          path={resource.path}
          noun={noun}
          columns={files.columns}
          keyColumns={files.key}
          onClose={() => setImporting(false)}
        />
      )}
      <DeleteDialog
        item={deleting}
        title={t('crud.deleteTitle', { noun })}
        nameOf={nameOf}
        idOf={(item) => item.id}
        remove={remove}
        onClose={() => setDeleting(null)}
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
    case 'money':
      return <>{formatNaira(intl, Number(value) / 100)}</>;
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
  if (filter.type === 'reference' && filter.reference)
    return (
      <ReferenceInput
        id={`filter-${filter.key}`}
        path={filter.reference}
        label={t(filter.label)}
        value={value ? Number(value) : null}
        onChange={(chosen) => onChange(chosen === null ? '' : String(chosen))}
        size="small"
        sx={{ width: { xs: '100%', sm: 220 } }}
      />
    );
  if (filter.type === 'select' && filter.options)
    return <SelectFilter filter={filter} useOptions={filter.options} value={value} onChange={onChange} />;
  return (
    <AnySelect
      label={t(filter.label)}
      value={value}
      onChange={onChange}
      choices={[
        { value: 'true', label: t('crud.yes') },
        { value: 'false', label: t('crud.no') },
      ]}
      sx={{ minWidth: { sm: 160 } }}
    />
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
    <AnySelect
      label={t(filter.label)}
      value={value}
      onChange={onChange}
      choices={options}
      sx={{ minWidth: { sm: 200 } }}
    />
  );
}
