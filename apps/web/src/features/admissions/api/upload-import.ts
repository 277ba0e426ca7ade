import type { ImportJobItem, ImportKind } from '@portal/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { uploadForm } from '../../../components/crud/upload';

export interface ImportJobResponse {
  Status: string;
  Message?: string;
  Data: ImportJobItem;
}

/**
 * POST /api/admin/imports/<kind>: the file (CSV/XLSX, or a ZIP of passports) as multipart with
 * upload progress; answers 202 with the job to poll.
 */
export function useStartImport(kind: ImportKind) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({
      file,
      admissionSessionId,
      onProgress,
    }: {
      file: File;
      admissionSessionId?: number;
      onProgress: (fraction: number) => void;
    }) => {
      const form = new FormData();
      if (admissionSessionId) form.append('admissionSessionId', String(admissionSessionId));
      form.append('file', file);
      return uploadForm<ImportJobResponse>(`/api/admin/imports/${kind}`, form, { onProgress });
    },
    onSuccess: () => client.invalidateQueries({ queryKey: ['imports', 'list', kind] }),
  });
}
