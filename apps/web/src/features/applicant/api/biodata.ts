import type { Biodata, GuardianInput } from '@portal/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export interface BiodataResponse {
  Status: string;
  Message?: string;
  Data: Biodata;
}

/** What the biodata form sends (PUT /api/applicant/biodata); the server checks and normalises it. */
export interface BiodataForm {
  FirstName: string;
  OtherName: string | null;
  LastName: string;
  Email: string;
  DateOfBirth: string;
  Gender: string;
  PhoneNumber: string;
  Address: string;
  MaritalStatus: string;
  CountryId: number | null;
  StateId: number | null;
  LgaId: number | null;
  DepartmentId: number | null;
  CourseOfStudyId: number | null;
}

/** GET /api/applicant/biodata: the signed-in applicant's biodata (Locked after registration). */
export const biodataOptions = () =>
  queryOptions({
    queryKey: ['applicant', 'biodata'],
    queryFn: ({ signal }) => api<BiodataResponse>('/api/applicant/biodata', { area: 'applicant', signal }),
  });

export const useBiodata = () => useQuery(biodataOptions());

/** PUT /api/applicant/biodata; the progress flags (IsBiodataSaved) are fetched again afterwards. */
export function useSaveBiodata() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (form: BiodataForm) =>
      api<BiodataResponse>('/api/applicant/biodata', { method: 'PUT', body: form, area: 'applicant' }),
    onSuccess: (answer) => {
      queryClient.setQueryData(biodataOptions().queryKey, answer);
      void queryClient.invalidateQueries({ queryKey: ['applicant', 'record'] });
    },
  });
}

export interface GuardianResponse {
  Status: string;
  Message?: string;
  Data: (Omit<GuardianInput, 'Email'> & { Email: string | null }) | null;
  Locked: boolean;
}

/** GET /api/applicant/guardian: the parent or guardian (Data null until saved). */
export const guardianOptions = () =>
  queryOptions({
    queryKey: ['applicant', 'guardian'],
    queryFn: ({ signal }) => api<GuardianResponse>('/api/applicant/guardian', { area: 'applicant', signal }),
  });

export const useGuardian = () => useQuery(guardianOptions());

export interface GuardianForm {
  Name: string;
  Relationship: string;
  PhoneNumber: string;
  Email: string | null;
  Address: string;
}

/** PUT /api/applicant/guardian */
export function useSaveGuardian() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (form: GuardianForm) =>
      api<GuardianResponse>('/api/applicant/guardian', { method: 'PUT', body: form, area: 'applicant' }),
    onSuccess: (answer) => queryClient.setQueryData(guardianOptions().queryKey, answer),
  });
}
