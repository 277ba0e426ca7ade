import {
  LIVE_CLASS_API,
  type LiveClass,
  type LiveClassAttendee,
  type LiveClassInput,
  type LiveClassOffering,
  type LiveClassReviewRow,
  type LiveClassUpdate,
} from '@portal/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';

type Answer<T = unknown> = { Status: string; Message: string; Data?: T };
type Paged<T> = { Status: string; Data: T[]; Page: number; PageSize: number; Total: number };
export type OfferingClasses = LiveClassOffering & { Classes: LiveClass[]; MaxMinutes: number };

/** While a class is live its list refreshes itself, so Start, Join and End follow the class. */
const LIVE_REFRESH_MS = 15_000;

const offeringKey = (courseId: number, sessionId: number) => ['liveclasses', 'offering', courseId, sessionId];

export const useOfferingClasses = (courseId: number, sessionId: number) =>
  useQuery({
    queryKey: offeringKey(courseId, sessionId),
    queryFn: ({ signal }) =>
      api<{ Status: string; Data: OfferingClasses }>(LIVE_CLASS_API.offering(courseId, sessionId), {
        signal,
      }).then((a) => a.Data),
    staleTime: 0,
    refetchInterval: (query) =>
      query.state.data?.Classes.some((c) => c.State === 'live') ? LIVE_REFRESH_MS : false,
  });

export const useAttendance = (id: number | null) =>
  useQuery({
    queryKey: ['liveclasses', 'attendance', id],
    queryFn: ({ signal }) =>
      api<{ Status: string; Data: { Class: LiveClass; Enrolled: number; Attendees: LiveClassAttendee[] } }>(
        LIVE_CLASS_API.attendance(id!),
        { signal },
      ).then((a) => a.Data),
    enabled: id !== null,
    staleTime: 0,
    refetchInterval: (query) => (query.state.data?.Class.State === 'live' ? 5_000 : false),
  });

export const useOfferingAttendance = (courseId: number, sessionId: number) =>
  useQuery({
    queryKey: ['liveclasses', 'offering-attendance', courseId, sessionId],
    queryFn: ({ signal }) =>
      api<{
        Status: string;
        Data: {
          Classes: number;
          Students: {
            StudentId: number;
            MatricNo: string;
            Name: string;
            ClassesAttended: number;
            Minutes: number;
          }[];
        };
      }>(LIVE_CLASS_API.offeringAttendance(courseId, sessionId), { signal }).then((a) => a.Data),
    staleTime: 0,
  });

/** Every change to an offering's classes; each refreshes the offering's list once done. */
export function useClassChanges(courseId: number, sessionId: number) {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: ['liveclasses'] });
  const change = <V, T = unknown>(call: (vars: V) => Promise<Answer<T>>) =>
    useMutation({ mutationFn: call, onSettled: refresh });
  return {
    schedule: change((input: LiveClassInput) =>
      api<Answer<LiveClass[]>>(LIVE_CLASS_API.offering(courseId, sessionId), { method: 'POST', body: input }),
    ),
    update: change(({ id, input }: { id: number; input: LiveClassUpdate }) =>
      api<Answer<LiveClass>>(LIVE_CLASS_API.liveClass(id), { method: 'PUT', body: input }),
    ),
    cancel: change((id: number) => api<Answer<LiveClass>>(LIVE_CLASS_API.cancel(id), { method: 'POST' })),
    start: change((id: number) => api<Answer<{ Url: string }>>(LIVE_CLASS_API.start(id), { method: 'POST' })),
    end: change((id: number) => api<Answer>(LIVE_CLASS_API.end(id), { method: 'POST' })),
  };
}

export const useStudentClasses = () =>
  useQuery({
    queryKey: ['liveclasses', 'student'],
    queryFn: ({ signal }) =>
      api<{ Status: string; Data: { Upcoming: LiveClass[]; Past: LiveClass[] } }>(LIVE_CLASS_API.student, {
        signal,
      }).then((a) => a.Data),
    staleTime: 0,
    // Join opens and closes with the clock.
    refetchInterval: 30_000,
  });

export const useJoin = () =>
  useMutation({
    mutationFn: (id: number) =>
      api<Answer<{ Url: string }>>(LIVE_CLASS_API.studentJoin(id), { method: 'POST' }),
  });

export const useReview = (page: number, pageSize: number) =>
  useQuery({
    queryKey: ['liveclasses', 'review', page, pageSize],
    queryFn: ({ signal }) =>
      api<Paged<LiveClassReviewRow>>(LIVE_CLASS_API.review, { query: { page, pageSize }, signal }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

/** The browser goes to the room (the engine's page) through the join link made for the user. */
export const enterRoom = (url: string) => window.location.assign(url);

/** 'YYYY-MM-DDTHH:mm' typed as Lagos time (UTC+1 all year) → ISO with its offset, and back. */
export const lagosInputToIso = (value: string) => `${value}:00+01:00`;
export const isoToLagosInput = (iso: string) =>
  new Date(new Date(iso).getTime() + 3_600_000).toISOString().slice(0, 16);
