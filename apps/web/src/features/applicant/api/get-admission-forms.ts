import type { AdmissionFormEntry } from '@portal/contracts';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { api, apiBlob } from '../../../lib/api';
import { saveFile } from '../../../lib/download';

export interface AdmissionFormsResponse {
  Status: string;
  Message?: string;
  Data: AdmissionFormEntry[];
  Page: number;
  PageSize: number;
  Total: number;
}

/** The admission documents' form type (spec: GET api/listofforms?type=2). */
const ADMISSION_FORM_TYPE = 2;

/** GET /api/listofforms?type=2: the admission documents for the applicant's level and department. */
export const admissionFormsOptions = () =>
  queryOptions({
    queryKey: ['applicant', 'admission-forms'],
    queryFn: ({ signal }) =>
      api<AdmissionFormsResponse>('/api/listofforms', {
        query: { type: ADMISSION_FORM_TYPE, pageSize: 100 },
        area: 'applicant',
        signal,
      }),
  });

export const useAdmissionForms = (enabled = true) => useQuery({ ...admissionFormsOptions(), enabled });

/** GET of a document's formUrl as a blob, saved as formName.fileExt. */
export async function downloadAdmissionForm(form: AdmissionFormEntry): Promise<void> {
  const blob = await apiBlob(form.formUrl, { area: 'applicant' });
  const ext = form.fileExt.replace(/^\./, '');
  saveFile(blob, ext ? `${form.formName}.${ext}` : form.formName);
}

export const useDownloadAdmissionForm = () => useMutation({ mutationFn: downloadAdmissionForm });
