import {
  ANNOUNCEMENTS_API,
  BROADCASTS_API,
  type AnnouncementInput,
  type AnnouncementListResponse,
  type AnnouncementResponse,
  type BroadcastInput,
  type BroadcastListResponse,
  type BroadcastResponse,
} from '@portal/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';

const ANNOUNCEMENTS_KEY = ['announcements', 'admin'];

export function useAnnouncements(page: number, pageSize: number) {
  return useQuery({
    queryKey: [...ANNOUNCEMENTS_KEY, page, pageSize],
    queryFn: ({ signal }) =>
      api<AnnouncementListResponse>(ANNOUNCEMENTS_API.admin, { query: { page, pageSize }, signal }),
    placeholderData: keepPreviousData,
  });
}

/** Create (no id) or edit an announcement. */
export function useSaveAnnouncement() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: number | null; input: AnnouncementInput }) =>
      api<AnnouncementResponse>(id ? ANNOUNCEMENTS_API.one(id) : ANNOUNCEMENTS_API.admin, {
        method: id ? 'PUT' : 'POST',
        body: input,
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: ANNOUNCEMENTS_KEY }),
  });
}

export function useWithdrawAnnouncement() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api<AnnouncementResponse>(ANNOUNCEMENTS_API.withdraw(id), { method: 'POST' }),
    onSuccess: () => client.invalidateQueries({ queryKey: ANNOUNCEMENTS_KEY }),
  });
}

const BROADCASTS_KEY = ['broadcasts'];

/** The past broadcasts; read again every 2 s while one is still going out (the progress bar). */
export function useBroadcasts(page: number, pageSize: number) {
  return useQuery({
    queryKey: [...BROADCASTS_KEY, page, pageSize],
    queryFn: ({ signal }) =>
      api<BroadcastListResponse>(BROADCASTS_API.list, { query: { page, pageSize }, signal }),
    placeholderData: keepPreviousData,
    refetchInterval: (query) =>
      query.state.data?.Data.some((b) => b.Sent + b.Failed < b.Queued) ? 2000 : false,
  });
}

export function useSendBroadcast() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: BroadcastInput) =>
      api<BroadcastResponse>(BROADCASTS_API.list, { method: 'POST', body: input }),
    onSuccess: () => client.invalidateQueries({ queryKey: BROADCASTS_KEY }),
  });
}
