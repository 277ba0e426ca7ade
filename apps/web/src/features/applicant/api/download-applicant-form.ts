import { useMutation } from '@tanstack/react-query';
import { apiBlob } from '../../../lib/api';
import { saveFile } from '../../../lib/download';

/** GET /api/applicant/form.pdf: the applicant form, A4 landscape, saved as ApplicantFormPDF.pdf. */
export async function downloadApplicantForm(): Promise<void> {
  saveFile(await apiBlob('/api/applicant/form.pdf', { area: 'applicant' }), 'ApplicantFormPDF.pdf');
}

export const useDownloadApplicantForm = () => useMutation({ mutationFn: downloadApplicantForm });
