import { useMutation } from '@tanstack/react-query';
import { apiBlob } from '../../../lib/api';
import type { AreaId } from '../../../lib/areas';
import { saveFile } from '../../../lib/download';

export interface PdfDownload {
  /** An API path, e.g. /api/receipts/{id}.pdf. */
  url: string;
  fileName: string;
  /** Whose token to send: null for the public documents. */
  area: AreaId | null;
}

/** Downloads one of the server's PDFs (receipt, letters, admission documents) and saves it. */
export async function downloadPdf({ url, fileName, area }: PdfDownload): Promise<void> {
  saveFile(await apiBlob(url, { area }), fileName);
}

export const useDownloadPdf = () => useMutation({ mutationFn: downloadPdf });

/** A file name without characters that browsers or file systems refuse. */
export const safeFileName = (name: string) => name.replace(/[^0-9A-Za-z._-]+/g, '-');
