import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/* The biodata form's lists: public, cacheable, fetched once a visit. */

export interface Country {
  CountryId: number;
  CountryName: string;
  Code: string;
}
export interface State {
  StateId: number;
  StateName: string;
  CountryId: number;
}
export interface Lga {
  LgaId: number;
  LgaName: string;
  StateId: number;
}
export interface Department {
  DepartmentId: number;
  DepartmentName: string;
  CategoryName: string;
  FacultyName: string;
  CoursesOfStudy: { CourseOfStudyId: number; CourseOfStudyName: string }[];
}

interface ListResponse<T> {
  Status: string;
  Data: T[];
}

const list = <T>(key: readonly unknown[], path: string, query?: Record<string, number>) =>
  queryOptions({
    queryKey: ['reference', ...key],
    queryFn: async ({ signal }) => (await api<ListResponse<T>>(path, { query, area: null, signal })).Data,
    staleTime: Infinity,
  });

/** GET /api/reference/countries (all of them: up to 300 a page). */
export const useCountries = () =>
  useQuery(list<Country>(['countries'], '/api/reference/countries', { pageSize: 300 }));

/** GET /api/reference/states?countryId= */
export const useStates = (countryId: number | null) =>
  useQuery({
    ...list<State>(['states', countryId], '/api/reference/states', countryId ? { countryId } : undefined),
    enabled: !!countryId,
  });

/** GET /api/reference/lgas?stateId= */
export const useLgas = (stateId: number | null) =>
  useQuery({
    ...list<Lga>(['lgas', stateId], '/api/reference/lgas', stateId ? { stateId } : undefined),
    enabled: !!stateId,
  });

/** GET /api/reference/departments (with their courses of study). */
export const useDepartments = () =>
  useQuery(list<Department>(['departments'], '/api/reference/departments', { pageSize: 200 }));
