import { STUDENT_API, type CourseRegistrationInput, type CourseRegistrationPage } from '@portal/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';

interface PageResponse {
  Status: string;
  Message?: string;
  Data: CourseRegistrationPage;
}

const PATH = STUDENT_API.courseRegistration;

/** GET /api/student/course-registration: the semester's window, fees, courses, registration and history. */
export const courseRegistrationOptions = () =>
  queryOptions({
    queryKey: ['student', 'course-registration'],
    queryFn: ({ signal }) => api<PageResponse>(PATH, { area: 'student', signal }),
  });
export const useCourseRegistration = () => useQuery(courseRegistrationOptions());

/** POST: submit (or change and resubmit); the answer is the page as it now stands. */
export function useSubmitRegistration() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CourseRegistrationInput) =>
      api<PageResponse>(PATH, { method: 'POST', body: input, area: 'student' }),
    onSuccess: (answer) => queryClient.setQueryData(courseRegistrationOptions().queryKey, answer),
  });
}
