import type {
  CourseListRow,
  RegistrationCounts,
  RegistrationDecisionInput,
  RegistrationDetail,
  RegistrationRow,
  UnregisteredRow,
} from '@portal/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Paged } from '../../../components/crud/types';
import { api, type QueryValue } from '../../../lib/api';

/** Course registration's admin calls: approval, the registry's view, the lists for lecturers. */
const REGISTRATIONS = '/api/admin/course-registrations';
export const COURSE_LISTS = '/api/admin/course-lists';

const paged =
  <T>(path: string, key: string) =>
  (query: Record<string, QueryValue>, enabled = true) =>
    useQuery({
      queryKey: ['courses', key, query],
      queryFn: ({ signal }) => api<Paged<T>>(path, { query, signal }),
      placeholderData: keepPreviousData,
      staleTime: 0,
      enabled,
    });

/** GET course-registrations: filtered and paged (an adviser sees only what they advise). */
export const useRegistrations = paged<RegistrationRow>(REGISTRATIONS, 'registrations');
/** GET course-lists: the students registered for a course. */
export const useCourseList = paged<CourseListRow>(COURSE_LISTS, 'list');
/** GET course-lists/unregistered. */
export const useUnregistered = paged<UnregisteredRow>(`${COURSE_LISTS}/unregistered`, 'unregistered');

/** GET course-registrations/:id: one registration with its courses and history. */
export const useRegistration = (id: number | null) =>
  useQuery({
    queryKey: ['courses', 'registration', id],
    queryFn: ({ signal }) => api<{ Data: RegistrationDetail }>(`${REGISTRATIONS}/${id}`, { signal }),
    enabled: id !== null,
    staleTime: 0,
  });

/** GET course-registrations/student?matricNo: every registration of one student. */
export const useStudentRegistrations = (matricNo: string) =>
  useQuery({
    queryKey: ['courses', 'student', matricNo],
    queryFn: ({ signal }) =>
      api<{ Data: RegistrationDetail[] }>(`${REGISTRATIONS}/student`, { query: { matricNo }, signal }),
    enabled: matricNo.length >= 3,
    retry: false,
  });

/** GET course-lists/counts. */
export const useRegistrationCounts = (query: Record<string, QueryValue>) =>
  useQuery({
    queryKey: ['courses', 'counts', query],
    queryFn: ({ signal }) => api<{ Data: RegistrationCounts }>(`${COURSE_LISTS}/counts`, { query, signal }),
    staleTime: 0,
  });

export interface DecisionAnswer {
  Status: string;
  Message: string;
  Data: { Decided: number[]; Skipped: { Id: number; Reason: string }[] };
}

/** POST course-registrations/decide: approve or return, each at the version shown; refreshes the lists. */
export function useDecide() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: RegistrationDecisionInput) =>
      api<DecisionAnswer>(`${REGISTRATIONS}/decide`, { method: 'POST', body: input }),
    onSettled: () => client.invalidateQueries({ queryKey: ['courses'] }),
  });
}
