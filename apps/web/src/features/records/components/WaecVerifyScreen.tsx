import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { OLEVEL_EXAM_TYPES, type OlevelVerificationEntry } from '@portal/contracts';
import { useId, useMemo, useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { serverMessage } from '../../../components/crud/errors';
import { FilterGrid, SearchField } from '../../../components/crud/filters';
import { QueryTable } from '../../../components/crud/ServerTable';
import { useDebounced } from '../../../components/crud/useDebounced';
import { useListFilters } from '../../../components/crud/useListFilters';
import { PageHeading } from '../../../components/PageHeading';
import { SectionCard } from '../../../components/SectionCard';
import { useT } from '../../../i18n/useT';
import { notify } from '../../../lib/notify';
import { useDocumentTitle } from '../../../lib/useDocumentTitle';
import { useRecordVerification, useVerifications } from '../api/records';

const EMPTY = {
  number: '',
  examType: 'WAEC',
  examNumber: '',
  examYear: '',
  pin: '',
  serial: '',
  outcome: 'verified',
  note: '',
};

/**
 * WAECVerify: the registry records that it checked a candidate's O'level result with the scratch
 * card (the portal makes no outside call); PIN and serial are encrypted by the server and shown
 * masked.
 */
export default function WaecVerifyScreen() {
  const t = useT();
  const id = useId();
  const intl = useIntl();
  const title = t('adminPage.WAECVerify');
  useDocumentTitle(`${title} · ${t('portal.name')}`);
  const [form, setForm] = useState(EMPTY);
  const [touched, setTouched] = useState(false);
  const save = useRecordVerification();
  const { state, setState, filters, setFilter } = useListFilters({ search: '' });
  const search = useDebounced(filters.search);
  const query = useMemo(
    () => ({ page: state.page, pageSize: state.pageSize, search: search.trim() || undefined }),
    [state, search],
  );
  const list = useVerifications(query);
  const required = t('records.form.required');
  const year = Number(form.examYear);
  const problems: Partial<Record<keyof typeof EMPTY, string>> = {
    number: form.number.trim().length >= 3 ? undefined : required,
    examNumber: form.examNumber.trim().length >= 4 ? undefined : required,
    examYear:
      Number.isInteger(year) && year >= 1980 && year <= 2100 ? undefined : t('records.waec.yearInvalid'),
    pin: form.pin.trim().length >= 6 ? undefined : required,
    serial: form.serial.trim().length >= 4 ? undefined : required,
  };
  const error = (key: keyof typeof EMPTY) => (touched ? problems[key] : undefined);
  const field = (key: keyof typeof EMPTY, label: string, props: object = {}) => (
    <TextField
      id={`${id}-${key}`}
      name={key}
      label={label}
      size="small"
      value={form[key]}
      onChange={(event) => setForm((f) => ({ ...f, [key]: event.target.value }))}
      error={!!error(key)}
      helperText={error(key)}
      required={key in problems}
      {...props}
    />
  );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (Object.values(problems).some(Boolean)) return;
    save.mutate(
      {
        ...form,
        examType: form.examType as (typeof OLEVEL_EXAM_TYPES)[number],
        outcome: form.outcome as 'verified' | 'not_verified',
        examYear: year,
      },
      {
        onSuccess: (answer) => {
          notify.success(answer.Message);
          setForm(EMPTY);
          setTouched(false);
        },
        onError: (e) => notify.error(serverMessage(e) || t('error.generic')),
      },
    );
  };

  return (
    <>
      <PageHeading title={title} intro={t('records.waec.intro')} />
      <SectionCard title={t('records.waec.record')} sx={{ mb: 2 }}>
        <Box
          component="form"
          noValidate
          onSubmit={submit}
          aria-label={t('records.waec.record')}
          sx={{
            display: 'grid',
            gap: 2,
            gridTemplateColumns: {
              xs: 'minmax(0, 1fr)',
              sm: 'repeat(2, minmax(0, 1fr))',
              lg: 'repeat(4, minmax(0, 1fr))',
            },
          }}
        >
          {field('number', t('records.waec.number'))}
          {field('examType', t('records.field.examType'), {
            select: true,
            children: OLEVEL_EXAM_TYPES.map((type) => (
              <MenuItem key={type} value={type}>
                {type}
              </MenuItem>
            )),
          })}
          {field('examNumber', t('records.field.examNumber'))}
          {field('examYear', t('records.field.examYear'), { inputMode: 'numeric' })}
          {field('pin', t('records.field.pin'), { type: 'password', autoComplete: 'off' })}
          {field('serial', t('records.field.serial'), { autoComplete: 'off' })}
          {field('outcome', t('records.waec.outcome'), {
            select: true,
            children: [
              <MenuItem key="verified" value="verified">
                {t('records.waec.verified')}
              </MenuItem>,
              <MenuItem key="not_verified" value="not_verified">
                {t('records.waec.notVerified')}
              </MenuItem>,
            ],
          })}
          {field('note', t('records.field.note'))}
          <Box sx={{ gridColumn: '1 / -1' }}>
            <Button type="submit" variant="contained" disabled={save.isPending}>
              {t('records.waec.save')}
            </Button>
          </Box>
        </Box>
      </SectionCard>
      <SectionCard title={t('records.waec.history')}>
        <FilterGrid sm={1} lg={2}>
          <SearchField
            label={t('records.waec.search')}
            value={filters.search}
            onChange={(value) => setFilter({ search: value })}
          />
        </FilterGrid>
        <QueryTable<OlevelVerificationEntry>
          label={t('records.waec.history')}
          query={list}
          getRowId={(row) => row.id}
          state={state}
          onStateChange={setState}
          emptyText={t('records.waec.empty')}
          columns={[
            {
              field: 'holder',
              header: t('records.waec.number'),
              render: (row) => row.holder.number,
            },
            {
              field: 'name',
              header: t('records.field.name'),
              render: (row) => row.holder.name,
            },
            {
              field: 'exam',
              header: t('records.field.examType'),
              render: (row) => `${row.examType} ${row.examYear} · ${row.examNumber}`,
            },
            { field: 'pinMasked', header: t('records.field.pin'), priority: 2 },
            {
              field: 'outcome',
              header: t('records.waec.outcome'),
              render: (row) => (
                <Chip
                  size="small"
                  color={row.outcome === 'verified' ? 'success' : 'warning'}
                  label={
                    row.outcome === 'verified' ? t('records.waec.verified') : t('records.waec.notVerified')
                  }
                />
              ),
            },
            {
              field: 'verifiedAt',
              header: t('records.field.verifiedBy'),
              render: (row) =>
                `${row.verifiedBy} · ${intl.formatDate(row.verifiedAt, { dateStyle: 'medium', timeStyle: 'short' })}`,
            },
          ]}
        />
      </SectionCard>
    </>
  );
}
