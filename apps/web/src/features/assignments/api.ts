import {
  ASSIGNMENTS_API as API,
  type AssignmentDetail,
  type AssignmentFile,
  type AssignmentInput,
  type AssignmentScoreItem,
  type AssignmentView,
  type GradeInput,
  type Receipt,
  type StaffAssignment,
  type StudentAssignments,
  type SubmissionView,
} from '@portal/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { localiseAnswer } from '../../i18n/serverMessages';
import { ApiError, api, apiBlob, apiErrorOf, authHeaders } from '../../lib/api';
import { saveFile } from '../../lib/download';
import { uploadFile } from '../../lib/upload';

/** Assignments' calls: the lecturer's (offerings, assignments, grading) and the student's. */
interface Answer<T> {
  Status: string;
  Message?: string;
  Data: T;
}

/** Lagos date-time inputs, shared with the other classroom pages (lib/lagosTime.ts). */
export { LAGOS_OFFSET, fromLagosInput, toLagosInput } from '../../lib/lagosTime';

export const useScoreItems = () =>
  useQuery({
    queryKey: ['assignments', 'score-items'],
    queryFn: ({ signal }) =>
      api<Answer<AssignmentScoreItem[]>>(API.scoreItems, { signal }).then((a) => a.Data),
  });

export const useOfferingAssignments = (courseId: number, sessionId: number) =>
  useQuery({
    queryKey: ['assignments', 'offering', courseId, sessionId],
    queryFn: ({ signal }) =>
      api<Answer<StaffAssignment[]>>(API.offering(courseId, sessionId), { signal }).then((a) => a.Data),
    staleTime: 0,
  });

export const useAssignmentDetail = (id: number | null) =>
  useQuery({
    queryKey: ['assignments', 'detail', id],
    queryFn: ({ signal }) =>
      api<Answer<AssignmentDetail>>(API.assignment(id!), { signal }).then((a) => a.Data),
    enabled: id !== null,
    staleTime: 0,
  });

/** Every staff change refreshes the assignments' lists and details. */
function useStaffChange<V, R>(fn: (v: V) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => client.invalidateQueries({ queryKey: ['assignments'] }),
  });
}

export const useSaveAssignment = (courseId: number, sessionId: number) =>
  useStaffChange(({ id, input }: { id: number | null; input: AssignmentInput }) =>
    id === null
      ? api<Answer<AssignmentView>>(API.offering(courseId, sessionId), { method: 'POST', body: input })
      : api<Answer<AssignmentView>>(API.assignment(id), { method: 'PUT', body: input }),
  );
export const useDeleteAssignment = () =>
  useStaffChange((id: number) => api<{ Message: string }>(API.assignment(id), { method: 'DELETE' }));
export const usePublishAssignment = () =>
  useStaffChange((id: number) => api<Answer<AssignmentView>>(API.publish(id), { method: 'POST' }));
export const useAttach = () =>
  useStaffChange(({ id, file }: { id: number; file: File }) =>
    uploadFile<Answer<AssignmentFile>>(API.files(id), file, { area: 'admin' }),
  );
export const useDetach = () =>
  useStaffChange((fileId: number) => api<{ Message: string }>(API.file(fileId), { method: 'DELETE' }));
export const useGrade = () =>
  useStaffChange(({ id, input }: { id: number; input: GradeInput }) =>
    api<Answer<SubmissionView>>(API.grade(id), { method: 'PUT', body: input }),
  );
export const useReturn = () =>
  useStaffChange((id: number) => api<{ Message: string }>(API.return(id), { method: 'POST' }));

/** Fetches a file with the area's token and saves it under its name. */
export async function download(path: string, fileName: string, area: 'admin' | 'student') {
  saveFile(await apiBlob(path, { area }), fileName);
}

// ── students ──

export const useStudentAssignments = () =>
  useQuery({
    queryKey: ['assignments', 'student'],
    queryFn: ({ signal }) => api<Answer<StudentAssignments>>(API.student, { signal }).then((a) => a.Data),
    staleTime: 0,
  });

/** Submits text and/or a file as multipart (the text in `Text`, the file in `file`). */
async function submit({ id, text, file }: { id: number; text: string; file: File | null }) {
  const body = new FormData();
  body.append('Text', text);
  if (file) body.append('file', file, file.name);
  let response: Response;
  try {
    response = await fetch(API.submit(id), {
      method: 'POST',
      headers: { accept: 'application/json', 'x-message-refs': '1', ...authHeaders('student') },
      body,
    });
  } catch {
    throw new ApiError(0, 'Error', '');
  }
  const parsed: unknown = await response.json().catch(() => null);
  await localiseAnswer(parsed);
  if (!response.ok) throw apiErrorOf(response.status, parsed);
  return parsed as Answer<Receipt>;
}

export const useSubmit = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: submit,
    onSuccess: () => client.invalidateQueries({ queryKey: ['assignments', 'student'] }),
  });
};

/** The kinds the server takes as attachments and submitted files. */
export const ASSIGNMENT_FILE_ACCEPT = '.pdf,.doc,.docx,.ppt,.pptx,.xlsx,.png,.jpg,.jpeg,.zip,.txt,.csv';
