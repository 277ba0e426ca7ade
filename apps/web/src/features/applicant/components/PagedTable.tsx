import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import { useState, type Key, type ReactNode } from 'react';
import { ScrollRegion } from '../../../components/SimpleTable';
import { useT } from '../../../i18n/useT';

/** Keeps a page number inside the pages a list has (after a row is removed, say). */
const clampPage = (page: number, count: number, pageSize: number) =>
  Math.min(page, Math.max(0, Math.ceil(count / pageSize) - 1));

/** A list shown a fixed number of rows at a time: the page shown and the rows on it. */
export interface Pages<T> {
  rows: readonly T[];
  page: number;
  pageSize: number;
  setPage: (page: number) => void;
  shown: readonly T[];
}

export function usePages<T>(rows: readonly T[], pageSize: number): Pages<T> {
  const [page, setPage] = useState(0);
  const current = clampPage(page, rows.length, pageSize);
  return {
    rows,
    page: current,
    pageSize,
    setPage,
    shown: rows.slice(current * pageSize, (current + 1) * pageSize),
  };
}

/**
 * A small table of the applicant's, a page at a time: S/N, the given columns and, when `action`
 * names it, a centred last column; the pager under it when there is more than one page.
 */
export function PagedTable<T>({
  label,
  minWidth,
  pages,
  columns,
  action,
  rowKey,
  cells,
}: {
  label: string;
  minWidth: number;
  pages: Pages<T>;
  columns: readonly string[];
  action?: string;
  rowKey: (row: T) => Key;
  /** The row's cells after its S/N. */
  cells: (row: T) => ReactNode;
}) {
  const t = useT();
  const first = pages.page * pages.pageSize;
  return (
    <>
      <ScrollRegion label={label}>
        <Table size="small" sx={{ minWidth }}>
          <TableHead>
            <TableRow>
              {[t('applicant.documentsTable.sn'), ...columns].map((column, index) => (
                <TableCell key={index} scope="col">
                  {column}
                </TableCell>
              ))}
              {action !== undefined && (
                <TableCell scope="col" align="center">
                  {action}
                </TableCell>
              )}
            </TableRow>
          </TableHead>
          <TableBody>
            {pages.shown.map((row, index) => (
              <TableRow key={rowKey(row)}>
                <TableCell>{first + index + 1}</TableCell>
                {cells(row)}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </ScrollRegion>
      <TablePager
        count={pages.rows.length}
        page={pages.page}
        pageSize={pages.pageSize}
        onPageChange={pages.setPage}
      />
    </>
  );
}

/** The table pager with a fixed page size, its words translated. */
function TablePager({
  count,
  page,
  pageSize,
  onPageChange,
}: {
  count: number;
  page: number;
  pageSize: number;
  onPageChange: (page: number) => void;
}) {
  const t = useT();
  if (count <= pageSize) return null;
  return (
    <TablePagination
      component="div"
      count={count}
      page={page}
      rowsPerPage={pageSize}
      rowsPerPageOptions={[]}
      onPageChange={(_event, next) => onPageChange(next)}
      labelDisplayedRows={({ from, to, count: total }) =>
        t('applicant.table.rows', { from, to, count: total })
      }
      getItemAriaLabel={(type) =>
        t(
          type === 'next'
            ? 'applicant.table.next'
            : type === 'previous'
              ? 'applicant.table.previous'
              : type === 'first'
                ? 'applicant.table.first'
                : 'applicant.table.last',
        )
      }
    />
  );
}
