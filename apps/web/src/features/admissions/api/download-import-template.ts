import { apiBlob } from '../../../lib/api';
import { saveFile } from '../../../lib/download';

/** GET /api/admin/imports/template?format=: the columns to fill and an example row. */
export async function downloadImportTemplate(format: 'csv' | 'xlsx'): Promise<void> {
  saveFile(
    await apiBlob('/api/admin/imports/template', { query: { format } }),
    `candidates-template.${format}`,
  );
}
