import {
  STUDENT_API,
  type StudentResults,
  type TranscriptRequestInput,
  type TranscriptRequestRow,
} from '@portal/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';

interface ResultsResponse {
  Status: string;
  Data: StudentResults;
}

/** GET /api/student/results: published results per semester with GPA, CGPA, class of degree, queries. */
export const studentResultsOptions = () =>
  queryOptions({
    queryKey: ['student', 'results'],
    queryFn: ({ signal }) => api<ResultsResponse>(STUDENT_API.results, { area: 'student', signal }),
  });
export const useStudentResults = () => useQuery(studentResultsOptions());

/** POST /api/student/results/queries: a remark request on a published result; it reaches the HOD. */
export function useRaiseQuery() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { ResultId: number; Reason: string }) =>
      api<{ Status: string; Message?: string }>('/api/student/results/queries', {
        method: 'POST',
        body: input,
        area: 'student',
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: studentResultsOptions().queryKey }),
  });
}

/** The report card of a semester as a PDF (the server issues its verifiable id). */
export const reportCardUrl = (semesterId: number) =>
  `/api/student/results/report-card.pdf?semesterId=${semesterId}`;

interface TranscriptsResponse {
  Status: string;
  Message?: string;
  Data: TranscriptRequestRow[];
}

/** GET /api/student/transcripts: the student's transcript requests, newest first, and their state. */
export const transcriptRequestsOptions = () =>
  queryOptions({
    queryKey: ['student', 'transcripts'],
    queryFn: ({ signal }) => api<TranscriptsResponse>(STUDENT_API.transcripts, { area: 'student', signal }),
  });
export const useTranscriptRequests = () => useQuery(transcriptRequestsOptions());

/** POST /api/student/transcripts: a new request (awaiting payment); the answer is the list as it now stands. */
export function useRequestTranscript() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TranscriptRequestInput) =>
      api<TranscriptsResponse>(STUDENT_API.transcripts, { method: 'POST', body: input, area: 'student' }),
    onSuccess: (answer) => queryClient.setQueryData(transcriptRequestsOptions().queryKey, answer),
  });
}
