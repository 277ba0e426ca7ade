import type {
  Broadsheet,
  PublicationState,
  ResultQueryRow,
  ResultSheet,
  ReviewQueueRow,
  SaveScoresInput,
  SheetCourse,
  SheetDecisionInput,
  StudentResultsView,
  TranscriptRequestRow,
} from '@portal/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Paged } from '../../../components/crud/types';
import { api, type QueryValue } from '../../../lib/api';
import { uploadFile, type UploadProgress } from '../../../lib/upload';

/** Results' admin calls: score sheets, review, publication, the broadsheet, the registry's views. */
export const RESULTS = '/api/admin/results';

export interface Answer<T = unknown> {
  Status: string;
  Message: string;
  Data: T;
}

const paged =
  <T>(path: string, key: string) =>
  (query: Record<string, QueryValue>, enabled = true) =>
    useQuery({
      queryKey: ['results', key, query],
      queryFn: ({ signal }) => api<Paged<T>>(path, { query, signal }),
      placeholderData: keepPreviousData,
      staleTime: 0,
      enabled,
    });

export const useSheetCourses = paged<SheetCourse>(`${RESULTS}/courses`, 'courses');
export const useReviewQueue = paged<ReviewQueueRow>(`${RESULTS}/review`, 'review');
export const useResultQueries = paged<ResultQueryRow>(`${RESULTS}/queries`, 'queries');
export const useTranscriptRequests = paged<TranscriptRequestRow>(`${RESULTS}/transcripts`, 'transcripts');

export interface SheetKey {
  courseId: number;
  semesterId: number;
  revision?: number;
}

export const useSheet = (key: SheetKey | null) =>
  useQuery({
    queryKey: ['results', 'sheet', key],
    queryFn: ({ signal }) => api<{ Data: ResultSheet }>(`${RESULTS}/sheet`, { query: { ...key }, signal }),
    enabled: key !== null,
    staleTime: 0,
  });

export const useBroadsheet = (query: Record<string, QueryValue>, enabled: boolean) =>
  useQuery({
    queryKey: ['results', 'broadsheet', query],
    queryFn: ({ signal }) => api<Broadsheet>(`${RESULTS}/broadsheet`, { query, signal }),
    placeholderData: keepPreviousData,
    enabled,
    staleTime: 0,
  });

export const usePublication = (semesterId: number | null) =>
  useQuery({
    queryKey: ['results', 'publication', semesterId],
    queryFn: ({ signal }) =>
      api<{ Data: PublicationState }>(`${RESULTS}/publication`, { query: { semesterId }, signal }),
    enabled: semesterId !== null,
    staleTime: 0,
  });

export const useStudentResults = (matricNo: string) =>
  useQuery({
    queryKey: ['results', 'student', matricNo],
    queryFn: ({ signal }) =>
      api<{ Data: StudentResultsView }>(`${RESULTS}/student`, { query: { matricNo }, signal }),
    enabled: matricNo.length >= 3,
    retry: false,
  });

/** Every change refreshes what results' screens show. */
function useResultsMutation<I, T = unknown>(call: (input: I) => Promise<Answer<T>>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSettled: () => client.invalidateQueries({ queryKey: ['results'] }),
  });
}

export const useSaveScores = () =>
  useResultsMutation((input: SaveScoresInput) =>
    api<Answer<{ Version: number }>>(`${RESULTS}/sheet/scores`, { method: 'PUT', body: input }),
  );

export const useUploadScores = () =>
  useResultsMutation(
    (input: {
      key: SheetKey;
      expectedVersion: number;
      file: File;
      onProgress: (p: UploadProgress) => void;
    }) => {
      const query = new URLSearchParams({
        courseId: String(input.key.courseId),
        semesterId: String(input.key.semesterId),
        expectedVersion: String(input.expectedVersion),
      });
      return uploadFile<Answer<{ Saved: number }>>(`${RESULTS}/sheet/upload?${query}`, input.file, {
        onProgress: input.onProgress,
      });
    },
  );

export const useSubmitSheet = () =>
  useResultsMutation((input: { id: number; version: number }) =>
    api<Answer>(`${RESULTS}/sheets/${input.id}/submit`, {
      method: 'POST',
      body: { ExpectedVersion: input.version },
    }),
  );

export const useAmendSheet = () =>
  useResultsMutation((input: { id: number; reason: string }) =>
    api<Answer>(`${RESULTS}/sheets/${input.id}/amend`, { method: 'POST', body: { Reason: input.reason } }),
  );

export const useDecideSheet = () =>
  useResultsMutation((input: { id: number } & SheetDecisionInput) => {
    const { id, ...body } = input;
    return api<Answer>(`${RESULTS}/sheets/${id}/decision`, { method: 'POST', body });
  });

export const usePublish = () =>
  useResultsMutation((semesterId: number) =>
    api<Answer>(`${RESULTS}/publish`, { method: 'POST', body: { SemesterId: semesterId } }),
  );

export const useAnswerQuery = () =>
  useResultsMutation((input: { id: number; answer: string }) =>
    api<Answer>(`${RESULTS}/queries/${input.id}/answer`, { method: 'POST', body: { Answer: input.answer } }),
  );

export const useTranscriptAction = () =>
  useResultsMutation((input: { id: number; action: 'process' | 'release' }) =>
    api<Answer>(`${RESULTS}/transcripts/${input.id}/${input.action}`, { method: 'POST', body: {} }),
  );
