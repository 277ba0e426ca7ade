import {
  HOSTEL_API,
  type AllocationRow,
  type BallotResult,
  type HostelAvailability,
  type HostelRound,
  type HostelRoundInput,
  type ReservedAssignmentInput,
  type ReservedRoom,
} from '@portal/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Paged } from '../../../components/crud/types';
import { api, type QueryValue } from '../../../lib/api';

/** Hostel allocation's admin calls: rounds, the draw, availability, reserved rooms, allocations. */

const KEY = ['hostels'] as const;

export const useRounds = () =>
  useQuery({
    queryKey: [...KEY, 'rounds'],
    queryFn: ({ signal }) => api<{ Data: HostelRound[] }>(HOSTEL_API.rounds, { signal }),
    staleTime: 0,
  });

export const useDrawResult = (roundId: number) =>
  useQuery({
    queryKey: [...KEY, 'result', roundId],
    queryFn: ({ signal }) => api<{ Data: BallotResult }>(HOSTEL_API.result(roundId), { signal }),
  });

export const useAvailability = (roundId: number | null) =>
  useQuery({
    queryKey: [...KEY, 'availability', roundId],
    queryFn: ({ signal }) =>
      api<{ Data: HostelAvailability }>(HOSTEL_API.availability, { query: { roundId }, signal }),
    staleTime: 0,
  });

export const useReservedRooms = (roundId: number | null) =>
  useQuery({
    queryKey: [...KEY, 'reserved', roundId],
    queryFn: ({ signal }) =>
      api<{ Data: { RoundId: number | null; Rooms: ReservedRoom[] } }>(HOSTEL_API.reserved, {
        query: { roundId },
        signal,
      }),
    staleTime: 0,
  });

export const useAllocations = (query: Record<string, QueryValue>, enabled = true) =>
  useQuery({
    queryKey: [...KEY, 'allocations', query],
    queryFn: ({ signal }) => api<Paged<AllocationRow>>(HOSTEL_API.allocations, { query, signal }),
    placeholderData: keepPreviousData,
    staleTime: 0,
    enabled,
  });

export interface RoundAnswer {
  Status: string;
  Message?: string;
  Data: HostelRound;
}

/** Every change refreshes every hostel query. */
function useHostelMutation<I, O>(call: (input: I) => Promise<O>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSettled: () => client.invalidateQueries({ queryKey: KEY }),
  });
}

export const useSaveRound = () =>
  useHostelMutation(({ id, input }: { id: number | null; input: HostelRoundInput }) =>
    api<RoundAnswer>(id ? HOSTEL_API.round(id) : HOSTEL_API.rounds, {
      method: id ? 'PUT' : 'POST',
      body: input,
    }),
  );

export const useRoundAction = () =>
  useHostelMutation(({ id, action }: { id: number; action: 'publish' | 'close' }) =>
    api<RoundAnswer>(action === 'publish' ? HOSTEL_API.publish(id) : HOSTEL_API.close(id), {
      method: 'POST',
    }),
  );

export const useDraw = () =>
  useHostelMutation((id: number) =>
    api<{ Status: string; Message?: string; Data: BallotResult }>(HOSTEL_API.draw(id), { method: 'POST' }),
  );

export const useLapse = () =>
  useHostelMutation(() =>
    api<{ Message: string; Data: { Lapsed: number; Offered: number } }>(HOSTEL_API.lapse, { method: 'POST' }),
  );

export const useAssignReserved = () =>
  useHostelMutation((input: ReservedAssignmentInput) =>
    api<{ Message?: string; Data: AllocationRow }>(HOSTEL_API.reserved, { method: 'POST', body: input }),
  );

/** The options of a registry resource (levels, hostels, sessions), all at once. */
export const useOptions = (name: string) =>
  useQuery({
    queryKey: [...KEY, 'options', name],
    queryFn: ({ signal }) =>
      api<{ Data: { value: number; label: string }[] }>(`/api/admin/${name}/options`, { signal }),
  });
