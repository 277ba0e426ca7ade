import { STUDENT_API, type StudentContactInput, type StudentProfile } from '@portal/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';

interface ProfileResponse {
  Status: string;
  Message?: string;
  Data: StudentProfile;
}

/** GET /api/student/profile: the signed-in student's record. */
export const studentProfileOptions = () =>
  queryOptions({
    queryKey: ['student', 'profile'],
    queryFn: ({ signal }) => api<ProfileResponse>(STUDENT_API.profile, { area: 'student', signal }),
  });
export const useStudentProfile = () => useQuery(studentProfileOptions());

/** PUT /api/student/profile: the phone number and address. */
export function useUpdateContact() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: StudentContactInput) =>
      api<ProfileResponse>(STUDENT_API.profile, { method: 'PUT', body: input, area: 'student' }),
    onSuccess: (answer) => queryClient.setQueryData(studentProfileOptions().queryKey, answer),
  });
}
