import type { TransactionRow } from '@portal/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** The answer of GET /api/Admin/GetTransactionAsync: `state` 1 is success (spec §7). */
export interface TransactionsAnswer {
  state: number;
  msg: string;
  data: TransactionRow[];
  total: number;
  page: number;
  pageSize: number;
}

/** The transaction list state of spec §3: page, pageSize, startDate, endDate (YYYY-MM-DD or ''). */
export interface TransactionListState {
  page: number;
  pageSize: number;
  startDate: string;
  endDate: string;
}

/** GET /api/Admin/GetTransactionAsync?initialPage&pageSize&initialDate&finalDate, paged on the server. */
export function useTransactions(state: TransactionListState) {
  const query = {
    initialPage: state.page,
    pageSize: state.pageSize,
    initialDate: state.startDate || undefined,
    finalDate: state.endDate || undefined,
  };
  return useQuery({
    queryKey: ['transactions', query],
    queryFn: ({ signal }) =>
      api<TransactionsAnswer>('/api/Admin/GetTransactionAsync', { query: { ...query }, signal }),
    placeholderData: keepPreviousData,
    staleTime: 0,
    retry: false,
  });
}
