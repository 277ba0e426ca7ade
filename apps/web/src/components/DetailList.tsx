import Box from '@mui/material/Box';
import type { Breakpoint } from '@mui/material/styles';
import type { ReactNode } from 'react';

/**
 * Labels and values as a description list, labels in the first column. Each value is isolated
 * with its own direction (`<bdi>`): an English name or address in the right-to-left layout keeps
 * its numbers and punctuation where they belong.
 */
export function DetailList({
  rows,
  columns = { xs: 'minmax(0, 2fr) minmax(0, 3fr)', sm: 'max-content minmax(0, 1fr)' },
  rowGap = 0.5,
}: {
  rows: readonly [label: string, value: ReactNode][];
  /** The grid's columns, for every width or from a breakpoint up. */
  columns?: string | Partial<Record<Breakpoint, string>>;
  rowGap?: number;
}) {
  return (
    <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: columns, columnGap: 2, rowGap, m: 0 }}>
      {rows.map(([label, value]) => (
        <Box key={label} sx={{ display: 'contents' }}>
          <Box component="dt" sx={{ color: 'text.secondary' }}>
            {label}
          </Box>
          <Box component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
            <bdi>{value}</bdi>
          </Box>
        </Box>
      ))}
    </Box>
  );
}
