import type { ApplicantRecord } from '@portal/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export interface ApplicantRecordResponse {
  Status: string;
  Message?: string;
  Data: ApplicantRecord;
}

/** GET /api/Applicants/GetApplicantRecordById?ApplicantID=: the applicant's progress flags. */
export const applicantRecordOptions = (applicantId: number) =>
  queryOptions({
    queryKey: ['applicant', 'record', applicantId],
    queryFn: ({ signal }) =>
      api<ApplicantRecordResponse>('/api/Applicants/GetApplicantRecordById', {
        query: { ApplicantID: applicantId },
        area: 'applicant',
        signal,
      }),
  });

export const useApplicantRecord = (applicantId: number) => useQuery(applicantRecordOptions(applicantId));
