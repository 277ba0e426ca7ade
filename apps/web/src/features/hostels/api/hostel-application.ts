import { HOSTEL_API, type HostelApplicationInput, type HostelApplicationPage } from '@portal/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';

interface PageResponse {
  Status: string;
  Message?: string;
  Data: HostelApplicationPage;
}

/** GET /api/student/hostel: the round, eligibility with reasons, the application and the allocation. */
export const hostelPageOptions = () =>
  queryOptions({
    queryKey: ['student', 'hostel'],
    queryFn: ({ signal }) => api<PageResponse>(HOSTEL_API.student, { area: 'student', signal }),
  });
export const useHostelPage = () => useQuery(hostelPageOptions());

function useHostelPost<T>(path: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: T) => api<PageResponse>(path, { method: 'POST', body: input, area: 'student' }),
    onSuccess: (answer) => queryClient.setQueryData(hostelPageOptions().queryKey, answer),
  });
}

/** POST: apply, or change the preferences, inside the window. */
export const useApplyForHostel = () => useHostelPost<HostelApplicationInput>(HOSTEL_API.application);
/** POST: give up the bed space. */
export const useGiveUpBed = () => useHostelPost<{ AllocationId: number }>(HOSTEL_API.giveUp);
