import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import TableSortLabel from '@mui/material/TableSortLabel';
import type { SxProps, Theme } from '@mui/material/styles';
import {
  Fragment,
  lazy,
  Suspense,
  useLayoutEffect,
  useReducer,
  useRef,
  useState,
  type Key,
  type ReactNode,
} from 'react';
import { useT } from '../i18n/useT';
import { sxList } from '../lib/sx';
import { serverRender } from '../lib/serverRender';

/**
 * MUI's Checkbox (with SwitchBase: about 2 KiB over the wire) only for tables whose rows can be
 * selected, downloaded with the first of them; a box of its size holds the place meanwhile.
 */
const Checkbox = lazy(() => import('@mui/material/Checkbox'));
const checkboxSpace = <Box component="span" sx={{ display: 'inline-block', width: 38, height: 38 }} />;

/** One column of a `DataTable`. */
export interface DataColumn<Row> {
  /** Unique among the table's columns (and the server's sort key when sortable). */
  key: string;
  header: string;
  cell: (row: Row) => ReactNode;
  /** Counts and amounts: aligned to the end. */
  numeric?: boolean;
  /**
   * How much the column matters: 0 is essential (never collapsed; the first essential column
   * titles a row's card), and where the table is too narrow the highest numbers collapse first
   * into the row's details. Columns without one count as 1, and the last of equals goes first.
   */
  priority?: number;
  sortable?: boolean;
  /**
   * The cell holds controls (inputs, buttons), not data: it is not isolated with `<bdi>` and
   * its content may not break inside words.
   */
  controls?: boolean;
}

export interface DataTableSort {
  key?: string;
  order: 'asc' | 'desc';
  onSort: (key: string) => void;
}

export interface DataTableSelection {
  selected: ReadonlySet<Key>;
  onChange: (key: Key, on: boolean) => void;
  onChangeAll: (keys: readonly Key[], on: boolean) => void;
  /** The checkbox's name for one row. */
  rowLabel: (key: Key) => string;
}

export interface DataTableProps<Row> {
  /** The table's accessible name. */
  label: string;
  columns: readonly DataColumn<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => Key;
  /** Buttons for one row; their column never collapses and stays in view at the end of the row. */
  actions?: { header: string; cell: (row: Row) => ReactNode };
  selection?: DataTableSelection;
  sort?: DataTableSort;
  /** Shown in place of rows when there are none. */
  emptyText?: string;
  loading?: boolean;
  sx?: SxProps<Theme>;
}

/** Below this width (px) a table that does not fit turns each row into a card. */
export const CARD_WIDTH = 600;

const essential = <Row,>(column: DataColumn<Row>) => (column.priority ?? 1) === 0;

/**
 * The columns in the order they collapse (least important first): higher priority numbers first,
 * and among equals the later column first.
 */
export function collapseOrder<Row>(columns: readonly DataColumn<Row>[]): DataColumn<Row>[] {
  return columns
    .map((column, index) => ({ column, index }))
    .filter(({ column }) => !essential(column))
    .sort((a, b) => (b.column.priority ?? 1) - (a.column.priority ?? 1) || b.index - a.index)
    .map(({ column }) => column);
}

/** A cell's text when it is plain text (to name the row's buttons). */
const plainText = (node: ReactNode): string | undefined =>
  typeof node === 'string' || typeof node === 'number' ? String(node) : undefined;

/** A cell's content: data keeps its own direction in the right-to-left layout. */
const content = <Row,>(column: DataColumn<Row>, row: Row) =>
  column.controls ? column.cell(row) : <bdi>{column.cell(row)}</bdi>;

type Layout = { cards: boolean; collapsed: number };
const FULL: Layout = { cards: false, collapsed: 0 };

/**
 * Every list of the portal: a table whose columns collapse by priority where it is too narrow.
 * It measures itself: a wide table first drops its least important columns into an expandable
 * row detail (the actions column always stays, pinned to the row's end); where even that does not
 * fit a narrow screen, each row becomes a card of label/value pairs. The markup stays one table
 * (explicit roles keep its semantics when shown as cards), so inputs in it keep their state and
 * focus across layouts.
 */
export function DataTable<Row>({
  label,
  columns,
  rows,
  rowKey,
  actions,
  selection,
  sort,
  emptyText,
  loading,
  sx,
}: DataTableProps<Row>) {
  const t = useT();
  const box = useRef<HTMLDivElement>(null);
  const table = useRef<HTMLTableElement>(null);
  // On the server (nothing to measure), a phone's screen is taken to need the cards; the browser
  // measures from the whole table, before its first paint.
  const [layout, setLayout] = useState<Layout>(() => {
    const server = serverRender();
    return server && server.viewportWidth < CARD_WIDTH ? { cards: true, collapsed: 0 } : FULL;
  });
  const [open, setOpen] = useState<ReadonlySet<Key>>(new Set());
  const [overflows, setOverflows] = useState(false);
  // The box's and the table's widths as last measured (after each render, below), and a counter
  // that renders (and so measures) again when either has changed since.
  const measured = useRef({ box: 0, table: 0 });
  const [, measureAgain] = useReducer((count: number) => count + 1, 0);

  // Follow the box's width (growing, try every column again; shrinking, check again) and the
  // table's own size: content that grows without this component rendering again (a web font
  // arriving, a lazily loaded control inside a cell) must be measured again too, or the table
  // would overflow its box unseen, without collapsing and without a keyboard stop. The observer's
  // first report (the sizes just measured) renders nothing again.
  useLayoutEffect(() => {
    const element = box.current;
    const tableElement = table.current;
    if (!element || !tableElement || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => {
      const last = measured.current;
      const boxWidth = element.clientWidth;
      if (boxWidth === last.box && tableElement.offsetWidth === last.table) return;
      if (boxWidth > last.box) setLayout(FULL);
      measureAgain();
    });
    observer.observe(element);
    observer.observe(tableElement);
    return () => observer.disconnect();
  }, []);

  const order = collapseOrder(columns);
  const hidden = new Set(layout.cards ? [] : order.slice(0, layout.collapsed).map((c) => c.key));

  // After each render: while the table is wider than its box, collapse columns (or turn to cards).
  useLayoutEffect(() => {
    const element = box.current;
    const tableElement = table.current;
    if (!element || !tableElement) return;
    const width = element.clientWidth;
    measured.current = { box: width, table: tableElement.offsetWidth };
    if (width === 0) return;
    const excess = tableElement.scrollWidth - width;
    setOverflows(excess > 1);
    if (excess <= 1 || layout.cards) return;
    if (width < CARD_WIDTH) {
      setLayout({ cards: true, collapsed: 0 });
      return;
    }
    if (layout.collapsed >= order.length) return;
    // Collapse as many of the next columns as their present widths cover the excess.
    let collapsed = layout.collapsed;
    let freed = 0;
    while (collapsed < order.length && freed < excess) {
      const header = tableElement.querySelector<HTMLElement>(`[data-column="${order[collapsed]!.key}"]`);
      freed += header?.offsetWidth ?? 0;
      collapsed += 1;
    }
    setLayout({ cards: false, collapsed });
  });

  const shown = columns.filter((column) => !hidden.has(column.key));
  const collapsedColumns = columns.filter((column) => hidden.has(column.key));
  const details = collapsedColumns.length > 0;
  const title = columns.find(essential) ?? columns[0];
  const span = shown.length + (details ? 1 : 0) + (selection ? 1 : 0) + (actions ? 1 : 0);
  const keys = rows.map(rowKey);
  const allSelected = !!selection && keys.length > 0 && keys.every((key) => selection.selected.has(key));
  const someSelected = !!selection && keys.some((key) => selection.selected.has(key));
  const toggle = (key: Key) =>
    setOpen((current) => {
      const next = new Set(current);
      if (!next.delete(key)) next.add(key);
      return next;
    });

  return (
    <Box sx={[{ width: '100%', minWidth: 0, position: 'relative' }, ...sxList(sx)]}>
      {/* Drawn over the table's top edge: a refetch must not move the rows under a finger or pointer about to tap one. */}
      {loading && (
        <LinearProgress
          aria-label={t('common.loading')}
          sx={{ position: 'absolute', top: 0, left: 0, right: 0, zIndex: 3 }}
        />
      )}
      <Box
        ref={box}
        sx={{
          overflowX: 'auto',
          maxWidth: '100%',
          '&:focus-visible': { outline: 2, outlineColor: 'primary.main', outlineOffset: 2 },
        }}
        // Only a box that scrolls needs to be reachable by keyboard.
        {...(overflows ? { tabIndex: 0, role: 'region', 'aria-label': label } : {})}
      >
        <Box
          component="table"
          ref={table}
          role="table"
          aria-label={label}
          data-layout={layout.cards ? 'cards' : 'table'}
          sx={layout.cards ? cardStyles : tableStyles}
        >
          <thead role="rowgroup">
            <tr role="row">
              {selection && (
                <th role="columnheader" scope="col" className="dt-narrow">
                  <Suspense fallback={checkboxSpace}>
                    <Checkbox
                      size="small"
                      checked={allSelected}
                      indeterminate={someSelected && !allSelected}
                      onChange={(event) => selection.onChangeAll(keys, event.target.checked)}
                      slotProps={{ input: { 'aria-label': t('table.selectAll') } }}
                    />
                  </Suspense>
                </th>
              )}
              {details && (
                <th role="columnheader" scope="col" className="dt-narrow">
                  <span className="dt-hidden">{t('table.details')}</span>
                </th>
              )}
              {shown.map((column) => (
                <th
                  key={column.key}
                  role="columnheader"
                  scope="col"
                  data-column={column.key}
                  className={column.numeric ? 'dt-numeric' : undefined}
                  aria-sort={
                    sort && sort.key === column.key
                      ? sort.order === 'asc'
                        ? 'ascending'
                        : 'descending'
                      : undefined
                  }
                >
                  {sort && column.sortable ? (
                    <TableSortLabel
                      active={sort.key === column.key}
                      direction={sort.key === column.key ? sort.order : 'asc'}
                      onClick={() => sort.onSort(column.key)}
                    >
                      {column.header}
                    </TableSortLabel>
                  ) : (
                    column.header
                  )}
                </th>
              ))}
              {actions && (
                <th role="columnheader" scope="col" className="dt-actions">
                  {actions.header}
                </th>
              )}
            </tr>
          </thead>
          <tbody role="rowgroup">
            {rows.length === 0 && !loading && emptyText !== undefined && (
              <tr role="row">
                <td role="cell" colSpan={span} className="dt-empty">
                  {emptyText}
                </td>
              </tr>
            )}
            {rows.map((row, index) => {
              const key = keys[index]!;
              const expanded = details && open.has(key);
              return (
                <Fragment key={key}>
                  <tr role="row" className={selection?.selected.has(key) ? 'dt-selected' : undefined}>
                    {selection && (
                      <td role="cell" className="dt-narrow dt-check">
                        <Suspense fallback={checkboxSpace}>
                          <Checkbox
                            size="small"
                            checked={selection.selected.has(key)}
                            onChange={(event) => selection.onChange(key, event.target.checked)}
                            slotProps={{ input: { 'aria-label': selection.rowLabel(key) } }}
                          />
                        </Suspense>
                      </td>
                    )}
                    {details && (
                      <td role="cell" className="dt-narrow">
                        <IconButton
                          size="small"
                          aria-expanded={expanded}
                          aria-label={t('table.moreOf', {
                            row: plainText(title?.cell(row)) ?? String(index + 1),
                          })}
                          onClick={() => toggle(key)}
                        >
                          <Box
                            component="svg"
                            viewBox="0 0 24 24"
                            aria-hidden
                            sx={{
                              width: 20,
                              height: 20,
                              fill: 'currentColor',
                              transition: 'transform 150ms',
                              transform: expanded ? 'rotate(180deg)' : undefined,
                            }}
                          >
                            <path d="M16.59 8.59 12 13.17 7.41 8.59 6 10l6 6 6-6z" />
                          </Box>
                        </IconButton>
                      </td>
                    )}
                    {shown.map((column) => (
                      <td
                        key={column.key}
                        role="cell"
                        className={[
                          column.numeric ? 'dt-numeric' : '',
                          column.controls ? 'dt-controls' : '',
                          column === title ? 'dt-title' : '',
                        ].join(' ')}
                      >
                        {/* A card names each value; a table's headings do (and a cell's text stays its value). */}
                        {layout.cards && (
                          <span className="dt-label" aria-hidden>
                            {column.header}
                          </span>
                        )}
                        <span className="dt-value">{content(column, row)}</span>
                      </td>
                    ))}
                    {actions && (
                      <td role="cell" className="dt-actions">
                        <span className="dt-buttons">{actions.cell(row)}</span>
                      </td>
                    )}
                  </tr>
                  {expanded && (
                    <tr role="row" className="dt-detail">
                      <td role="cell" colSpan={span}>
                        <Box component="dl" sx={pairs}>
                          {collapsedColumns.map((column) => (
                            <Fragment key={column.key}>
                              <dt>{column.header}</dt>
                              <dd>{content(column, row)}</dd>
                            </Fragment>
                          ))}
                        </Box>
                      </td>
                    </tr>
                  )}
                </Fragment>
              );
            })}
          </tbody>
        </Box>
      </Box>
    </Box>
  );
}

const pairs: SxProps<Theme> = {
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 2fr) minmax(0, 3fr)',
  columnGap: 1,
  rowGap: 0.5,
  m: 0,
  '& dt': { color: 'text.secondary' },
  '& dd': { m: 0, overflowWrap: 'anywhere' },
};

// Read by screen readers, not shown: no padding or border, so the box is truly 1 px (a cell's padding
// would otherwise leave a visible, clipped box).
const hiddenText = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  padding: 0,
  margin: '-1px',
  border: 0,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

const shared = (theme: Theme) => ({
  borderCollapse: 'collapse' as const,
  fontSize: theme.typography.body2.fontSize,
  '& .dt-hidden': hiddenText,
  '& .dt-empty': { textAlign: 'center' as const, color: theme.palette.text.secondary, py: 3 },
  '& .dt-selected': { backgroundColor: theme.palette.action.selected },
});

const tableStyles: SxProps<Theme> = (theme) => ({
  ...shared(theme),
  width: '100%',
  '& th, & td': {
    padding: '6px 8px',
    borderBottom: `1px solid ${theme.palette.divider}`,
    textAlign: 'start',
    verticalAlign: 'middle',
  },
  // Data breaks anywhere rather than push the table wider; headings and controls keep their words.
  '& td': { overflowWrap: 'anywhere' },
  '& td.dt-controls, & td.dt-actions': { overflowWrap: 'normal' },
  '& th': { fontWeight: 500, color: theme.palette.text.primary, lineHeight: 1.3 },
  '& .dt-numeric': { textAlign: 'end' },
  '& .dt-label': { display: 'none' },
  '& .dt-narrow': { width: '1%', px: 0.5 },
  // The actions stay in view at the row's end (`right` turns to `left` right to left).
  '& .dt-actions': {
    position: 'sticky',
    right: 0,
    zIndex: 1,
    width: '1%',
    backgroundColor: theme.palette.background.paper,
    whiteSpace: 'nowrap',
  },
  '& .dt-buttons': { display: 'inline-flex', flexWrap: 'wrap', gap: 0.5, alignItems: 'center' },
  '& .dt-detail > td': { backgroundColor: theme.palette.action.hover },
});

const cardStyles: SxProps<Theme> = (theme) => ({
  ...shared(theme),
  display: 'block',
  width: '100%',
  // The headings stay for screen readers (each cell is named by its column), out of sight.
  '& thead, & thead th': { display: 'block', ...hiddenText },
  '& tbody': { display: 'flex', flexDirection: 'column', gap: 1.5 },
  '& tr': {
    display: 'block',
    border: `1px solid ${theme.palette.divider}`,
    borderRadius: `${theme.shape.borderRadius}px`,
    padding: theme.spacing(1.5, 2),
  },
  '& td': {
    display: 'grid',
    gridTemplateColumns: 'minmax(0, 2fr) minmax(0, 3fr)',
    columnGap: 1,
    py: 0.25,
    overflowWrap: 'anywhere',
    textAlign: 'start',
  },
  '& .dt-label': { color: theme.palette.text.secondary },
  '& .dt-title': { display: 'block', fontWeight: 600, fontSize: theme.typography.body1.fontSize, mb: 0.5 },
  '& .dt-title .dt-label': { display: 'none' },
  '& .dt-empty, & .dt-actions, & .dt-check': { display: 'block' },
  '& .dt-check': { mt: -1, ml: -1 },
  '& .dt-actions': { mt: 1 },
  '& .dt-buttons': { display: 'flex', flexWrap: 'wrap', gap: 1 },
  '& .dt-controls': { overflowWrap: 'normal', alignItems: 'center' },
});
