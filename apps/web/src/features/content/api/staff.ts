import {
  CONTENT_API,
  CONTENT_PAGES,
  type ContentItem,
  type ContentItemInput,
  type ContentOfferingDetail,
  type ContentProgressInput,
  type ContentItemProgress,
  type ContentStudentProgress,
  type ContentSection,
  type StudentContent,
} from '@portal/contracts';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { staffOfferingsKey } from '../../../components/classroom/staffOfferings';
import { api } from '../../../lib/api';

export type { ContentProgressInput };

const offeringKey = (courseId: number, sessionId: number) => [
  'content',
  'staff',
  'offering',
  courseId,
  sessionId,
];

export const offeringOptions = (courseId: number, sessionId: number) =>
  queryOptions({
    queryKey: offeringKey(courseId, sessionId),
    queryFn: ({ signal }) =>
      api<{ Status: string; Data: ContentOfferingDetail }>(CONTENT_API.offering(courseId, sessionId), {
        signal,
      }).then((answer) => answer.Data),
    staleTime: 0,
  });
export const useOffering = (courseId: number, sessionId: number) =>
  useQuery(offeringOptions(courseId, sessionId));

export const usePreview = (courseId: number, sessionId: number) =>
  useQuery({
    queryKey: ['content', 'staff', 'preview', courseId, sessionId],
    queryFn: ({ signal }) =>
      api<{ Status: string; Data: StudentContent }>(CONTENT_API.preview(courseId, sessionId), {
        signal,
      }).then((answer) => answer.Data),
    staleTime: 0,
  });

export const useItemProgress = (courseId: number, sessionId: number, enabled: boolean) =>
  useQuery({
    queryKey: ['content', 'staff', 'progress', courseId, sessionId],
    queryFn: ({ signal }) =>
      api<{ Status: string; Data: { Enrolled: number; Items: ContentItemProgress[] } }>(
        CONTENT_API.progress(courseId, sessionId),
        { signal },
      ).then((answer) => answer.Data),
    enabled,
    staleTime: 0,
  });

export const useStudentProgress = (
  courseId: number,
  sessionId: number,
  page: number,
  pageSize: number,
  enabled: boolean,
) =>
  useQuery({
    queryKey: ['content', 'staff', 'progress-students', courseId, sessionId, page, pageSize],
    queryFn: ({ signal }) =>
      api<{ Status: string; Data: ContentStudentProgress[]; Total: number }>(
        CONTENT_API.studentProgress(courseId, sessionId),
        { query: { page, pageSize }, signal },
      ),
    enabled,
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

type Answer<T = unknown> = { Status: string; Message: string; Data?: T };

/**
 * Every change to an offering's content: each refreshes the offering (and the lists counting its
 * items) once it is done.
 */
export function useContentChanges(courseId: number, sessionId: number) {
  const client = useQueryClient();
  const refresh = () =>
    Promise.all([
      client.invalidateQueries({ queryKey: offeringKey(courseId, sessionId) }),
      client.invalidateQueries({ queryKey: staffOfferingsKey(CONTENT_PAGES.manage) }),
    ]);
  // Called the same number of times, in the same order, on every render (a hook per change).
  const change = <V, T = unknown>(call: (vars: V) => Promise<Answer<T>>) =>
    useMutation({ mutationFn: call, onSettled: refresh });
  return {
    addSection: change((input: { Title: string }) =>
      api<Answer<ContentSection>>(CONTENT_API.sections(courseId, sessionId), { method: 'POST', body: input }),
    ),
    renameSection: change(({ id, Title }: { id: number; Title: string }) =>
      api<Answer<ContentSection>>(CONTENT_API.section(id), { method: 'PUT', body: { Title } }),
    ),
    deleteSection: change((id: number) => api<Answer>(CONTENT_API.section(id), { method: 'DELETE' })),
    publishSection: change(({ id, publish }: { id: number; publish: boolean }) =>
      api<Answer>(publish ? CONTENT_API.sectionPublish(id) : CONTENT_API.sectionUnpublish(id), {
        method: 'POST',
      }),
    ),
    orderSections: change((ids: number[]) =>
      api<Answer>(CONTENT_API.sectionOrder(courseId, sessionId), { method: 'PUT', body: { ids } }),
    ),
    addItem: change(({ sectionId, input }: { sectionId: number; input: ContentItemInput }) =>
      api<Answer<ContentItem>>(CONTENT_API.items(sectionId), { method: 'POST', body: input }),
    ),
    editItem: change(({ id, input }: { id: number; input: ContentItemInput }) =>
      api<Answer<ContentItem>>(CONTENT_API.item(id), { method: 'PUT', body: input }),
    ),
    deleteItem: change((id: number) => api<Answer>(CONTENT_API.item(id), { method: 'DELETE' })),
    publishItem: change(({ id, publish }: { id: number; publish: boolean }) =>
      api<Answer<ContentItem>>(publish ? CONTENT_API.itemPublish(id) : CONTENT_API.itemUnpublish(id), {
        method: 'POST',
      }),
    ),
    orderItems: change(({ sectionId, ids }: { sectionId: number; ids: number[] }) =>
      api<Answer>(CONTENT_API.itemOrder(sectionId), { method: 'PUT', body: { ids } }),
    ),
  };
}
