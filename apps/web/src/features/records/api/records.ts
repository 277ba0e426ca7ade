import type {
  MatriculationItem,
  OlevelVerificationEntry,
  OlevelVerificationRequest,
  SiwesItem,
  StudentImportJob,
  StudentItem,
  StudentRecord,
  AddStudentRequest,
} from '@portal/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Paged } from '../../../components/crud/types';
import { uploadForm } from '../../../components/crud/upload';
import { api, apiBlob, type QueryValue } from '../../../lib/api';

/** The registry's student pages: /api/admin/records/… (one module, one file of calls). */
const BASE = '/api/admin/records';
type Answer<T = undefined> = { Status: string; Message: string; Data: T };

const list =
  <T>(path: string, key: string) =>
  (query: Record<string, QueryValue>) =>
    useQuery({
      queryKey: ['records', key, query],
      queryFn: ({ signal }) => api<Paged<T>>(`${BASE}/${path}`, { query, signal }),
      placeholderData: keepPreviousData,
      staleTime: 0,
    });

/** GET matriculation: admitted applicants who paid the acceptance fee. */
export const useMatriculationList = list<MatriculationItem>('matriculation', 'matriculation');
/** GET students: search by matric number, name, e-mail or JAMB number. */
export const useStudents = list<StudentItem>('students', 'students');
/** GET olevel-verifications */
export const useVerifications = list<OlevelVerificationEntry>('olevel-verifications', 'verifications');
/** GET siwes: eligible students and their letters. */
export const useSiwesList = list<SiwesItem>('siwes', 'siwes');

/** GET students/:id: the whole record. */
export function useStudentRecord(id: number | null) {
  return useQuery({
    queryKey: ['records', 'student', id],
    queryFn: ({ signal }) => api<{ Data: StudentRecord }>(`${BASE}/students/${id}`, { signal }),
    enabled: id !== null,
    staleTime: 0,
  });
}

/** A POST that refreshes the registry's lists afterwards. */
function usePost<Vars, T = undefined>(path: (vars: Vars) => string, body?: (vars: Vars) => unknown) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (vars: Vars) =>
      api<Answer<T>>(`${BASE}/${path(vars)}`, { method: 'POST', body: body ? body(vars) : {} }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['records'] }),
  });
}

export const useClearDocuments = () => usePost<number>((id) => `matriculation/${id}/clear`);
export const useMatriculate = () =>
  usePost<number, { studentId: number; matricNo: string }>((id) => `matriculation/${id}/matriculate`);
export const useSetAccess = () =>
  usePost<{ id: number; isActive: boolean }, { changed: boolean }>(
    (v) => `students/${v.id}/access`,
    (v) => ({ isActive: v.isActive }),
  );
export const useSendReset = () => usePost<number>((id) => `students/${id}/password-reset`);
export const useAddStudent = () =>
  usePost<AddStudentRequest, { studentId: number; matricNo: string }>(
    () => 'students',
    (v) => v,
  );
export const useRecordVerification = () =>
  usePost<OlevelVerificationRequest, OlevelVerificationEntry>(
    () => 'olevel-verifications',
    (v) => v,
  );
export const useIssueSiwes = () =>
  usePost<number, { reference: string; months: number; url: string }>((id) => `siwes/${id}/issue`);

export interface Choices {
  courses: { value: number; label: string }[];
  levels: { value: number; label: string }[];
  states: { value: number; label: string }[];
  lgas: { value: number; label: string }[];
  entryModes: { value: number; label: string }[];
  sessions: { value: number; label: string }[];
}

/** GET choices: the add-a-student form's selects (the LGAs of the chosen state). */
export function useChoices(stateId: number | null) {
  return useQuery({
    queryKey: ['records', 'choices', stateId],
    queryFn: ({ signal }) =>
      api<{ Data: Choices }>(`${BASE}/choices`, { query: { stateId: stateId ?? undefined }, signal }),
    placeholderData: keepPreviousData,
    staleTime: 600_000,
  });
}

/** POST students/import: the file with upload progress; answers the import job to poll. */
export function importStudents(file: File, onProgress: (fraction: number) => void) {
  const form = new FormData();
  form.append('file', file);
  return uploadForm<Answer<StudentImportJob>>(`${BASE}/students/import`, form, { onProgress });
}

/** GET students/import/:id, polled every half second while the import runs. */
export function useStudentImportJob(id: number | null) {
  const client = useQueryClient();
  return useQuery({
    queryKey: ['records', 'import', id],
    queryFn: async ({ signal }) => {
      const answer = await api<{ Data: StudentImportJob }>(`${BASE}/students/import/${id}`, { signal });
      if (answer.Data.status !== 'running')
        void client.invalidateQueries({ queryKey: ['records', 'students'] });
      return answer;
    },
    enabled: id !== null,
    staleTime: 0,
    refetchInterval: (query) => (query.state.data?.Data.status === 'running' ? 500 : false),
  });
}

/** A document or letter behind sign-in, opened from its bytes in a new tab. */
export async function openProtectedFile(url: string): Promise<void> {
  const blob = await apiBlob(url);
  const objectUrl = URL.createObjectURL(blob);
  window.open(objectUrl, '_blank', 'noopener');
  setTimeout(() => URL.revokeObjectURL(objectUrl), 60_000);
}
