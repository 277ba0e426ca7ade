import { STUDENT_API, type StudentDashboard } from '@portal/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** GET /api/student/dashboard: what the student must do next. */
export const studentDashboardOptions = () =>
  queryOptions({
    queryKey: ['student', 'dashboard'],
    queryFn: ({ signal }) =>
      api<{ Status: string; Data: StudentDashboard }>(STUDENT_API.dashboard, { area: 'student', signal }),
  });
export const useStudentDashboard = () => useQuery(studentDashboardOptions());
