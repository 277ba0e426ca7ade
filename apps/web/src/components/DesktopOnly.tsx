import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import useMediaQuery from '@mui/material/useMediaQuery';
import { DESKTOP_MIN_WIDTH } from '@portal/contracts';
import type { ReactNode } from 'react';
import { useT } from '../i18n/useT';

/**
 * A page part for large screens only (spec section 2: the provisional admission letter and the
 * fee schedule): below 768 px wide it shows 'Sorry, this page is not accessible on screens
 * smaller than 768px. Please use a larger device to view this content.' instead.
 */
export function DesktopOnly({
  children,
  narrow,
}: {
  children: ReactNode;
  /** Shown under the message on a small screen: another way to the same content (a PDF, say). */
  narrow?: ReactNode;
}) {
  const t = useT();
  const wide = useMediaQuery(`(min-width:${DESKTOP_MIN_WIDTH}px)`, { noSsr: true });
  if (wide) return children;
  return (
    <>
      <Alert severity="info" role="status">
        {t('desktopOnly.message')}
      </Alert>
      {narrow && <Box sx={{ mt: 2 }}>{narrow}</Box>}
    </>
  );
}
