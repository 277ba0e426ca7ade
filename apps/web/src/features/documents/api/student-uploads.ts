import { STUDENT_API, type ClearanceEntry, type ClearanceKind } from '@portal/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { uploadFile, type UploadProgress } from '../../../lib/upload';

/** GET /api/student/uploads: the clearance documents with what has been uploaded. */
export const clearanceOptions = () =>
  queryOptions({
    queryKey: ['student', 'uploads'],
    queryFn: ({ signal }) =>
      api<{ Status: string; Data: ClearanceEntry[] }>(STUDENT_API.uploads, { area: 'student', signal }),
  });
export const useClearance = () => useQuery(clearanceOptions());

/** POST /api/student/uploads/:kind (multipart field "file"), reporting progress. */
export function useUploadClearance() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      kind,
      file,
      onProgress,
    }: {
      kind: ClearanceKind;
      file: File;
      onProgress: (progress: UploadProgress) => void;
    }) =>
      uploadFile<{ Status: string; Message: string; Data: ClearanceEntry }>(
        `${STUDENT_API.uploads}/${kind}`,
        file,
        {
          area: 'student',
          onProgress,
        },
      ),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: clearanceOptions().queryKey }),
        queryClient.invalidateQueries({ queryKey: ['student', 'dashboard'] }),
      ]),
  });
}
