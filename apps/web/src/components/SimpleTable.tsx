import Box from '@mui/material/Box';
import type { SxProps, Theme } from '@mui/material/styles';
import type { Key, ReactNode } from 'react';
import { sxList } from '../lib/sx';
import { DataTable } from './DataTable';

/**
 * A wide part that scrolls sideways inside its own box, so the page never does on a phone;
 * focusable and named, so a keyboard user can scroll it too. A table in it keeps its first column
 * in view while the rest scrolls, so every row still says what it is.
 */
export function ScrollRegion({
  label,
  sx,
  children,
}: {
  label: string;
  sx?: SxProps<Theme>;
  children: ReactNode;
}) {
  return (
    <Box
      sx={[
        {
          overflowX: 'auto',
          maxWidth: '100%',
          '&:focus-visible': { outline: 2, outlineColor: 'primary.main', outlineOffset: 2 },
          // `left` becomes `right` in the right-to-left layout (the style cache flips it).
          '& tr > :first-of-type': { position: 'sticky', left: 0, zIndex: 1, bgcolor: 'background.paper' },
        },
        ...sxList(sx),
      ]}
      tabIndex={0}
      role="region"
      aria-label={label}
    >
      {children}
    </Box>
  );
}

export interface SimpleColumn<Row> {
  header: string;
  cell: (row: Row) => ReactNode;
  /** Counts and amounts: aligned to the end. */
  numeric?: boolean;
  /** See `DataColumn.priority`: 0 never collapses; higher numbers collapse first. */
  priority?: number;
  /** The cell holds inputs or buttons (see `DataColumn.controls`). */
  controls?: boolean;
}

/** A small read-only table of rows already loaded: the shared `DataTable`, named `label`. */
export function SimpleTable<Row>({
  label,
  columns,
  rows,
  rowKey,
  sx,
}: {
  label: string;
  columns: readonly SimpleColumn<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => Key;
  sx?: SxProps<Theme>;
}) {
  return (
    <DataTable
      label={label}
      columns={columns.map((column, index) => ({ ...column, key: String(index) }))}
      rows={rows}
      rowKey={rowKey}
      sx={sx}
    />
  );
}
