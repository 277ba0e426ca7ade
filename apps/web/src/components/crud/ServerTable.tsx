import Box from '@mui/material/Box';
import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import MenuItem from '@mui/material/MenuItem';
import Pagination from '@mui/material/Pagination';
import Select from '@mui/material/Select';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { useId, type ReactNode } from 'react';
import { DataTable, type DataColumn } from '../DataTable';
import { useT } from '../../i18n/useT';
import { serverMessage } from './errors';
import { toggled } from './toggled';
import { PAGE_SIZES, type ListState, type Paged } from './types';

/** A row's id in a list (its key, and what a selection holds). */
export type RowId = string | number;

export interface TableColumn<T> {
  /** The column's id, and the server's sort key when sortable. */
  field: string;
  header: string;
  /** What the cell shows; by default the row's value at `field`. */
  render?: (row: T) => ReactNode;
  sortable?: boolean;
  /**
   * How much the column matters where the list is narrow (see `DataColumn.priority`): 0 never
   * collapses, higher numbers collapse into the row's details first.
   */
  priority?: number;
}

export interface ServerTableProps<T> {
  /** The table's accessible name. */
  label: string;
  columns: readonly TableColumn<T>[];
  rows: readonly T[];
  getRowId: (row: T) => RowId;
  total: number;
  loading: boolean;
  state: ListState;
  onStateChange: (next: ListState) => void;
  /** Shown when there are no rows. */
  emptyText: string;
  /** Rows ticked for a bulk action (when given, rows get checkboxes). */
  selection?: ReadonlySet<RowId>;
  onSelectionChange?: (next: Set<RowId>) => void;
  /** Buttons for one row (edit, delete, view…). */
  rowActions?: (row: T) => ReactNode;
  actionsHeader?: string;
  pageSizes?: readonly number[];
  /** The rows are the previous filters' or page's, shown while the new ones load: read-only. */
  stale?: boolean;
}

/** A column's cell: the row's value at `field` unless it says otherwise. */
const cellOf =
  <T,>(column: TableColumn<T>) =>
  (row: T): ReactNode => {
    if (column.render) return column.render(row);
    const value = (row as Record<string, unknown>)[column.field];
    return value === null || value === undefined ? '' : String(value);
  };

/**
 * A list paged, sorted and filtered on the server: the shared `DataTable` (its columns collapsing
 * by priority, cards on a phone), with the sort choices above it on a phone and the pager under it.
 */
export function ServerTable<T>({
  label,
  columns,
  rows,
  getRowId,
  total,
  loading,
  state,
  onStateChange,
  emptyText,
  selection,
  onSelectionChange,
  rowActions,
  actionsHeader,
  pageSizes = PAGE_SIZES,
  stale = false,
}: ServerTableProps<T>) {
  const t = useT();
  const id = useId();
  const narrow = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'), { noSsr: true });
  const sortable = columns.filter((column) => column.sortable);
  const pages = Math.max(1, Math.ceil(total / state.pageSize));
  const dataColumns: DataColumn<T>[] = columns.map((column) => ({
    key: column.field,
    header: column.header,
    cell: cellOf(column),
    sortable: column.sortable,
    priority: column.priority,
  }));

  return (
    <Box sx={{ width: '100%', minWidth: 0 }}>
      {narrow && sortable.length > 0 && (
        <Stack direction="row" spacing={1} sx={{ mb: 1.5 }}>
          <FormControl size="small" sx={{ flex: 1, minWidth: 0 }}>
            <InputLabel id={`${id}-sort`}>{t('crud.sortBy')}</InputLabel>
            <Select
              labelId={`${id}-sort`}
              label={t('crud.sortBy')}
              value={state.sort && sortable.some((c) => c.field === state.sort) ? state.sort : ''}
              onChange={(event) =>
                onStateChange({ ...state, page: 1, sort: event.target.value || undefined })
              }
            >
              <MenuItem value="">{t('crud.defaultOrder')}</MenuItem>
              {sortable.map((column) => (
                <MenuItem key={column.field} value={column.field}>
                  {column.header}
                </MenuItem>
              ))}
            </Select>
          </FormControl>
          <FormControl size="small" sx={{ flexShrink: 0, minWidth: 130 }}>
            <InputLabel id={`${id}-order`}>{t('crud.order')}</InputLabel>
            <Select
              labelId={`${id}-order`}
              label={t('crud.order')}
              value={state.order ?? 'asc'}
              onChange={(event) =>
                onStateChange({ ...state, page: 1, order: event.target.value as 'asc' | 'desc' })
              }
            >
              <MenuItem value="asc">{t('crud.ascending')}</MenuItem>
              <MenuItem value="desc">{t('crud.descending')}</MenuItem>
            </Select>
          </FormControl>
        </Stack>
      )}
      {/* Rows of the previous filters or page, shown while the new ones load: read-only meanwhile, so no
          action lands on a row the new answer may show otherwise (or a mutation's refresh joins the
          new list's first read, begun before the change). */}
      <Box
        inert={stale || undefined}
        aria-busy={stale || undefined}
        sx={stale ? { opacity: 0.6, transition: 'opacity 150ms' } : undefined}
      >
        <DataTable
          label={label}
          columns={dataColumns}
          rows={rows}
          rowKey={getRowId}
          loading={loading}
          emptyText={emptyText}
          actions={rowActions && { header: actionsHeader ?? t('crud.actions'), cell: rowActions }}
          sort={{
            key: state.sort,
            order: state.order ?? 'asc',
            // A click on the sorted column turns its order round; on another, sorts by it.
            onSort: (key) =>
              onStateChange({
                ...state,
                page: 1,
                sort: key,
                order: state.sort === key && (state.order ?? 'asc') === 'asc' ? 'desc' : 'asc',
              }),
          }}
          selection={
            selection && {
              selected: selection,
              onChange: (key, on) => onSelectionChange?.(toggled(selection, [key as RowId], on)),
              onChangeAll: (keys, on) => onSelectionChange?.(toggled(selection, keys as RowId[], on)),
              rowLabel: (key) => t('crud.selectRow', { row: String(key) }),
            }
          }
        />
      </Box>
      <Stack
        direction="row"
        sx={{ mt: 2, alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1 }}
      >
        <Typography variant="body2" color="text.secondary">
          {t('crud.total', { count: total })}
        </Typography>
        <FormControl size="small" sx={{ width: 110 }}>
          <InputLabel id={`${id}-size`}>{t('crud.perPage')}</InputLabel>
          <Select
            labelId={`${id}-size`}
            label={t('crud.perPage')}
            value={state.pageSize}
            onChange={(event) => onStateChange({ ...state, page: 1, pageSize: Number(event.target.value) })}
          >
            {(pageSizes.includes(state.pageSize) ? pageSizes : [state.pageSize, ...pageSizes]).map((size) => (
              <MenuItem key={size} value={size}>
                {size}
              </MenuItem>
            ))}
          </Select>
        </FormControl>
        <Pagination
          count={pages}
          page={Math.min(state.page, pages)}
          onChange={(_, page) => onStateChange({ ...state, page })}
          siblingCount={narrow ? 0 : 1}
          size="small"
          getItemAriaLabel={(type, page) =>
            type === 'page'
              ? t('crud.goToPage', { page: page ?? 1 })
              : type === 'next'
                ? t('crud.nextPage')
                : type === 'previous'
                  ? t('crud.previousPage')
                  : type === 'first'
                    ? t('crud.firstPage')
                    : t('crud.lastPage')
          }
          sx={narrow ? { width: '100%', display: 'flex', justifyContent: 'center' } : undefined}
        />
      </Stack>
    </Box>
  );
}

/** The list query of a paged admin endpoint, as `QueryTable` reads it. */
export interface PagedQuery<T> {
  data?: Paged<T>;
  /** The data shown is the previous key's, kept while this one loads. */
  isPlaceholderData?: boolean;
  isFetching: boolean;
  isError: boolean;
  error: unknown;
}

/**
 * A `ServerTable` of one paged query: its rows and total, loading while it fetches, and the
 * server's message (or the generic one) instead of `emptyText` when it failed.
 */
export function QueryTable<T>({
  query,
  emptyText,
  ...table
}: Omit<ServerTableProps<T>, 'rows' | 'total' | 'loading'> & { query: PagedQuery<T> }) {
  const t = useT();
  return (
    <ServerTable
      {...table}
      rows={query.data?.Data ?? []}
      total={query.data?.Total ?? 0}
      loading={query.isFetching}
      stale={query.isPlaceholderData}
      emptyText={query.isError ? serverMessage(query.error) || t('error.generic') : emptyText}
    />
  );
}
