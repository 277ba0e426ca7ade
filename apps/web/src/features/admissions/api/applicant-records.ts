import { APPLICANT_RECORDS_API, type ApplicantRecordRow, type ApplicantRecordView } from '@portal/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Paged } from '../../../components/crud/types';
import { api, apiBlob, type QueryValue } from '../../../lib/api';
import { saveFile } from '../../../lib/download';

/** GET /api/admin/applicant-records/<view>: one view's columns, filtered, sorted and paged on the server. */
export function useApplicantRecords(view: ApplicantRecordView, query: Record<string, QueryValue>) {
  return useQuery({
    queryKey: ['applications', 'records', view, query],
    queryFn: ({ signal }) =>
      api<Paged<ApplicantRecordRow>>(APPLICANT_RECORDS_API.list(view), { query, signal }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

/** The view's filtered records as CSV or XLSX, saved as a file. */
export async function exportApplicantRecords(
  view: ApplicantRecordView,
  format: 'csv' | 'xlsx',
  query: Record<string, QueryValue>,
): Promise<void> {
  const blob = await apiBlob(APPLICANT_RECORDS_API.export(view), { query: { ...query, format } });
  saveFile(blob, `applicants-${view}-${new Date().toISOString().slice(0, 10)}.${format}`);
}
