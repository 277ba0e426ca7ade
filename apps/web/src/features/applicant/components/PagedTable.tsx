import TablePagination from '@mui/material/TablePagination';
import { useState, type Key, type ReactNode } from 'react';
import { DataTable, type DataColumn } from '../../../components/DataTable';
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
 * A small table of the applicant's on the shared `DataTable`, a page at a time: S/N, the given
 * columns and, when given, the row's action; the pager under it when there is more than one page.
 */
export function PagedTable<T>({
  label,
  pages,
  columns,
  actions,
  rowKey,
}: {
  label: string;
  pages: Pages<T>;
  columns: readonly DataColumn<T>[];
  actions?: { header: string; cell: (row: T) => ReactNode };
  rowKey: (row: T) => Key;
}) {
  const t = useT();
  const first = pages.page * pages.pageSize;
  const serial = new Map(pages.shown.map((row, index) => [rowKey(row), first + index + 1]));
  return (
    <>
      <DataTable
        label={label}
        rows={pages.shown}
        rowKey={rowKey}
        columns={[
          {
            key: 'sn',
            header: t('applicant.documentsTable.sn'),
            priority: 3,
            cell: (row) => serial.get(rowKey(row)),
          },
          ...columns,
        ]}
        actions={actions}
      />
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
