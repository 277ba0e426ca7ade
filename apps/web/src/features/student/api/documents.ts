import type { IssuedDocument } from '@portal/contracts';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { api, apiBlob } from '../../../lib/api';
import { saveFile } from '../../../lib/download';

interface DocumentsResponse {
  Status: string;
  Data: { Issued: IssuedDocument[]; Forms: IssuedDocument[] };
}

/** GET /api/student/documents: documents issued to the student and the school's forms for their level. */
export const studentDocumentsOptions = () =>
  queryOptions({
    queryKey: ['student', 'documents'],
    queryFn: ({ signal }) => api<DocumentsResponse>('/api/student/documents', { area: 'student', signal }),
  });
export const useStudentDocuments = () => useQuery(studentDocumentsOptions());

/** Fetches a document (with the student's token) and saves it under its name. */
export const useDownload = () =>
  useMutation({
    mutationFn: async ({ url, fileName }: { url: string; fileName: string }) =>
      saveFile(await apiBlob(url, { area: 'student' }), fileName),
  });
