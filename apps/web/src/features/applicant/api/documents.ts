import type { ApplicantDocumentEntry, DocumentKind } from '@portal/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, apiBlob } from '../../../lib/api';
import { saveFile } from '../../../lib/download';
import { uploadFile, type UploadProgress } from '../../../lib/upload';

export interface ApplicantDocumentsResponse {
  Status: string;
  Data: {
    Documents: ApplicantDocumentEntry[];
    Complete: boolean;
    Locked: boolean;
    Passport: string | null;
  };
}

/** GET /api/applicant/documents: every kind of document with what has been uploaded for it. */
export const documentsOptions = () =>
  queryOptions({
    queryKey: ['applicant', 'documents'],
    queryFn: ({ signal }) =>
      api<ApplicantDocumentsResponse>('/api/applicant/documents', { area: 'applicant', signal }),
  });

export const useApplicantDocuments = () => useQuery(documentsOptions());

export interface DocumentUploadResponse {
  Status: string;
  Message: string;
  Data: ApplicantDocumentEntry;
}

/** POST /api/applicant/documents/:kind (multipart field "file"), reporting the upload's progress. */
export function useUploadDocument() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      kind,
      file,
      onProgress,
    }: {
      kind: DocumentKind;
      file: File;
      onProgress: (progress: UploadProgress) => void;
    }) =>
      uploadFile<DocumentUploadResponse>(`/api/applicant/documents/${kind}`, file, {
        area: 'applicant',
        onProgress,
      }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: documentsOptions().queryKey }),
        queryClient.invalidateQueries({ queryKey: ['applicant', 'record'] }),
      ]),
  });
}

/** GET of a document's DownloadUrl (bearer-authenticated), saved under its stored name. */
export async function downloadDocument(url: string, fileName: string): Promise<void> {
  saveFile(await apiBlob(url, { area: 'applicant' }), fileName);
}

export const useDownloadDocument = () =>
  useMutation({
    mutationFn: ({ url, fileName }: { url: string; fileName: string }) => downloadDocument(url, fileName),
  });
