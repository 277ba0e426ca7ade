import type { ApplicantRecord } from '@portal/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { applicantRecordOptions } from './get-applicant-record';

export interface SubmitRegResponse {
  Status: string;
  Message: string;
  Data: ApplicantRecord;
}

/** GET /api/Applicants/SubmitReg?applicantId=: completes the registration (no change afterwards). */
export const submitRegistration = (applicantId: number) =>
  api<SubmitRegResponse>('/api/Applicants/SubmitReg', {
    query: { applicantId },
    area: 'applicant',
  });

/** On success the record in the cache is the one the server answered with; everything else reloads. */
export function useSubmitRegistration(applicantId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => submitRegistration(applicantId),
    onSuccess: (answer) => {
      queryClient.setQueryData(applicantRecordOptions(applicantId).queryKey, {
        Status: answer.Status,
        Message: answer.Message,
        Data: answer.Data,
      });
      void queryClient.invalidateQueries({ queryKey: ['applicant'] });
    },
  });
}
