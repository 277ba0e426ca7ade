import Download from '@mui/icons-material/Download';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  APPLICANT_RECORD_VIEWS,
  type ApplicantRecordColumn,
  type ApplicantRecordRow,
  type ApplicantRecordView,
} from '@portal/contracts';
import { useMemo, useState } from 'react';
import { serverMessage } from '../../../components/crud/errors';
import { ServerTable, type TableColumn } from '../../../components/crud/ServerTable';
import type { ListState } from '../../../components/crud/types';
import { useDebounced } from '../../../components/crud/useDebounced';
import type { MessageId } from '../../../i18n/locales';
import { useT } from '../../../i18n/useT';
import { notify } from '../../../lib/notify';
import { useDocumentTitle } from '../../../lib/useDocumentTitle';
import { exportApplicantRecords, useApplicantRecords } from '../api/applicant-records';
import { ApplicantRecordDialog } from './ApplicantRecordDialog';
import {
  ApplicationFilters,
  EMPTY_FILTERS,
  filterQuery,
  type ApplicationFilterValues,
} from './ApplicationFilters';

const TITLES: Record<ApplicantRecordView, { title: MessageId; intro: MessageId }> = {
  olevel: { title: 'admissions.records.olevel', intro: 'admissions.records.olevelIntro' },
  jamb: { title: 'admissions.records.jamb', intro: 'admissions.records.jambIntro' },
  biodata: { title: 'admissions.records.biodata', intro: 'admissions.records.biodataIntro' },
};

const HEADERS: Record<ApplicantRecordColumn, MessageId> = {
  jambRegNo: 'admissions.field.jambNumber',
  name: 'admissions.field.name',
  gender: 'admissions.field.gender',
  dateOfBirth: 'admissions.field.dateOfBirth',
  maritalStatus: 'admissions.field.maritalStatus',
  state: 'admissions.field.state',
  lga: 'admissions.field.lga',
  phone: 'admissions.field.phone',
  email: 'admissions.field.email',
  department: 'admissions.field.department',
  courseOfStudy: 'admissions.field.course',
  entryMode: 'admissions.field.entryMode',
  utmeScore: 'admissions.field.score',
  capsStatus: 'admissions.field.capsStatus',
  sittings: 'admissions.field.sittings',
  credits: 'admissions.field.credits',
  results: 'admissions.field.olevelResults',
  status: 'admissions.field.status',
};

/** The columns the server sorts by, with its sort key. */
const SORT_KEYS: Partial<Record<ApplicantRecordColumn, string>> = {
  jambRegNo: 'jambRegNo',
  name: 'name',
  department: 'department',
  utmeScore: 'score',
};

/** On a narrow screen these fold into the row's details first. */
const PRIORITY: Partial<Record<ApplicantRecordColumn, number>> = {
  results: 3,
  email: 3,
  lga: 4,
  maritalStatus: 4,
  courseOfStudy: 4,
  entryMode: 4,
};

const STATUS_LABELS: Record<string, MessageId> = {
  screened: 'admissions.stage.screened',
  verified: 'admissions.stage.verified',
  admitted: 'admissions.stage.admitted',
  rejected: 'admissions.stage.rejected',
};

/**
 * The /app console's olevel, jamb and biodata pages: the admission session's applicants with one
 * view's columns (declared in the contracts), the applications list's filters, server paging and
 * sorting, CSV and XLSX downloads, and each applicant's record. Read-only.
 */
export default function ApplicantRecordsScreen({ view }: { view: ApplicantRecordView }) {
  const t = useT();
  const title = t(TITLES[view].title);
  useDocumentTitle(`${title} · ${t('portal.name')}`);
  const [state, setState] = useState<ListState>({ page: 1, pageSize: 20, sort: 'jambRegNo', order: 'asc' });
  const [filters, setFilters] = useState<ApplicationFilterValues>(EMPTY_FILTERS);
  const search = useDebounced(filters.search);
  const query = useMemo(
    () => ({
      ...filterQuery(filters, search),
      page: state.page,
      pageSize: state.pageSize,
      sort: SORT_KEYS[state.sort as ApplicantRecordColumn] ?? 'createdAt',
      order: state.order ?? 'asc',
    }),
    [filters, search, state],
  );
  const list = useApplicantRecords(view, query);
  const [viewing, setViewing] = useState<number | null>(null);
  const [downloading, setDownloading] = useState(false);

  const columns: TableColumn<ApplicantRecordRow>[] = APPLICANT_RECORD_VIEWS[view].map((column) => ({
    field: column,
    header: t(HEADERS[column]),
    sortable: column in SORT_KEYS,
    priority: PRIORITY[column],
    render: (row: ApplicantRecordRow) => {
      const value = row.cells[column];
      if (column === 'status') return value && STATUS_LABELS[value] ? t(STATUS_LABELS[value]!) : '—';
      return value === null || value === undefined || value === '' ? '—' : value;
    },
  }));

  const download = async (format: 'csv' | 'xlsx') => {
    setDownloading(true);
    try {
      await exportApplicantRecords(view, format, filterQuery(filters, filters.search));
      notify.success(t('admissions.export.started'));
    } catch (error) {
      notify.error(serverMessage(error) || t('error.download'));
    } finally {
      setDownloading(false);
    }
  };

  return (
    <>
      <Typography component="h1" variant="h5" sx={{ fontWeight: 600 }}>
        {title}
      </Typography>
      <Typography color="text.secondary" variant="body2" sx={{ mb: 2 }}>
        {t(TITLES[view].intro)}
      </Typography>
      <Card variant="outlined">
        <CardContent>
          <ApplicationFilters
            values={filters}
            showStatus
            onChange={(next) => {
              setFilters(next);
              setState((s) => ({ ...s, page: 1 }));
            }}
          />
          <Stack direction="row" spacing={1} sx={{ mb: 2, flexWrap: 'wrap' }}>
            {(['csv', 'xlsx'] as const).map((format) => (
              <Button
                key={format}
                variant="outlined"
                size="small"
                startIcon={<Download />}
                disabled={downloading}
                onClick={() => void download(format)}
              >
                {t('admissions.records.download', { format: format.toUpperCase() })}
              </Button>
            ))}
          </Stack>
          {downloading && <LinearProgress aria-label={t('common.loading')} sx={{ mb: 2 }} />}
          <ServerTable<ApplicantRecordRow>
            label={title}
            columns={columns}
            rows={list.data?.Data ?? []}
            getRowId={(row) => row.id}
            total={list.data?.Total ?? 0}
            loading={list.isFetching}
            state={state}
            onStateChange={setState}
            emptyText={
              list.isError ? serverMessage(list.error) || t('error.generic') : t('admissions.list.empty')
            }
            rowActions={(row) => (
              <Button
                size="small"
                onClick={() => setViewing(row.id)}
                aria-label={t('admissions.viewRecordOf', {
                  name: String(row.cells.name ?? row.cells.jambRegNo ?? row.id),
                })}
              >
                {t('admissions.viewRecord')}
              </Button>
            )}
          />
        </CardContent>
      </Card>
      {viewing !== null && <ApplicantRecordDialog applicantId={viewing} onClose={() => setViewing(null)} />}
    </>
  );
}
