import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { SxProps, Theme } from '@mui/material/styles';
import type { Key, ReactNode } from 'react';

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
        ...(Array.isArray(sx) ? sx : [sx]),
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
}

/** A small read-only table of rows already loaded, in a `ScrollRegion` named `label`. */
export function SimpleTable<Row>({
  label,
  minWidth,
  columns,
  rows,
  rowKey,
  sx,
}: {
  label: string;
  minWidth: number;
  columns: readonly SimpleColumn<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => Key;
  sx?: SxProps<Theme>;
}) {
  const align = (column: SimpleColumn<Row>) => (column.numeric ? 'right' : undefined);
  return (
    <ScrollRegion label={label} sx={sx}>
      <Table size="small" sx={{ minWidth }}>
        <TableHead>
          <TableRow>
            {columns.map((column) => (
              <TableCell key={column.header} align={align(column)}>
                {column.header}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={rowKey(row)}>
              {columns.map((column) => (
                <TableCell key={column.header} align={align(column)}>
                  {/* data keeps its own direction in the right-to-left layout */}
                  <bdi>{column.cell(row)}</bdi>
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </ScrollRegion>
  );
}
