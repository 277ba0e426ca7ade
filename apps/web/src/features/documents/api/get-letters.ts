import type { AdmissionLetter, CourseFormVerification, SiwesLetter } from '@portal/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export interface AdmissionLetterResponse {
  Status: string;
  Message?: string;
  Data: AdmissionLetter;
}
export interface SiwesLetterResponse {
  Status: string;
  Message?: string;
  Data: SiwesLetter;
}

/** GET api/ProvisionalAdmissionLetter?applicantId=: the letter, by the applicant's public id. */
export const admissionLetterOptions = (applicantId: string) =>
  queryOptions({
    queryKey: ['documents', 'admissionLetter', applicantId],
    queryFn: ({ signal }) =>
      api<AdmissionLetterResponse>('/api/ProvisionalAdmissionLetter', {
        query: { applicantId },
        area: null,
        signal,
      }),
  });
export const useAdmissionLetter = (applicantId: string | null) =>
  useQuery({ ...admissionLetterOptions(applicantId ?? ''), enabled: !!applicantId });

/** GET api/SIWESLETTER?StudId=: the SIWES placement letter, by the student's public id. */
export const siwesLetterOptions = (studId: string) =>
  queryOptions({
    queryKey: ['documents', 'siwesLetter', studId],
    queryFn: ({ signal }) =>
      api<SiwesLetterResponse>('/api/SIWESLETTER', { query: { StudId: studId }, area: null, signal }),
  });
export const useSiwesLetter = (studId: string) => useQuery(siwesLetterOptions(studId));

interface CourseFormResponse {
  Status: string;
  Data: CourseFormVerification;
}

/** GET /api/course-forms/verify?id&v (public): a course form's registration as it is now. */
export const courseFormOptions = (id: string, version: string | null) =>
  queryOptions({
    queryKey: ['documents', 'course-form', id, version],
    queryFn: ({ signal }) =>
      api<CourseFormResponse>('/api/course-forms/verify', {
        query: { id, v: version },
        area: null,
        signal,
      }),
  });
export const useCourseForm = (id: string, version: string | null) => useQuery(courseFormOptions(id, version));
