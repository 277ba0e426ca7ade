import type { BursaryStudentPaymentsResponse } from '@portal/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** GET /api/admin/bursary/students/:id/payments: one student's attempts, with the student and paid totals. */
export function useStudentPayments(studentId: number | null, page: number, pageSize: number) {
  return useQuery({
    queryKey: ['bursary', 'student-payments', studentId, page, pageSize],
    queryFn: ({ signal }) =>
      api<BursaryStudentPaymentsResponse>(`/api/admin/bursary/students/${studentId}/payments`, {
        query: { page, pageSize },
        signal,
      }),
    enabled: studentId !== null,
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}
