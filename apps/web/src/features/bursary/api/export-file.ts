import { apiBlob, type QueryValue } from '../../../lib/api';
import { saveFile } from '../../../lib/download';

/**
 * GET /api/admin/bursary/payments/export or …/summary/export: the filtered set (or the session's
 * summary) as CSV or XLSX, saved as a file.
 */
export async function exportBursaryFile(
  what: 'payments' | 'summary',
  format: 'csv' | 'xlsx',
  query: Record<string, QueryValue>,
): Promise<void> {
  const blob = await apiBlob(`/api/admin/bursary/${what}/export`, { query: { ...query, format } });
  const name = what === 'payments' ? 'payments' : 'payments-summary';
  saveFile(blob, `${name}-${new Date().toISOString().slice(0, 10)}.${format}`);
}
