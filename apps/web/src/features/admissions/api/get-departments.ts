import { queryOptions, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { OptionsResult, Paged } from '../../../components/crud/types';
import { api } from '../../../lib/api';
import { optionsResult } from './options';

/** GET /api/reference/departments: departments with their courses of study, for the selects. */
export interface DepartmentEntry {
  DepartmentId: number;
  DepartmentName: string;
  CategoryName: string;
  FacultyName: string;
  CoursesOfStudy: { CourseOfStudyId: number; CourseOfStudyName: string }[];
}

export const departmentsOptions = () =>
  queryOptions({
    queryKey: ['reference', 'departments'],
    queryFn: ({ signal }) =>
      api<Paged<DepartmentEntry>>('/api/reference/departments', {
        query: { pageSize: 200 },
        area: null,
        signal,
      }),
  });

export function useDepartmentOptions(): OptionsResult {
  const query = useQuery(departmentsOptions());
  const options = useMemo(
    () => (query.data?.Data ?? []).map((d) => ({ value: d.DepartmentId, label: d.DepartmentName })),
    [query.data],
  );
  return optionsResult(options, query);
}

/** Courses of study, of one department when given. */
export function useCourseOptions(departmentId?: number): OptionsResult {
  const query = useQuery(departmentsOptions());
  const options = useMemo(
    () =>
      (query.data?.Data ?? [])
        .filter((d) => !departmentId || d.DepartmentId === departmentId)
        .flatMap((d) =>
          d.CoursesOfStudy.map((c) => ({ value: c.CourseOfStudyId, label: c.CourseOfStudyName })),
        ),
    [query.data, departmentId],
  );
  return optionsResult(options, query);
}
