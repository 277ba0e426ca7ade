import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useState, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import type { OfferingPage, StaffOffering } from '@portal/contracts';
import { useT } from '../../i18n/useT';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { ServerTable, type TableColumn } from '../crud/ServerTable';
import type { ListState } from '../crud/types';
import { useDebounced } from '../crud/useDebounced';
import { PageHeading } from '../PageHeading';
import { useStaffOfferings } from './staffOfferings';
import { SearchField } from '../SearchField';

type Row = StaffOffering;

/** The feature's own words (from its catalogue): the screen is the same, what it manages differs. */
export interface StaffOfferingsLabels {
  title: string;
  intro: string;
  search: string;
  table: string;
  empty: string;
  code: string;
  course: string;
  session: string;
  /** Shown when given. */
  lecturers?: string;
  enrolled?: string;
  actions: string;
  open: string;
  openOffering: (code: string) => string;
}

/**
 * The first screen of each classroom page for staff (content, assignments, live classes): the
 * offerings the lecturer teaches (the page's administrator: every offering), searched and paged on
 * the server, each opening the feature's page of that offering.
 */
export function StaffOfferingsScreen({
  page,
  labels,
  pathOf,
  error,
  columns = [],
}: {
  /** The admin page this is the first screen of: whose offerings are listed (OFFERINGS_API.staff). */
  page: OfferingPage;
  labels: StaffOfferingsLabels;
  pathOf: (row: Row) => string;
  /** The feature's error panel, with a retry. */
  error: (error: unknown, retry: () => void) => ReactNode;
  /** The feature's own columns, after the lecturers. */
  columns?: TableColumn<Row>[];
}) {
  const t = useT();
  const [state, setState] = useState<ListState>({ page: 1, pageSize: 10 });
  const [search, setSearch] = useState('');
  const settled = useDebounced(search.trim());
  const offerings = useStaffOfferings(page, state.page, state.pageSize, settled);
  useDocumentTitle(`${labels.title} · ${t('portal.name')}`);
  const all: TableColumn<Row>[] = [
    { field: 'Code', header: labels.code, priority: 0 },
    { field: 'Title', header: labels.course, priority: 1 },
    {
      field: 'Session',
      header: labels.session,
      render: (row) => [row.Session, row.Semester].filter(Boolean).join(' · '),
      priority: 3,
    },
    ...(labels.lecturers
      ? [
          {
            field: 'Lecturers',
            header: labels.lecturers,
            render: (row: Row) => (row.Lecturers ?? []).join(', '),
            priority: 4,
          },
        ]
      : []),
    ...columns,
    ...(labels.enrolled ? [{ field: 'Enrolled', header: labels.enrolled, priority: 5 }] : []),
  ];
  return (
    <>
      <PageHeading title={labels.title} intro={labels.intro} />
      <Stack spacing={2}>
        <SearchField
          label={labels.search}
          value={search}
          onChange={(value) => {
            setSearch(value);
            setState((current) => ({ ...current, page: 1 }));
          }}
        />
        {offerings.isError ? (
          error(offerings.error, () => void offerings.refetch())
        ) : (
          <ServerTable<Row>
            label={labels.table}
            rows={offerings.data?.Data ?? []}
            total={offerings.data?.Total ?? 0}
            loading={offerings.isFetching}
            getRowId={(row) => `${row.CourseId}-${row.SessionId}`}
            state={state}
            onStateChange={setState}
            emptyText={labels.empty}
            columns={all}
            actionsHeader={labels.actions}
            rowActions={(row) => (
              <Button
                component={RouterLink}
                to={pathOf(row)}
                size="small"
                variant="contained"
                aria-label={labels.openOffering(row.Code)}
              >
                {labels.open}
              </Button>
            )}
          />
        )}
      </Stack>
    </>
  );
}
