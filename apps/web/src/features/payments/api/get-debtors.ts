import type { DebtorsResponse } from '@portal/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, apiBlob } from '../../../lib/api';
import { saveFile } from '../../../lib/download';

export type DebtorsFilter = {
  sessionId?: number;
  departmentId?: number;
  levelId?: number;
  search?: string;
};

/** GET api/admin/debtors: students owing school fees for a session, a page at a time. */
export const useDebtors = (query: DebtorsFilter & { page: number; pageSize: number }) =>
  useQuery({
    queryKey: ['payments', 'debtors', query],
    queryFn: ({ signal }) => api<DebtorsResponse>('/api/admin/debtors', { query, signal }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

/** GET api/admin/debtors/export: the same list (every page) as CSV or XLSX, saved as a file. */
export async function exportDebtors(filter: DebtorsFilter, format: 'csv' | 'xlsx'): Promise<void> {
  const blob = await apiBlob('/api/admin/debtors/export', {
    query: { ...filter, format },
  });
  saveFile(blob, `debtors-${new Date().toISOString().slice(0, 10)}.${format}`);
}
