import KeyboardArrowLeft from '@mui/icons-material/KeyboardArrowLeft';
import KeyboardArrowRight from '@mui/icons-material/KeyboardArrowRight';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import { useTheme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import { useEffect, useId, useRef } from 'react';
import { useT } from '../i18n/useT';
import { PlainSelect } from './form/PlainSelect';

export interface TablePagerProps {
  /** Rows in all pages. */
  count: number;
  /** The page shown, from 0. */
  page: number;
  onPageChange: (page: number) => void;
  rowsPerPage: number;
  /** The page sizes offered; none or one: no choice shown. */
  rowsPerPageOptions?: readonly number[];
  onRowsPerPageChange?: (rowsPerPage: number) => void;
}

/**
 * A table's pager as MUI's TablePagination draws it — the page size, "1–5 of 12", previous and next —
 * on the browser's own select and two buttons. TablePagination brings Select, Menu, Popover, Modal, Tooltip and
 * Popper (about 25 KiB over the wire) to a page that only needs to turn pages. On a phone the parts
 * wrap onto two lines rather than run off-screen. Its words are the main catalogue's (`table.*`),
 * the same on every list that pages.
 */
export function TablePager({
  count,
  page,
  onPageChange,
  rowsPerPage,
  rowsPerPageOptions = [],
  onRowsPerPageChange,
}: TablePagerProps) {
  const t = useT();
  const selectId = useId();
  const rtl = useTheme().direction === 'rtl';
  const from = count === 0 ? 0 : page * rowsPerPage + 1;
  const to = Math.min(count, (page + 1) * rowsPerPage);
  const last = to >= count;
  // A button pressed into its disabled state (the last page reached) would drop the keyboard focus
  // to the page's start: it moves to the other button instead, as TablePagination does.
  const previousRef = useRef<HTMLButtonElement>(null);
  const nextRef = useRef<HTMLButtonElement>(null);
  const refocus = useRef<HTMLButtonElement | null>(null);
  useEffect(() => {
    refocus.current?.focus();
    refocus.current = null;
  }, [page]);
  const turn = (to: number) => {
    const pressed = to > page ? nextRef.current : previousRef.current;
    const atEnd = to === 0 || (to + 1) * rowsPerPage >= count;
    if (atEnd && pressed === document.activeElement) {
      refocus.current = to > page ? previousRef.current : nextRef.current;
    }
    onPageChange(to);
  };
  const Previous = rtl ? KeyboardArrowRight : KeyboardArrowLeft;
  const Next = rtl ? KeyboardArrowLeft : KeyboardArrowRight;
  return (
    <Box
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        justifyContent: 'flex-end',
        columnGap: 2,
        minHeight: 52,
        px: 1,
      }}
    >
      {rowsPerPageOptions.length > 1 && onRowsPerPageChange && (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
          <Typography component="label" variant="body2" htmlFor={selectId}>
            {t('table.rowsPerPage')}
          </Typography>
          <PlainSelect
            id={selectId}
            value={rowsPerPage}
            onChange={(event) => onRowsPerPageChange(Number(event.target.value))}
          >
            {rowsPerPageOptions.map((size) => (
              <option key={size} value={size}>
                {size}
              </option>
            ))}
          </PlainSelect>
        </Box>
      )}
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <Typography variant="body2">{t('table.displayedRows', { from, to, count })}</Typography>
        <IconButton
          ref={previousRef}
          aria-label={t('table.previousPage')}
          disabled={page === 0}
          onClick={() => turn(page - 1)}
        >
          <Previous />
        </IconButton>
        <IconButton
          ref={nextRef}
          aria-label={t('table.nextPage')}
          disabled={last}
          onClick={() => turn(page + 1)}
        >
          <Next />
        </IconButton>
      </Box>
    </Box>
  );
}
