import {
  CBT_API as API,
  type AttemptView,
  type CandidatesData,
  type ExamAnalysis,
  type ExamInput,
  type ExamReceipt,
  type ExamReceiptVerification,
  type ExamView,
  type ExtendInput,
  type ImportResult,
  type QuestionInput,
  type QuestionView,
  type StudentExams,
  type TopicView,
  type WithdrawInput,
} from '@portal/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, api, apiBlob, apiErrorOf, authHeaders } from '../../lib/api';
import { saveFile } from '../../lib/download';
import { localiseAnswer } from '../../i18n/serverMessages';
import { machineHeaders } from './sitting/sittingApi';

/** The CBT's calls: the staff's (banks, exams, invigilation, analysis) and the student's list. */
type Answer<T> = { Status: string; Message?: string; Data: T };
type Paged<T> = { Status: string; Data: T[]; Page: number; PageSize: number; Total: number };

/** How often the invigilation view reads the candidates again. */
export const INVIGILATION_REFRESH_MS = 5_000;

// ── staff ──

export const useScoreItems = () =>
  useQuery({
    queryKey: ['cbt', 'score-items'],
    queryFn: ({ signal }) =>
      api<Answer<{ Id: number; Name: string; Max: number }[]>>(API.scoreItems, { signal }).then(
        (a) => a.Data,
      ),
  });

export const useStaffSearch = (search: string) =>
  useQuery({
    queryKey: ['cbt', 'staff', search],
    queryFn: ({ signal }) =>
      api<Answer<{ Id: number; Name: string; Email: string }[]>>(API.staff, {
        query: { search: search || undefined },
        signal,
      }).then((a) => a.Data),
    placeholderData: keepPreviousData,
  });

export const useTopics = (courseId: number) =>
  useQuery({
    queryKey: ['cbt', 'topics', courseId],
    queryFn: ({ signal }) => api<Answer<TopicView[]>>(API.topics(courseId), { signal }).then((a) => a.Data),
    staleTime: 0,
  });

export interface QuestionFilter {
  topicId: number | null;
  search: string;
  retired: boolean;
}

export const useQuestions = (courseId: number, page: number, pageSize: number, filter: QuestionFilter) =>
  useQuery({
    queryKey: ['cbt', 'questions', courseId, page, pageSize, filter],
    queryFn: ({ signal }) =>
      api<Paged<QuestionView>>(API.questions(courseId), {
        query: {
          page,
          pageSize,
          topicId: filter.topicId ?? undefined,
          search: filter.search || undefined,
          retired: filter.retired ? 'true' : undefined,
        },
        signal,
      }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

export const useOfferingExams = (courseId: number, sessionId: number) =>
  useQuery({
    queryKey: ['cbt', 'exams', courseId, sessionId],
    queryFn: ({ signal }) =>
      api<Answer<ExamView[]>>(API.offering(courseId, sessionId), { signal }).then((a) => a.Data),
    staleTime: 0,
  });

export const useCandidates = (examId: number, hall: number | null) =>
  useQuery({
    queryKey: ['cbt', 'candidates', examId, hall],
    queryFn: ({ signal }) =>
      api<Answer<CandidatesData>>(API.candidates(examId), {
        query: { hall: hall ?? undefined },
        signal,
      }).then((a) => a.Data),
    refetchInterval: INVIGILATION_REFRESH_MS,
    staleTime: 0,
  });

export const useAnalysis = (examId: number) =>
  useQuery({
    queryKey: ['cbt', 'analysis', examId],
    queryFn: ({ signal }) => api<Answer<ExamAnalysis>>(API.analysis(examId), { signal }).then((a) => a.Data),
    staleTime: 0,
  });

/** Every staff change reads the CBT's lists again. */
function useStaffChange<V, R>(fn: (v: V) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => client.invalidateQueries({ queryKey: ['cbt'] }),
  });
}

type Done = { Status: string; Message: string };

export const useSaveTopic = (courseId: number) =>
  useStaffChange(({ id, name }: { id: number | null; name: string }) =>
    id === null
      ? api<Done>(API.topics(courseId), { method: 'POST', body: { Name: name } })
      : api<Done>(API.topic(id), { method: 'PUT', body: { Name: name } }),
  );
export const useDeleteTopic = () =>
  useStaffChange((id: number) => api<Done>(API.topic(id), { method: 'DELETE' }));
export const useSaveQuestion = (courseId: number) =>
  useStaffChange(({ id, input }: { id: number | null; input: QuestionInput }) =>
    id === null
      ? api<Done>(API.questions(courseId), { method: 'POST', body: input })
      : api<Done>(API.question(id), { method: 'PUT', body: input }),
  );
export const useDeleteQuestion = () =>
  useStaffChange((id: number) => api<Done>(API.question(id), { method: 'DELETE' }));

/**
 * Imports a bank file (multipart: format, topic, file). All or nothing: the problems by line come
 * back on the error (`ImportFailed.result`) when nothing was imported.
 */
export class ImportFailed extends Error {
  constructor(
    message: string,
    readonly result: ImportResult | null,
  ) {
    super(message);
  }
}

async function importBank({
  courseId,
  format,
  topicId,
  file,
}: {
  courseId: number;
  format: string;
  topicId: number | null;
  file: File;
}) {
  const body = new FormData();
  body.append('format', format);
  if (topicId !== null) body.append('topicId', String(topicId));
  body.append('file', file, file.name);
  let response: Response;
  try {
    response = await fetch(API.import(courseId), {
      method: 'POST',
      headers: { accept: 'application/json', 'x-message-refs': '1', ...authHeaders('admin') },
      body,
    });
  } catch {
    throw new ApiError(0, 'Error', '');
  }
  const parsed: unknown = await response.json().catch(() => null);
  await localiseAnswer(parsed);
  if (!response.ok) {
    const error = apiErrorOf(response.status, parsed);
    // The problems by line: in Data.Problems, or as the envelope's Errors (path = the line).
    const data = (parsed as { Data?: ImportResult } | null)?.Data;
    const problems =
      data && Array.isArray(data.Problems) && data.Problems.length > 0
        ? data.Problems
        : error.errors.map((e) => ({ Line: Number(e.path) || 0, Message: e.message }));
    throw new ImportFailed(
      error.message,
      problems.length > 0 ? { Imported: 0, TopicsCreated: [], Problems: problems } : null,
    );
  }
  return parsed as Answer<ImportResult>;
}
export const useImportBank = () => useStaffChange(importBank);

export const useSaveExam = (courseId: number, sessionId: number) =>
  useStaffChange(({ id, input }: { id: number | null; input: ExamInput }) =>
    id === null
      ? api<Done>(API.offering(courseId, sessionId), { method: 'POST', body: input })
      : api<Done>(API.exam(id), { method: 'PUT', body: input }),
  );
export const useDeleteExam = () =>
  useStaffChange((id: number) => api<Done>(API.exam(id), { method: 'DELETE' }));
export const usePublishExam = () =>
  useStaffChange((id: number) => api<Done>(API.publish(id), { method: 'POST' }));
export const useReleaseExam = () =>
  useStaffChange((id: number) => api<Done>(API.release(id), { method: 'POST' }));
export const useExtend = (examId: number) =>
  useStaffChange((input: ExtendInput) => api<Done>(API.extend(examId), { method: 'POST', body: input }));
export const useEndAttempt = () =>
  useStaffChange(({ attemptId, reason }: { attemptId: number; reason: string }) =>
    api<Done>(API.end(attemptId), { method: 'POST', body: { Reason: reason } }),
  );
export const useRestartAttempt = () =>
  useStaffChange(({ attemptId, reason }: { attemptId: number; reason: string }) =>
    api<Done>(API.restart(attemptId), { method: 'POST', body: { Reason: reason } }),
  );
export const useWithdraw = (examId: number) =>
  useStaffChange((input: WithdrawInput) => api<Done>(API.withdraw(examId), { method: 'POST', body: input }));

/** Fetches a file with the area's token and saves it under its name. */
export async function download(
  path: string,
  fileName: string,
  area: 'admin' | 'student',
  query?: Record<string, string | number | undefined>,
) {
  saveFile(await apiBlob(path, { area, query }), fileName);
}

// ── students ──

export const useStudentExams = () =>
  useQuery({
    queryKey: ['cbt', 'student'],
    queryFn: ({ signal }) =>
      api<Answer<StudentExams>>(API.student, { signal, headers: machineHeaders() }).then((a) => a.Data),
    staleTime: 0,
  });

/** Starts (or resumes, taking it over on this machine) an exam. */
export const openExam = (examId: number) =>
  api<Answer<AttemptView>>(API.open(examId), { method: 'POST', headers: machineHeaders() }).then(
    (a) => a.Data,
  );

export const submitAttempt = (attemptId: number) =>
  api<Answer<ExamReceipt>>(API.submit(attemptId), { method: 'POST', headers: machineHeaders() });

export const downloadReceipt = (attemptId: number) =>
  download(API.receiptPdf(attemptId), `ExamReceipt-${attemptId}.pdf`, 'student');

// ── public ──

export const useReceiptVerification = (id: string) =>
  useQuery({
    queryKey: ['cbt', 'verify', id],
    queryFn: ({ signal }) =>
      api<Answer<ExamReceiptVerification>>(API.verify, { query: { id }, area: null, signal }).then(
        (a) => a.Data,
      ),
    retry: false,
  });
