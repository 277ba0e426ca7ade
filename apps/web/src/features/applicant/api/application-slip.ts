import type { ApplicationSlip } from '@portal/contracts';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { api, apiBlob } from '../../../lib/api';
import { saveFile } from '../../../lib/download';

/** GET /api/applicant/slip: the application slip's data (once registration is complete). */
export const applicationSlipOptions = () =>
  queryOptions({
    queryKey: ['applicant', 'slip'],
    queryFn: ({ signal }) =>
      api<{ Status: string; Data: ApplicationSlip }>('/api/applicant/slip', { area: 'applicant', signal }),
  });

export const useApplicationSlip = (enabled = true) => useQuery({ ...applicationSlipOptions(), enabled });

/** GET /api/applicant/slip.pdf: the slip as an A4 landscape PDF. */
export async function downloadSlipPdf(jambRegNo: string): Promise<void> {
  saveFile(
    await apiBlob('/api/applicant/slip.pdf', { area: 'applicant' }),
    `ApplicationSlip-${jambRegNo}.pdf`,
  );
}

export const useDownloadSlipPdf = () => useMutation({ mutationFn: downloadSlipPdf });
