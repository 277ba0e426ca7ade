import type { RegistrationRow } from '@portal/contracts';
import type { TableColumn } from '../../../components/crud/ServerTable';
import type { useT } from '../../../i18n/useT';
import { StateChip } from './parts';

/** The columns of the registration lists (approval and the registry's view). */
export function registrationColumns(
  t: ReturnType<typeof useT>,
  when: (value: string | null) => string,
): TableColumn<RegistrationRow>[] {
  return [
    { field: 'MatricNo', header: t('courses.field.matricNo'), minWidth: 140 },
    { field: 'Name', header: t('courses.field.name'), minWidth: 180, flex: 1 },
    { field: 'Level', header: t('courses.field.level'), minWidth: 100, render: (r) => r.Level ?? '—' },
    {
      field: 'Department',
      header: t('courses.field.department'),
      minWidth: 160,
      from: 'lg',
      render: (r) => r.Department ?? '—',
    },
    {
      field: 'TotalUnits',
      header: t('courses.field.units'),
      minWidth: 90,
      render: (r) => t('courses.unitsOf', { units: r.TotalUnits, courses: r.Courses }),
    },
    {
      field: 'State',
      header: t('courses.field.state'),
      minWidth: 150,
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
      minWidth: 150,
      from: 'md',
      render: (r) => when(r.SubmittedAt),
    },
  ];
}
