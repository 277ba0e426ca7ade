import Visibility from '@mui/icons-material/Visibility';
import Button from '@mui/material/Button';
import type { RowId } from '../../../components/crud/ServerTable';
import type { RegistrationRow } from '@portal/contracts';
import { useMemo } from 'react';
import { QueryTable, type TableColumn } from '../../../components/crud/ServerTable';
import { useDebounced } from '../../../components/crud/useDebounced';
import { useListFilters } from '../../../components/crud/useListFilters';
import { useT } from '../../../i18n/useT';
import { useRegistrations } from '../api/courses';
import { useWhen } from '../../../lib/useWhen';
import { StateChip, registrationQuery, type RegistrationFilterValues } from './parts';

/** The columns of the registration lists (approval and the registry's view). */
function registrationColumns(
  t: ReturnType<typeof useT>,
  when: (value: string | null) => string,
): TableColumn<RegistrationRow>[] {
  return [
    { field: 'MatricNo', header: t('courses.field.matricNo') },
    { field: 'Name', header: t('courses.field.name') },
    { field: 'Level', header: t('courses.field.level'), render: (r) => r.Level ?? '—' },
    {
      field: 'Department',
      header: t('courses.field.department'),
      priority: 3,
      render: (r) => r.Department ?? '—',
    },
    {
      field: 'TotalUnits',
      header: t('courses.field.units'),
      render: (r) => t('courses.unitsOf', { units: r.TotalUnits, courses: r.Courses }),
    },
    {
      field: 'State',
      header: t('courses.field.state'),
      render: (r) => (
        <>
          <StateChip state={r.State} />
          {r.AddDrop && ` ${t('courses.mark.addDrop')}`}
          {r.IsLate && ` ${t('courses.mark.late')}`}
        </>
      ),
    },
    {
      field: 'SubmittedAt',
      header: t('courses.field.submittedAt'),
      priority: 2,
      render: (r) => when(r.SubmittedAt),
    },
  ];
}

/** A registration list's filters, paging and query (the state filter starts at `initialState`). */
export function useRegistrationList(initialState: string) {
  const { state, setState, filters, setFilter } = useListFilters<RegistrationFilterValues>({
    semesterId: null,
    departmentId: null,
    levelId: null,
    state: initialState,
    search: '',
  });
  const search = useDebounced(filters.search);
  const query = useMemo(
    () => ({ page: state.page, pageSize: state.pageSize, ...registrationQuery(filters, search) }),
    [state, filters, search],
  );
  return { state, setState, filters, setFilter, list: useRegistrations(query) };
}

/** The registrations as a server-paged table, each with Open; rows may be ticked for a bulk decision. */
export function RegistrationTable({
  label,
  emptyText,
  registrations,
  onOpen,
  selection,
  onSelectionChange,
}: {
  label: string;
  emptyText: string;
  registrations: ReturnType<typeof useRegistrationList>;
  onOpen: (id: number) => void;
  selection?: ReadonlySet<RowId>;
  onSelectionChange?: (next: Set<RowId>) => void;
}) {
  const t = useT();
  const when = useWhen();
  return (
    <QueryTable<RegistrationRow>
      label={label}
      query={registrations.list}
      getRowId={(row) => row.Id}
      state={registrations.state}
      onStateChange={registrations.setState}
      emptyText={emptyText}
      columns={registrationColumns(t, when)}
      selection={selection}
      onSelectionChange={onSelectionChange}
      actionsHeader={t('courses.field.actions')}
      rowActions={(row) => (
        <Button size="small" startIcon={<Visibility fontSize="small" />} onClick={() => onOpen(row.Id)}>
          {t('courses.open')}
        </Button>
      )}
    />
  );
}
