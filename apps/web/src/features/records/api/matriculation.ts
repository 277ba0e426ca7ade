import { STUDENT_API, type StudentMatriculation } from '@portal/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** GET /api/student/matriculation: matric number, date and the form's links. */
export const matriculationOptions = () =>
  queryOptions({
    queryKey: ['student', 'matriculation'],
    queryFn: ({ signal }) =>
      api<{ Status: string; Data: StudentMatriculation }>(STUDENT_API.matriculation, {
        area: 'student',
        signal,
      }),
  });
export const useMatriculation = () => useQuery(matriculationOptions());
