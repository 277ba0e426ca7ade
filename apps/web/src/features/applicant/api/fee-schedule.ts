import type { FeeScheduleRow } from '@portal/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export interface FeeScheduleResponse {
  Status: string;
  Data: {
    /** Server-made HTML; not used: the rows below are rendered instead. */
    feeRows: string;
    response: FeeScheduleRow[];
    IsIndigene: boolean;
    Total: number;
    SessionName: string | null;
  };
}

/** GET /api/AdmissionFeeSchedule?applicantId=: the fees payable (the spec's api/{hash}). */
export const feeScheduleOptions = (applicantId: number) =>
  queryOptions({
    queryKey: ['applicant', 'fee-schedule', applicantId],
    queryFn: ({ signal }) =>
      api<FeeScheduleResponse>('/api/AdmissionFeeSchedule', {
        query: { applicantId },
        area: 'applicant',
        signal,
      }),
  });

export const useFeeSchedule = (applicantId: number, enabled = true) =>
  useQuery({ ...feeScheduleOptions(applicantId), enabled });
