import FilterList from '@mui/icons-material/FilterList';
import Search from '@mui/icons-material/Search';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { useId, useState } from 'react';
import type { QueryValue } from '../../../lib/api';
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
    <Box
      sx={{
        display: 'grid',
        gap: 1.5,
        gridTemplateColumns: {
          xs: 'minmax(0, 1fr)',
          sm: 'repeat(2, minmax(0, 1fr))',
          lg: 'repeat(4, minmax(0, 1fr))',
        },
        mb: 2,
      }}
    >
      <TextField
        size="small"
        type="search"
        name="search"
        label={t('admissions.filter.search')}
        value={values.search}
        onChange={(event) => set({ search: event.target.value })}
        sx={{ gridColumn: { sm: 'span 2' } }}
        slotProps={{
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <Search fontSize="small" />
              </InputAdornment>
            ),
          },
        }}
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
            <TextField
              select
              size="small"
              label={t('admissions.field.status')}
              value={values.status}
              onChange={(event) => set({ status: event.target.value })}
            >
              <MenuItem value="">{t('crud.any')}</MenuItem>
              {STATUSES.map((status) => (
                <MenuItem key={status} value={status}>
                  {t(STATUS_LABELS[status]!)}
                </MenuItem>
              ))}
            </TextField>
          )}
        </Box>
      )}
    </Box>
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
  const t = useT();
  return (
    <TextField
      select
      size="small"
      label={label}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      disabled={result.failed}
      slotProps={{ select: { MenuProps: { slotProps: { paper: { sx: { maxHeight: 360 } } } } } }}
    >
      <MenuItem value="">{t('crud.any')}</MenuItem>
      {result.options.map((option) => (
        <MenuItem key={option.value} value={String(option.value)}>
          {option.label}
        </MenuItem>
      ))}
    </TextField>
  );
}
