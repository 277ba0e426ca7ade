import type {
  OlevelDisplayRow,
  OlevelGrade,
  OlevelResultInput,
  OlevelSubject,
  OlevelType,
} from '@portal/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/*
 * The O'level calls of spec section 7, at the API's paths (apps/api/src/modules/olevel).
 * The reference lists are public and rarely change.
 */

export interface OlevelListResponse {
  Status: string;
  Message: string;
  Data: OlevelDisplayRow[];
}

/** GET /api/OResults/NewhasOlevelResult?applicantId=: the saved results with their names ('My Results'). */
export const olevelResultsOptions = (applicantId: number) =>
  queryOptions({
    queryKey: ['applicant', 'olevel', applicantId],
    queryFn: ({ signal }) =>
      api<OlevelListResponse>('/api/OResults/NewhasOlevelResult', {
        query: { applicantId },
        area: 'applicant',
        signal,
      }),
  });

export const useOlevelResults = (applicantId: number) => useQuery(olevelResultsOptions(applicantId));

const referenceOptions = <T>(name: string, path: string) =>
  queryOptions({
    queryKey: ['reference', 'olevel', name],
    queryFn: ({ signal }) => api<T[]>(path, { area: null, signal }),
    staleTime: Infinity,
  });

/** GET /api/Subjects/GetSubjects */
export const useOlevelSubjects = () =>
  useQuery(referenceOptions<OlevelSubject>('subjects', '/api/Subjects/GetSubjects'));
/** GET /api/Olevel/GetGrades */
export const useOlevelGrades = () =>
  useQuery(referenceOptions<OlevelGrade>('grades', '/api/Olevel/GetGrades'));
/** GET /api/OLevelType/LoadExams */
export const useOlevelTypes = () =>
  useQuery(referenceOptions<OlevelType>('types', '/api/OLevelType/LoadExams'));

export interface OlevelPostEachResponse {
  Status: string;
  Message: string;
  Data: OlevelDisplayRow;
}

/** After any change the saved list and the progress flags (IsOlevelSaved) are fetched again. */
function useRefreshAfterChange(applicantId: number) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: olevelResultsOptions(applicantId).queryKey }),
      queryClient.invalidateQueries({ queryKey: ['applicant', 'record', applicantId] }),
    ]);
}

/** POST /api/OResults/PostEachOResult: adds one subject to the saved results. */
export function usePostOlevelResult(applicantId: number) {
  const refresh = useRefreshAfterChange(applicantId);
  return useMutation({
    mutationFn: (result: OlevelResultInput) =>
      api<OlevelPostEachResponse>('/api/OResults/PostEachOResult', {
        method: 'POST',
        body: { ...result, ApplicantId: applicantId },
        area: 'applicant',
      }),
    onSuccess: refresh,
  });
}

/** POST /api/OResults/PostOResult: the whole list at once (at least 8 subjects). */
export function usePostOlevelResults(applicantId: number) {
  const refresh = useRefreshAfterChange(applicantId);
  return useMutation({
    mutationFn: (results: OlevelResultInput[]) =>
      api<OlevelListResponse>('/api/OResults/PostOResult', {
        method: 'POST',
        body: results.map((result) => ({ ...result, ApplicantId: applicantId })),
        area: 'applicant',
      }),
    onSuccess: refresh,
  });
}

/** DELETE /api/OResults/DeleteOResult/?olevelresultId= */
export function useDeleteOlevelResult(applicantId: number) {
  const refresh = useRefreshAfterChange(applicantId);
  return useMutation({
    mutationFn: (olevelresultId: number) =>
      api<{ Status: string; Message: string }>('/api/OResults/DeleteOResult', {
        method: 'DELETE',
        query: { olevelresultId },
        area: 'applicant',
      }),
    onSuccess: refresh,
  });
}
