import { STUDENT_API, type SchoolFeesStatementResponse } from '@portal/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/**
 * GET api/student/school-fees: what the signed-in student owes this session — the items with both
 * amounts, the totals, what is paid and left, the instalment rule and the attempts.
 */
export const schoolFeesOptions = () =>
  queryOptions({
    queryKey: ['payments', 'school-fees'],
    queryFn: ({ signal }) =>
      api<SchoolFeesStatementResponse>(STUDENT_API.schoolFees, { area: 'student', signal }),
    // A webhook or the reconciliation job may credit a payment at any time: ask on each visit.
    staleTime: 0,
  });

export const useSchoolFees = () => useQuery(schoolFeesOptions());
