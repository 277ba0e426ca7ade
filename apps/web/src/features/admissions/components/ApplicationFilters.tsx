import FilterList from '@mui/icons-material/FilterList';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { useId, useState } from 'react';
import type { QueryValue } from '../../../lib/api';
import { AnySelect, FilterGrid, SearchField } from '../../../components/crud/filters';
import type { OptionsResult } from '../../../components/crud/types';
import type { MessageId } from '../../../i18n/locales';
import { useT } from '../../../i18n/useT';
import { useAdmissionSessionOptions } from '../api/get-admission-sessions';
import { useCourseOptions, useDepartmentOptions } from '../api/get-departments';
import { useStateOptions } from '../api/get-states';

/** The list filters of the processing screens and the export (strings as typed; '' is none). */
export interface ApplicationFilterValues {
  search: string;
  departmentId: string;
  courseOfStudyId: string;
  stateId: string;
  admissionSessionId: string;
  minScore: string;
  maxScore: string;
  status: string;
}

export const EMPTY_FILTERS: ApplicationFilterValues = {
  search: '',
  departmentId: '',
  courseOfStudyId: '',
  stateId: '',
  admissionSessionId: '',
  minScore: '',
  maxScore: '',
  status: '',
};

export const STATUSES = ['none', 'screened', 'verified', 'admitted', 'rejected'] as const;
export const STATUS_LABELS: Record<string, MessageId> = {
  none: 'admissions.status.none',
  screened: 'admissions.status.screened',
  verified: 'admissions.status.verified',
  admitted: 'admissions.status.admitted',
  rejected: 'admissions.status.rejected',
};

/** The filters as the API's query (search already settled by the caller). */
export function filterQuery(values: ApplicationFilterValues, search: string): Record<string, QueryValue> {
  const score = (text: string) => {
    const n = Number(text);
    return text.trim() !== '' && Number.isInteger(n) && n >= 0 && n <= 400 ? n : undefined;
  };
  return {
    search: search.trim() || undefined,
    departmentId: values.departmentId || undefined,
    courseOfStudyId: values.courseOfStudyId || undefined,
    stateId: values.stateId || undefined,
    admissionSessionId: values.admissionSessionId || undefined,
    minScore: score(values.minScore),
    maxScore: score(values.maxScore),
    status: values.status || undefined,
  };
}

interface Props {
  values: ApplicationFilterValues;
  onChange: (values: ApplicationFilterValues) => void;
  /** Hide the status filter on lists of one status. */
  showStatus?: boolean;
}

/** Search by name or JAMB number; department, course, state, session, score range and status. */
export function ApplicationFilters({ values, onChange, showStatus = true }: Props) {
  const t = useT();
  const set = (patch: Partial<ApplicationFilterValues>) => onChange({ ...values, ...patch });
  const departments = useDepartmentOptions();
  const courses = useCourseOptions(values.departmentId ? Number(values.departmentId) : undefined);
  const states = useStateOptions();
  const sessions = useAdmissionSessionOptions();
  const scoreError = (text: string) =>
    text.trim() !== '' && !(Number.isInteger(Number(text)) && Number(text) >= 0 && Number(text) <= 400);

  const narrow = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'), { noSsr: true });
  const [open, setOpen] = useState(false);
  const id = useId();
  const chosen = (Object.keys(values) as (keyof ApplicationFilterValues)[]).filter(
    (key) => key !== 'search' && values[key] !== '',
  ).length;
  const showMore = !narrow || open;

  return (
    <FilterGrid sm={2} lg={4}>
      <SearchField
        name="search"
        label={t('admissions.filter.search')}
        value={values.search}
        onChange={(search) => set({ search })}
        sx={{ gridColumn: { sm: 'span 2' } }}
      />
      {narrow && (
        <Button
          startIcon={<FilterList />}
          onClick={() => setOpen((value) => !value)}
          aria-expanded={open}
          aria-controls={`${id}-more`}
          sx={{ justifySelf: 'start' }}
        >
          {t('admissions.filter.toggle', { count: chosen })}
        </Button>
      )}
      {showMore && (
        <Box id={`${id}-more`} sx={{ display: 'contents' }}>
          <OptionsFilter
            label={t('admissions.field.department')}
            result={departments}
            value={values.departmentId}
            onChange={(departmentId) => set({ departmentId, courseOfStudyId: '' })}
          />
          <OptionsFilter
            label={t('admissions.field.course')}
            result={courses}
            value={values.courseOfStudyId}
            onChange={(courseOfStudyId) => set({ courseOfStudyId })}
          />
          <OptionsFilter
            label={t('admissions.field.state')}
            result={states}
            value={values.stateId}
            onChange={(stateId) => set({ stateId })}
          />
          <OptionsFilter
            label={t('admissions.field.admissionSession')}
            result={sessions}
            value={values.admissionSessionId}
            onChange={(admissionSessionId) => set({ admissionSessionId })}
          />
          <TextField
            size="small"
            type="number"
            label={t('admissions.filter.minScore')}
            value={values.minScore}
            error={scoreError(values.minScore)}
            onChange={(event) => set({ minScore: event.target.value })}
            slotProps={{ htmlInput: { min: 0, max: 400 } }}
          />
          <TextField
            size="small"
            type="number"
            label={t('admissions.filter.maxScore')}
            value={values.maxScore}
            error={scoreError(values.maxScore)}
            onChange={(event) => set({ maxScore: event.target.value })}
            slotProps={{ htmlInput: { min: 0, max: 400 } }}
          />
          {showStatus && (
            <AnySelect
              label={t('admissions.field.status')}
              value={values.status}
              onChange={(status) => set({ status })}
              choices={STATUSES.map((status) => ({ value: status, label: t(STATUS_LABELS[status]!) }))}
            />
          )}
        </Box>
      )}
    </FilterGrid>
  );
}

function OptionsFilter({
  label,
  result,
  value,
  onChange,
}: {
  label: string;
  result: OptionsResult;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <AnySelect
      label={label}
      value={value}
      onChange={onChange}
      choices={result.options}
      disabled={result.failed}
      slotProps={{ select: { MenuProps: { slotProps: { paper: { sx: { maxHeight: 360 } } } } } }}
    />
  );
}
