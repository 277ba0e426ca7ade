import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Pagination from '@mui/material/Pagination';
import Select from '@mui/material/Select';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Breakpoint, Theme } from '@mui/material/styles';
import {
  DataGrid,
  type GridColDef,
  type GridRowId,
  type GridRowSelectionModel,
  type GridSortModel,
} from '@mui/x-data-grid';
import { useId, useMemo, type ReactNode } from 'react';
import { useT } from '../../i18n/useT';
import { serverMessage } from './errors';
import { useMuiXLocale } from './locales';
import { toggled } from './toggled';
import { PAGE_SIZES, type ListState, type Paged } from './types';

export interface TableColumn<T> {
  /** The column's id, and the server's sort key when sortable. */
  field: string;
  header: string;
  /** What the cell shows; by default the row's value at `field`. */
  render?: (row: T) => ReactNode;
  sortable?: boolean;
  minWidth?: number;
  flex?: number;
  /**
   * Shown in the data grid only from this breakpoint up, so that a wide list keeps its main
   * columns and its actions in view beside the sidebar; the cards on a phone show every column.
   */
  from?: 'md' | 'lg' | 'xl';
}

export interface ServerTableProps<T> {
  /** The table's accessible name. */
  label: string;
  columns: readonly TableColumn<T>[];
  rows: readonly T[];
  getRowId: (row: T) => GridRowId;
  total: number;
  loading: boolean;
  state: ListState;
  onStateChange: (next: ListState) => void;
  /** Shown when there are no rows. */
  emptyText: string;
  /** Rows ticked for a bulk action (when given, rows get checkboxes). */
  selection?: ReadonlySet<GridRowId>;
  onSelectionChange?: (next: Set<GridRowId>) => void;
  /** Buttons for one row (edit, delete, view…). */
  rowActions?: (row: T) => ReactNode;
  actionsHeader?: string;
  actionsWidth?: number;
  pageSizes?: readonly number[];
}

/** A cell's content, isolated with its own direction (a JAMB number or an English name in the right-to-left layout). */
const cellValue = <T,>(column: TableColumn<T>, row: T): ReactNode => {
  if (column.render) return <bdi>{column.render(row)}</bdi>;
  const value = (row as Record<string, unknown>)[column.field];
  return value === null || value === undefined ? '' : <bdi>{String(value)}</bdi>;
};

/**
 * A list paged, sorted and filtered on the server: a data grid (scrolling sideways inside its own
 * box) from 600 px, a list of cards below, so no page scrolls sideways on a phone.
 */
export function ServerTable<T>(props: ServerTableProps<T>) {
  const narrow = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'), { noSsr: true });
  const view = { ...props, pageSizes: props.pageSizes ?? PAGE_SIZES };
  return narrow ? <CardList {...view} /> : <Grid {...view} />;
}

/** The list query of a paged admin endpoint, as `QueryTable` reads it. */
export interface PagedQuery<T> {
  data?: Paged<T>;
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
      emptyText={query.isError ? serverMessage(query.error) || t('error.generic') : emptyText}
    />
  );
}

type ViewProps<T> = ServerTableProps<T> & { pageSizes: readonly number[] };

function Grid<T>(props: ViewProps<T>) {
  const { columns, rows, getRowId, state, onStateChange, selection, rowActions, actionsHeader } = props;
  const actionsWidth = props.actionsWidth ?? 140;
  const t = useT();
  const locale = useMuiXLocale();
  const up = {
    md: useMediaQuery((theme: Theme) => theme.breakpoints.up('md'), { noSsr: true }),
    lg: useMediaQuery((theme: Theme) => theme.breakpoints.up('lg'), { noSsr: true }),
    xl: useMediaQuery((theme: Theme) => theme.breakpoints.up('xl'), { noSsr: true }),
  } satisfies Partial<Record<Breakpoint, boolean>>;
  const hidden = columns.filter((column) => column.from && !up[column.from]).map((c) => c.field);
  const hiddenKey = hidden.join();
  const gridColumns = useMemo<GridColDef[]>(() => {
    const shownColumns = columns.filter((column) => !hiddenKey.split(',').includes(column.field));
    const defs: GridColDef[] = shownColumns.map((column) => ({
      field: column.field,
      headerName: column.header,
      sortable: !!column.sortable,
      flex: column.flex ?? 1,
      minWidth: column.minWidth ?? 140,
      renderCell: (params) => cellValue(column, params.row as T),
    }));
    if (rowActions) {
      defs.push({
        field: '__actions',
        headerName: actionsHeader ?? t('crud.actions'),
        sortable: false,
        minWidth: actionsWidth,
        width: actionsWidth,
        renderCell: (params) => (
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, height: '100%' }}>
            {rowActions(params.row as T)}
          </Box>
        ),
      });
    }
    return defs;
  }, [columns, hiddenKey, rowActions, actionsHeader, actionsWidth, t]);

  const sortModel: GridSortModel = state.sort ? [{ field: state.sort, sort: state.order ?? 'asc' }] : [];
  const selectionModel: GridRowSelectionModel = { type: 'include', ids: new Set(selection ?? []) };

  return (
    <Box sx={{ width: '100%', minWidth: 0 }}>
      <DataGrid
        aria-label={props.label}
        rows={rows as T[] as never[]}
        getRowId={getRowId as never}
        columns={gridColumns}
        rowCount={props.total}
        loading={props.loading}
        paginationMode="server"
        sortingMode="server"
        filterMode="server"
        paginationModel={{ page: state.page - 1, pageSize: state.pageSize }}
        onPaginationModelChange={(model) =>
          onStateChange({ ...state, page: model.page + 1, pageSize: model.pageSize })
        }
        sortModel={sortModel}
        onSortModelChange={(model) => {
          const first = model[0];
          onStateChange({
            ...state,
            page: 1,
            sort: first?.field,
            order: first?.sort ?? undefined,
          });
        }}
        pageSizeOptions={[...props.pageSizes]}
        checkboxSelection={!!selection}
        keepNonExistentRowsSelected
        disableRowSelectionOnClick
        rowSelectionModel={selectionModel}
        onRowSelectionModelChange={(model) => {
          const onSelectionChange = props.onSelectionChange;
          if (!onSelectionChange) return;
          if (model.type === 'include') onSelectionChange(new Set(model.ids));
          else {
            // "Select all" on a server-paged grid: every row of this page but those excluded.
            onSelectionChange(
              new Set([...(selection ?? []), ...rows.map(getRowId).filter((id) => !model.ids.has(id))]),
            );
          }
        }}
        disableColumnMenu
        getRowHeight={() => 'auto'}
        autoHeight
        localeText={{ ...locale.grid, noRowsLabel: props.emptyText }}
        // Headings wrap onto a second line rather than end in an ellipsis, so columns can be narrow.
        columnHeaderHeight={64}
        sx={{
          '& .MuiDataGrid-cell': { py: 1, display: 'flex', alignItems: 'center', whiteSpace: 'normal' },
          '& .MuiDataGrid-cell, & .MuiDataGrid-columnHeader': { px: 1 },
          '& .MuiDataGrid-columnHeaderTitle': { whiteSpace: 'normal', lineHeight: 1.25 },
        }}
      />
    </Box>
  );
}

function CardList<T>({
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
  pageSizes,
}: ViewProps<T>) {
  const t = useT();
  const id = useId();
  const [first, ...rest] = columns;
  const sortable = columns.filter((column) => column.sortable);
  const pages = Math.max(1, Math.ceil(total / state.pageSize));
  const toggle = (rowId: GridRowId, on: boolean) =>
    onSelectionChange?.(toggled(selection ?? [], [rowId], on));

  return (
    <Box sx={{ width: '100%', minWidth: 0 }}>
      {sortable.length > 0 && (
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
      {loading && <LinearProgress aria-label={t('common.loading')} sx={{ mb: 1 }} />}
      {!loading && rows.length === 0 && (
        <Typography color="text.secondary" sx={{ py: 3, textAlign: 'center' }}>
          {emptyText}
        </Typography>
      )}
      <Stack component="ul" spacing={1.5} aria-label={label} sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {rows.map((row) => {
          const rowId = getRowId(row);
          const title = first ? cellValue(first, row) : String(rowId);
          return (
            <Card component="li" variant="outlined" key={String(rowId)}>
              <CardContent sx={{ pb: rowActions ? 0 : undefined, overflowWrap: 'anywhere' }}>
                <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
                  {selection && (
                    <Checkbox
                      checked={selection.has(rowId)}
                      onChange={(event) => toggle(rowId, event.target.checked)}
                      slotProps={{ input: { 'aria-label': t('crud.selectRow', { row: String(rowId) }) } }}
                      sx={{ mt: -1, ml: -1 }}
                    />
                  )}
                  <Box sx={{ minWidth: 0, flex: 1 }}>
                    <Typography component="div" sx={{ fontWeight: 600 }}>
                      {title}
                    </Typography>
                    <Box
                      component="dl"
                      sx={{
                        display: 'grid',
                        gridTemplateColumns: 'minmax(0, 2fr) minmax(0, 3fr)',
                        columnGap: 1,
                        rowGap: 0.5,
                        m: 0,
                        mt: 1,
                        fontSize: 14,
                      }}
                    >
                      {rest.map((column) => (
                        <Box key={column.field} sx={{ display: 'contents' }}>
                          <Box component="dt" sx={{ color: 'text.secondary' }}>
                            {column.header}
                          </Box>
                          <Box component="dd" sx={{ m: 0 }}>
                            {cellValue(column, row)}
                          </Box>
                        </Box>
                      ))}
                    </Box>
                  </Box>
                </Stack>
              </CardContent>
              {rowActions && <CardActions sx={{ flexWrap: 'wrap' }}>{rowActions(row)}</CardActions>}
            </Card>
          );
        })}
      </Stack>
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
          siblingCount={0}
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
          sx={{ width: '100%', display: 'flex', justifyContent: 'center' }}
        />
      </Stack>
    </Box>
  );
}
