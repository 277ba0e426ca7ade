import { SCHOOL_ID } from '@portal/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { resourceKey } from '../../../components/crud/api';
import type { OptionsResult, Paged } from '../../../components/crud/types';
import { api } from '../../../lib/api';
import type { AdmissionSessionItem } from '../types';
import { optionsResult } from './options';

/**
 * GET /api/admin/admission-sessions (the set-up resource's own list, so a change there refreshes
 * these options) and GET /api/ActiveSessions: the admission and academic sessions to choose from.
 */
export const ADMISSION_SESSIONS_PATH = '/api/admin/admission-sessions';

const admissionSessionsOptions = () =>
  queryOptions({
    queryKey: [...resourceKey(ADMISSION_SESSIONS_PATH), 'options'],
    queryFn: ({ signal }) =>
      api<Paged<AdmissionSessionItem>>(ADMISSION_SESSIONS_PATH, {
        query: { page: 1, pageSize: 100, sort: 'name', order: 'desc' },
        signal,
      }),
  });

export function useAdmissionSessionOptions(): OptionsResult {
  const query = useQuery(admissionSessionsOptions());
  const options = useMemo(
    () => (query.data?.Data ?? []).map((s) => ({ value: s.id, label: s.name })),
    [query.data],
  );
  return optionsResult(options, query);
}

interface ActiveSessionsResponse {
  Status: string;
  Data: { Academic_SessionID: number | null; Admission_SessionID: number | null }[];
}

/**
 * Academic sessions: there is no list of them in the API, so they are the current one
 * (GET /api/ActiveSessions) and those the admission sessions already point at.
 */
export function useAcademicSessionOptions(): OptionsResult {
  const sessions = useQuery(admissionSessionsOptions());
  const active = useQuery({
    queryKey: ['reference', 'active-sessions'],
    queryFn: ({ signal }) =>
      api<ActiveSessionsResponse>('/api/ActiveSessions', { query: { schId: SCHOOL_ID }, area: null, signal }),
  });
  const options = useMemo(() => {
    const found = new Map<number, string>();
    for (const s of sessions.data?.Data ?? [])
      found.set(s.academicSessionId, s.academicSessionName ?? `#${s.academicSessionId}`);
    const current = active.data?.Data[0]?.Academic_SessionID;
    if (current && !found.has(current)) found.set(current, `#${current}`);
    return [...found].map(([value, label]) => ({ value, label }));
  }, [sessions.data, active.data]);
  return {
    options,
    loading: sessions.isPending || active.isPending,
    failed: options.length === 0 && (sessions.isError || active.isError),
  };
}
