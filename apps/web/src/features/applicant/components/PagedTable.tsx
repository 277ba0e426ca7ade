import { useState, type Key, type ReactNode } from 'react';
import { DataTable, type DataColumn } from '../../../components/DataTable';
import { TablePager } from '../../../components/TablePager';
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
      {pages.rows.length > pages.pageSize && (
        <TablePager
          count={pages.rows.length}
          page={pages.page}
          rowsPerPage={pages.pageSize}
          onPageChange={pages.setPage}
        />
      )}
    </>
  );
}
