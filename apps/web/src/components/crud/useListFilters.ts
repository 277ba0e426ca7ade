import { useState } from 'react';
import type { ListState } from './types';

/**
 * A server list's paging and sorting with its filters: changing a filter goes back to the first
 * page, since the page the user was on may no longer exist.
 */
export function useListFilters<Filters extends object>(
  initialFilters: Filters,
  initialState: ListState = { page: 1, pageSize: 20 },
) {
  const [state, setState] = useState<ListState>(initialState);
  const [filters, setFilters] = useState(initialFilters);
  const setFilter = (patch: Partial<Filters>) => {
    setFilters((current) => ({ ...current, ...patch }));
    setState((current) => ({ ...current, page: 1 }));
  };
  return { state, setState, filters, setFilter };
}
