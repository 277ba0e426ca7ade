import { queryOptions, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { Option, OptionsResult } from '../../../components/crud/types';
import { api } from '../../../lib/api';

const result = (options: Option[], query: { isPending: boolean; isError: boolean }): OptionsResult => ({
  options,
  loading: query.isPending,
  failed: query.isError,
});

/** GET /api/admin/levels/options: the levels, for the studentforms form. */
const levelOptions = () =>
  queryOptions({
    queryKey: ['admin', 'levels', 'options'],
    queryFn: ({ signal }) => api<{ Data: Option[] }>('/api/admin/levels/options', { area: 'admin', signal }),
  });

export function useLevelOptions(): OptionsResult {
  const query = useQuery(levelOptions());
  return result(query.data?.Data ?? [], query);
}

/** GET /api/reference/departments: the departments (public list), for the studentforms form. */
const departmentOptions = () =>
  queryOptions({
    queryKey: ['reference', 'departments'],
    queryFn: ({ signal }) =>
      api<{ Data: { DepartmentId: number; DepartmentName: string }[] }>('/api/reference/departments', {
        query: { pageSize: 200 },
        area: null,
        signal,
      }),
  });

export function useDepartmentOptions(): OptionsResult {
  const query = useQuery(departmentOptions());
  const options = useMemo(
    () => (query.data?.Data ?? []).map((d) => ({ value: d.DepartmentId, label: d.DepartmentName })),
    [query.data],
  );
  return result(options, query);
}
