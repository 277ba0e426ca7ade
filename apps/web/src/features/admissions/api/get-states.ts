import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { OptionsResult } from '../../../components/crud/types';
import { api } from '../../../lib/api';
import { optionsResult } from './options';

/** GET /api/reference/states: Nigeria's states and the FCT, for the filters. */
export function useStateOptions(): OptionsResult {
  const query = useQuery({
    queryKey: ['reference', 'states'],
    queryFn: ({ signal }) =>
      api<{ Status: string; Data: { StateId: number; StateName: string }[] }>('/api/reference/states', {
        area: null,
        signal,
      }),
  });
  const options = useMemo(
    () => (query.data?.Data ?? []).map((s) => ({ value: s.StateId, label: s.StateName })),
    [query.data],
  );
  return optionsResult(options, query);
}
