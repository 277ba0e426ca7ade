import Save from '@mui/icons-material/Save';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import type { Biodata } from '@portal/contracts';
import { useMemo, useState, type FormEvent } from 'react';
import type { MessageId } from '../../../i18n/locales';
import { useT } from '../../../i18n/useT';
import { ApiError } from '../../../lib/api';
import { notify } from '../../../lib/notify';
import { useDocumentTitle } from '../../../lib/useDocumentTitle';
import { EMAIL_PATTERN } from '../../../lib/validation';
import { useBiodata, useSaveBiodata, type BiodataForm } from '../api/biodata';
import { useCountries, useDepartments, useLgas, useStates } from '../api/reference';
import { Field, fieldOfMessage, SelectField } from './fields';
import { GuardianForm } from './GuardianForm';
import { LoadError, LoadingBlock, LockedNote, PageTitle } from './parts';

/** The contract's choices (packages/contracts/src/applicant.ts), restated: its values pull in zod. */
export const GENDERS = ['Male', 'Female'] as const;
export const MARITAL_STATUSES = ['Single', 'Married', 'Divorced', 'Widowed', 'Separated'] as const;
/** Nigerian mobile numbers, as the contract's NIGERIAN_PHONE_PATTERN. */
export const NIGERIAN_PHONE = /^(?:\+?234|0)[789][01]\d{8}$/;

const GENDER_LABELS: Record<(typeof GENDERS)[number], MessageId> = {
  Male: 'applicant.gender.male',
  Female: 'applicant.gender.female',
};
const MARITAL_LABELS: Record<(typeof MARITAL_STATUSES)[number], MessageId> = {
  Single: 'applicant.marital.single',
  Married: 'applicant.marital.married',
  Divorced: 'applicant.marital.divorced',
  Widowed: 'applicant.marital.widowed',
  Separated: 'applicant.marital.separated',
};

type FormValues = Record<keyof BiodataForm, string>;
const FIELDS: readonly (keyof BiodataForm)[] = [
  'FirstName',
  'OtherName',
  'LastName',
  'Email',
  'DateOfBirth',
  'Gender',
  'PhoneNumber',
  'Address',
  'MaritalStatus',
  'CountryId',
  'StateId',
  'LgaId',
  'DepartmentId',
  'CourseOfStudyId',
];

const LABELS: Record<keyof BiodataForm, MessageId> = {
  FirstName: 'applicant.field.firstName',
  OtherName: 'applicant.field.otherName',
  LastName: 'applicant.field.lastName',
  Email: 'applicant.field.email',
  DateOfBirth: 'applicant.field.dateOfBirth',
  Gender: 'applicant.field.gender',
  PhoneNumber: 'applicant.field.phoneNumber',
  Address: 'applicant.field.address',
  MaritalStatus: 'applicant.field.maritalStatus',
  CountryId: 'applicant.field.country',
  StateId: 'applicant.field.state',
  LgaId: 'applicant.field.lga',
  DepartmentId: 'applicant.field.department',
  CourseOfStudyId: 'applicant.field.courseOfStudy',
};

const text = (value: string | number | null | undefined) => (value == null ? '' : String(value));

function initialValues(data: Biodata): FormValues {
  return {
    FirstName: text(data.FirstName),
    OtherName: text(data.OtherName),
    LastName: text(data.LastName),
    Email: text(data.Email),
    DateOfBirth: text(data.DateOfBirth),
    Gender: text(data.Gender),
    PhoneNumber: text(data.PhoneNumber),
    Address: text(data.Address),
    MaritalStatus: text(data.MaritalStatus),
    CountryId: text(data.CountryId),
    StateId: text(data.StateId),
    LgaId: text(data.LgaId),
    DepartmentId: text(data.DepartmentId),
    CourseOfStudyId: text(data.CourseOfStudyId),
  };
}

/** /applicant/biodata: the applicant's details and programme, then the parent or guardian. */
export default function BiodataScreen() {
  const t = useT();
  const biodata = useBiodata();
  useDocumentTitle(`${t('applicant.nav.biodata')} · ${t('portal.name')}`);

  return (
    <>
      <PageTitle>{t('applicant.nav.biodata')}</PageTitle>
      {biodata.isPending ? (
        <LoadingBlock rows={6} />
      ) : biodata.isError ? (
        <LoadError error={biodata.error} onRetry={() => void biodata.refetch()} />
      ) : (
        <>
          {biodata.data.Data.Locked && <LockedNote />}
          {/* Keyed by the saved time, so a save (or a reload) starts the form from the server's values. */}
          <BiodataFormCard key={biodata.data.Data.SavedAt ?? 'new'} data={biodata.data.Data} />
          <GuardianForm />
        </>
      )}
    </>
  );
}

function BiodataFormCard({ data }: { data: Biodata }) {
  const t = useT();
  const save = useSaveBiodata();
  const countries = useCountries();
  const departments = useDepartments();
  const nigeria = countries.data?.find((country) => country.Code === 'NG');
  const [values, setValues] = useState<FormValues>(() => initialValues(data));
  const [errors, setErrors] = useState<Partial<Record<keyof BiodataForm, string>>>({});
  const locked = data.Locked;
  // A new applicant is most likely Nigerian: Nigeria is chosen until they say otherwise.
  const countryId = values.CountryId || (nigeria ? String(nigeria.CountryId) : '');
  const isNigeria = !!nigeria && countryId === String(nigeria.CountryId);
  const states = useStates(isNigeria ? Number(countryId) : null);
  const lgas = useLgas(isNigeria && values.StateId ? Number(values.StateId) : null);
  const department = departments.data?.find((d) => String(d.DepartmentId) === values.DepartmentId);

  const set = (field: keyof BiodataForm) => (value: string) => {
    setValues((previous) => {
      const next = { ...previous, [field]: value };
      if (field === 'CountryId') {
        next.StateId = '';
        next.LgaId = '';
      }
      if (field === 'StateId') next.LgaId = '';
      if (field === 'DepartmentId') next.CourseOfStudyId = '';
      return next;
    });
    setErrors((previous) => ({ ...previous, [field]: undefined }));
  };
  const label = (field: keyof BiodataForm) => t(LABELS[field]);
  const required = (field: keyof BiodataForm) => t('applicant.required', { field: label(field) });

  const countryOptions = useMemo(
    () => (countries.data ?? []).map((c) => ({ value: String(c.CountryId), label: c.CountryName })),
    [countries.data],
  );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found: typeof errors = {};
    const mandatory: (keyof BiodataForm)[] = [
      'FirstName',
      'LastName',
      'Email',
      'DateOfBirth',
      'Gender',
      'PhoneNumber',
      'Address',
      'MaritalStatus',
      'DepartmentId',
      'CourseOfStudyId',
    ];
    if (isNigeria) mandatory.push('StateId', 'LgaId');
    for (const field of mandatory) if (!values[field].trim()) found[field] = required(field);
    if (!countryId) found.CountryId = required('CountryId');
    if (values.Email.trim() && !EMAIL_PATTERN.test(values.Email.trim())) found.Email = t('email.invalid');
    if (values.PhoneNumber.trim() && !NIGERIAN_PHONE.test(values.PhoneNumber.replace(/[\s-]/g, '')))
      found.PhoneNumber = t('applicant.phoneInvalid');
    setErrors(found);
    const first = FIELDS.find((field) => found[field]);
    if (first) {
      document.getElementById(`biodata-${first}`)?.focus();
      return;
    }

    const id = (value: string) => (value ? Number(value) : null);
    save.mutate(
      {
        FirstName: values.FirstName.trim(),
        OtherName: values.OtherName.trim() || null,
        LastName: values.LastName.trim(),
        Email: values.Email.trim(),
        DateOfBirth: values.DateOfBirth,
        Gender: values.Gender,
        PhoneNumber: values.PhoneNumber.trim(),
        Address: values.Address.trim(),
        MaritalStatus: values.MaritalStatus,
        CountryId: id(countryId),
        StateId: isNigeria ? id(values.StateId) : null,
        LgaId: isNigeria ? id(values.LgaId) : null,
        DepartmentId: id(values.DepartmentId),
        CourseOfStudyId: id(values.CourseOfStudyId),
      },
      {
        onSuccess: (answer) => notify.success(answer.Message ?? t('applicant.saved')),
        onError: (error) => {
          const message = error instanceof ApiError && error.message ? error.message : t('error.generic');
          const { field, text: detail } = fieldOfMessage(message, FIELDS);
          if (field) setErrors({ [field]: detail });
          notify.error(detail);
        },
      },
    );
  };

  const textField = (field: keyof BiodataForm, extra: Partial<Parameters<typeof Field>[0]> = {}) => (
    <Field
      id={`biodata-${field}`}
      name={field}
      label={label(field)}
      value={values[field]}
      onChange={(event) => set(field)(event.target.value)}
      error={errors[field]}
      disabled={locked}
      {...extra}
    />
  );

  return (
    <Card variant="outlined" component="section" aria-labelledby="biodata-title" sx={{ mb: 3 }}>
      <CardContent>
        <Typography id="biodata-title" component="h2" variant="h6">
          {t('applicant.biodata.personal')}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 1, overflowWrap: 'anywhere' }}>
          {t('applicant.field.jambRegNo')}: {data.JambRegNo}
        </Typography>
        <Box component="form" noValidate onSubmit={submit}>
          <Grid container columnSpacing={2}>
            <Grid size={{ xs: 12, sm: 4 }}>
              {textField('FirstName', { required: true, autoComplete: 'given-name' })}
            </Grid>
            <Grid size={{ xs: 12, sm: 4 }}>
              {textField('OtherName', { autoComplete: 'additional-name' })}
            </Grid>
            <Grid size={{ xs: 12, sm: 4 }}>
              {textField('LastName', { required: true, autoComplete: 'family-name' })}
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              {textField('Email', { required: true, type: 'email', autoComplete: 'email' })}
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              {textField('PhoneNumber', {
                required: true,
                type: 'tel',
                autoComplete: 'tel',
                helperText: t('applicant.phoneHint'),
              })}
            </Grid>
            <Grid size={{ xs: 12, sm: 4 }}>
              {textField('DateOfBirth', {
                required: true,
                type: 'date',
                slotProps: { inputLabel: { shrink: true } },
              })}
            </Grid>
            <Grid size={{ xs: 12, sm: 4 }}>
              <SelectField
                id="biodata-Gender"
                label={label('Gender')}
                required
                disabled={locked}
                value={values.Gender}
                onChange={set('Gender')}
                error={errors.Gender}
                options={GENDERS.map((g) => ({ value: g, label: t(GENDER_LABELS[g]) }))}
              />
            </Grid>
            <Grid size={{ xs: 12, sm: 4 }}>
              <SelectField
                id="biodata-MaritalStatus"
                label={label('MaritalStatus')}
                required
                disabled={locked}
                value={values.MaritalStatus}
                onChange={set('MaritalStatus')}
                error={errors.MaritalStatus}
                options={MARITAL_STATUSES.map((m) => ({ value: m, label: t(MARITAL_LABELS[m]) }))}
              />
            </Grid>
            <Grid size={12}>
              {textField('Address', {
                required: true,
                multiline: true,
                minRows: 2,
                autoComplete: 'street-address',
              })}
            </Grid>
            <Grid size={{ xs: 12, sm: 4 }}>
              <SelectField
                id="biodata-CountryId"
                label={label('CountryId')}
                required
                disabled={locked}
                value={countryId}
                onChange={set('CountryId')}
                error={errors.CountryId}
                options={countryOptions}
              />
            </Grid>
            {isNigeria && (
              <>
                <Grid size={{ xs: 12, sm: 4 }}>
                  <SelectField
                    id="biodata-StateId"
                    label={label('StateId')}
                    required
                    disabled={locked}
                    value={values.StateId}
                    onChange={set('StateId')}
                    error={errors.StateId}
                    options={(states.data ?? []).map((s) => ({
                      value: String(s.StateId),
                      label: s.StateName,
                    }))}
                  />
                </Grid>
                <Grid size={{ xs: 12, sm: 4 }}>
                  <SelectField
                    id="biodata-LgaId"
                    label={label('LgaId')}
                    required
                    disabled={locked || !values.StateId}
                    value={values.LgaId}
                    onChange={set('LgaId')}
                    error={errors.LgaId}
                    options={(lgas.data ?? []).map((l) => ({ value: String(l.LgaId), label: l.LgaName }))}
                  />
                </Grid>
              </>
            )}
            <Grid size={{ xs: 12, sm: 6 }}>
              <SelectField
                id="biodata-DepartmentId"
                label={label('DepartmentId')}
                required
                disabled={locked}
                value={values.DepartmentId}
                onChange={set('DepartmentId')}
                error={errors.DepartmentId}
                options={(departments.data ?? []).map((d) => ({
                  value: String(d.DepartmentId),
                  label: d.DepartmentName,
                }))}
              />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <SelectField
                id="biodata-CourseOfStudyId"
                label={label('CourseOfStudyId')}
                required
                disabled={locked || !department}
                value={values.CourseOfStudyId}
                onChange={set('CourseOfStudyId')}
                error={errors.CourseOfStudyId}
                options={(department?.CoursesOfStudy ?? []).map((c) => ({
                  value: String(c.CourseOfStudyId),
                  label: c.CourseOfStudyName,
                }))}
              />
            </Grid>
          </Grid>
          {department && (
            <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
              {t('applicant.field.category')}: {department.CategoryName} · {department.FacultyName}
            </Typography>
          )}
          {!locked && (
            <Button
              type="submit"
              variant="contained"
              startIcon={<Save />}
              disabled={save.isPending}
              aria-busy={save.isPending}
              sx={{ mt: 2 }}
            >
              {t('applicant.biodata.save')}
            </Button>
          )}
        </Box>
      </CardContent>
    </Card>
  );
}
