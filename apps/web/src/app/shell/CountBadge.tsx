import Box from '@mui/material/Box';
import type { ReactNode } from 'react';

const MAX = 99;

/** A count as the header shows it: '99+' past 99. */
export const shownCount = (count: number) => (count > MAX ? `${MAX}+` : String(count));

/**
 * A red count pill, as MUI's Badge draws one (its 20 px pill in the error colour), on the corner
 * of `children` or, without them, in the line. Nothing is drawn for 0. Lighter than Badge, which
 * every signed-in page would download for the bell alone.
 */
export function CountBadge({ count, children }: { count: number; children?: ReactNode }) {
  const pill =
    count > 0 ? (
      <Box
        component="span"
        sx={[
          {
            display: 'inline-flex',
            alignItems: 'center',
            justifyContent: 'center',
            boxSizing: 'border-box',
            minWidth: 20,
            height: 20,
            px: 0.75,
            borderRadius: 10,
            bgcolor: 'error.main',
            color: 'error.contrastText',
            fontSize: '0.75rem',
            fontWeight: 500,
            lineHeight: 1,
          },
          children
            ? {
                position: 'absolute',
                top: 0,
                right: 0,
                transform: 'scale(1) translate(50%, -50%)',
                transformOrigin: '100% 0%',
              }
            : {},
        ]}
      >
        {shownCount(count)}
      </Box>
    ) : null;
  if (!children) return pill;
  return (
    <Box component="span" sx={{ position: 'relative', display: 'inline-flex', verticalAlign: 'middle' }}>
      {children}
      {pill}
    </Box>
  );
}
