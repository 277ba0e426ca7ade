import { STUDENT_API, type IssuedDocument } from '@portal/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

interface DocumentsResponse {
  Status: string;
  Data: { Issued: IssuedDocument[]; Forms: IssuedDocument[] };
}

/** GET /api/student/documents: documents issued to the student and the school's forms for their level. */
export const studentDocumentsOptions = () =>
  queryOptions({
    queryKey: ['student', 'documents'],
    queryFn: ({ signal }) => api<DocumentsResponse>(STUDENT_API.documents, { area: 'student', signal }),
  });
export const useStudentDocuments = () => useQuery(studentDocumentsOptions());
