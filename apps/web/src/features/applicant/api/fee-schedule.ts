import type { FeeScheduleRow } from '@portal/contracts';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { api, apiBlob } from '../../../lib/api';
import { saveFile } from '../../../lib/download';

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

/** GET /api/AdmissionFeeSchedule.pdf?applicantId=: the same schedule as a PDF (for phones). */
export async function downloadFeeSchedulePdf(applicantId: number): Promise<void> {
  saveFile(
    await apiBlob('/api/AdmissionFeeSchedule.pdf', { query: { applicantId }, area: 'applicant' }),
    'FeeSchedule.pdf',
  );
}

export const useDownloadFeeSchedulePdf = () => useMutation({ mutationFn: downloadFeeSchedulePdf });
