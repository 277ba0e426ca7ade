import {
  CONTENT_API,
  type ContentProgressInput,
  type StudentContent,
  type StudentOfferingsResponse,
} from '@portal/contracts';
import { queryOptions, useMutation, useQuery, type QueryClient } from '@tanstack/react-query';
import { api, retryUnlessRefused } from '../../../lib/api';

/*
 * The student's course content. These queries run offline too (networkMode 'offlineFirst'): the
 * service worker answers them from the lists it cached when the student last opened them.
 */

export const studentOfferingsOptions = () =>
  queryOptions({
    queryKey: ['content', 'student', 'offerings'],
    queryFn: ({ signal }) => api<StudentOfferingsResponse>(CONTENT_API.studentOfferings, { signal }),
    networkMode: 'offlineFirst',
    staleTime: 0,
  });
export const useStudentOfferings = () => useQuery(studentOfferingsOptions());

export const studentContentOptions = (courseId: number, sessionId: number) =>
  queryOptions({
    queryKey: ['content', 'student', 'offering', courseId, sessionId],
    queryFn: ({ signal }) =>
      api<{ Status: string; Data: StudentContent }>(CONTENT_API.studentOffering(courseId, sessionId), {
        signal,
      }).then((answer) => answer.Data),
    networkMode: 'offlineFirst',
    staleTime: 0,
  });
/**
 * The course page asks for its contents as it opens (`askForStudentContent`: once per visit, beside
 * the download of its strings rather than after it) and reads them with `useStudentContent`, which
 * therefore does not ask again when it mounts: one request per visit, as before.
 */
export const askForStudentContent = (client: QueryClient, courseId: number, sessionId: number) =>
  client.prefetchQuery(studentContentOptions(courseId, sessionId));
export const useStudentContent = (courseId: number, sessionId: number) =>
  useQuery({ ...studentContentOptions(courseId, sessionId), refetchOnMount: false, retryOnMount: false });

/**
 * Records an item opened, completed or where the player stopped. Offline, the save waits for the
 * network; a connection lost mid-request is tried again.
 */
export const useRecordProgress = () =>
  useMutation({
    mutationFn: ({ itemId, input }: { itemId: number; input: ContentProgressInput }) =>
      api<unknown>(CONTENT_API.studentItemProgress(itemId), { method: 'POST', body: input }),
    networkMode: 'online',
    retry: retryUnlessRefused,
  });

/** videosCompleted: the last lesson of the course ended. */
export const useVideosCompleted = () =>
  useMutation({
    mutationFn: ({ courseId, sessionId }: { courseId: number; sessionId: number }) =>
      api<unknown>(CONTENT_API.studentVideosCompleted(courseId, sessionId), { method: 'POST' }),
  });
