import type { ApplicationView } from '@portal/contracts';
import { apiBlob, type QueryValue } from '../../../lib/api';
import { saveFile } from '../../../lib/download';

/** GET /api/admin/applications/export: a filtered list as CSV or XLSX, saved as a file. */
export async function exportApplications(
  view: ApplicationView,
  format: 'csv' | 'xlsx',
  query: Record<string, QueryValue>,
): Promise<void> {
  const blob = await apiBlob('/api/admin/applications/export', { query: { ...query, view, format } });
  saveFile(blob, `applications-${view}-${new Date().toISOString().slice(0, 10)}.${format}`);
}
