import {
  DISCUSSIONS_API as API,
  type DiscussionBoard,
  type DiscussionKind,
  type DiscussionPost,
  type DiscussionReport,
  type DiscussionThread,
  type DiscussionThreadDetail,
  type DiscussionThreadsResponse,
  type EditPostInput,
  type NewThreadInput,
} from '@portal/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** A board as the screens address it: its kind and the ids that name it. */
export interface BoardRef {
  kind: DiscussionKind;
  courseId?: number;
  sessionId?: number;
  departmentId?: number;
  levelId?: number;
}

export const boardOf = (b: DiscussionBoard): BoardRef => ({
  kind: b.Kind,
  courseId: b.CourseId ?? undefined,
  sessionId: b.SessionId ?? undefined,
  departmentId: b.DepartmentId ?? undefined,
  levelId: b.LevelId ?? undefined,
});

export const boardKey = (b: BoardRef) =>
  [b.kind, b.courseId ?? 0, b.sessionId ?? 0, b.departmentId ?? 0, b.levelId ?? 0].join(':');

const KEY = ['discussions'];

interface Paged<T> {
  Status: string;
  Data: T[];
  Page: number;
  PageSize: number;
  Total: number;
}

export const useBoards = () =>
  useQuery({
    queryKey: [...KEY, 'boards'],
    queryFn: ({ signal }) =>
      api<{ Data: DiscussionBoard[] }>(API.boards, { signal }).then((answer) => answer.Data),
    staleTime: 0,
  });

export const useThreads = (board: BoardRef | null, page: number, pageSize: number) =>
  useQuery({
    queryKey: [...KEY, 'threads', board && boardKey(board), page, pageSize],
    queryFn: ({ signal }) =>
      api<DiscussionThreadsResponse>(API.threads, { query: { ...board!, page, pageSize }, signal }),
    enabled: board !== null,
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

export const useThread = (threadId: number | null, page: number, pageSize: number) =>
  useQuery({
    queryKey: [...KEY, 'thread', threadId, page, pageSize],
    queryFn: async ({ signal }): Promise<DiscussionThreadDetail> =>
      (
        await api<{ Data: DiscussionThreadDetail }>(API.thread(threadId!), {
          query: { page, pageSize },
          signal,
        })
      ).Data,
    enabled: threadId !== null,
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

export const useReports = (board: BoardRef | null, page: number) =>
  useQuery({
    queryKey: [...KEY, 'reports', board && boardKey(board), page],
    queryFn: ({ signal }) =>
      api<Paged<DiscussionReport>>(API.reports, { query: { ...board!, page, pageSize: 10 }, signal }),
    enabled: board !== null,
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

/** Every change reloads the discussion lists and threads on screen. */
function useChange<V, A>(call: (vars: V) => Promise<A>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => client.invalidateQueries({ queryKey: KEY }),
  });
}

type Answer = { Message: string };

export const useCreateThread = () =>
  useChange((input: NewThreadInput) =>
    api<Answer & { Data: DiscussionThread }>(API.threads, { method: 'POST', body: input }),
  );
export const useReply = () =>
  useChange(({ threadId, body }: { threadId: number; body: string }) =>
    api<Answer & { Data: DiscussionPost }>(API.replies(threadId), { method: 'POST', body: { Body: body } }),
  );
export const useEditPost = () =>
  useChange(({ postId, input }: { postId: number; input: EditPostInput }) =>
    api<Answer>(API.post(postId), { method: 'PUT', body: input }),
  );
export const useReport = () =>
  useChange(({ postId, reason }: { postId: number; reason: string }) =>
    api<Answer>(API.report(postId), { method: 'POST', body: { Reason: reason } }),
  );
export const useMarkAnswer = () =>
  useChange(({ threadId, postId }: { threadId: number; postId: number | null }) =>
    api<Answer>(API.answer(threadId), { method: 'POST', body: { PostId: postId } }),
  );
export const useHidePost = () =>
  useChange(({ postId, hidden }: { postId: number; hidden: boolean }) =>
    api<Answer>(hidden ? API.hide(postId) : API.restore(postId), { method: 'POST' }),
  );
export const useThreadFlag = () =>
  useChange(({ threadId, flag, value }: { threadId: number; flag: 'lock' | 'pin'; value: boolean }) =>
    api<Answer>(flag === 'lock' ? API.lock(threadId) : API.pin(threadId), {
      method: 'POST',
      body: { Value: value },
    }),
  );
