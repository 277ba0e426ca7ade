import Save from '@mui/icons-material/Save';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import type { Biodata, GENDERS, MARITAL_STATUSES } from '@portal/contracts';
import { useMemo, type FormEvent } from 'react';
import type { MessageId } from '../../../i18n/locales';
import { useT } from '../../../i18n/useT';
import { notify } from '../../../lib/notify';
import { useDocumentTitle } from '../../../lib/useDocumentTitle';
import { useBiodata, useSaveBiodata, type BiodataForm } from '../api/biodata';
import { useCountries, useDepartments, useLgas, useStates } from '../api/reference';
import { choiceOptions, contactErrors, FormButton, useFormFields } from './fields';
import { GuardianForm } from './GuardianForm';
import { LoadError, LoadingBlock, LockedNote, PageTitle } from './parts';

/** The contract's choices, by type only: its values pull in zod. */
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
/** The fields in the form's order (the labels are listed in it). */
const FIELDS = Object.keys(LABELS) as (keyof BiodataForm)[];
const MANDATORY: readonly (keyof BiodataForm)[] = [
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
/** A new country has other states, a new state other LGAs, a new department other courses. */
const CLEARS: Partial<Record<keyof BiodataForm, readonly (keyof BiodataForm)[]>> = {
  CountryId: ['StateId', 'LgaId'],
  StateId: ['LgaId'],
  DepartmentId: ['CourseOfStudyId'],
};
const THIRD = { xs: 12, sm: 4 };
const HALF = { xs: 12, sm: 6 };

const text = (value: string | number | null | undefined) => (value == null ? '' : String(value));

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
  const locked = data.Locked;
  const form = useFormFields({
    idPrefix: 'biodata',
    labels: LABELS,
    order: FIELDS,
    initial: () => Object.fromEntries(FIELDS.map((field) => [field, text(data[field])])) as FormValues,
    disabled: locked,
    clears: CLEARS,
  });
  const { values } = form;
  // A new applicant is most likely Nigerian: Nigeria is chosen until they say otherwise.
  const countryId = values.CountryId || (nigeria ? String(nigeria.CountryId) : '');
  const isNigeria = !!nigeria && countryId === String(nigeria.CountryId);
  const states = useStates(isNigeria ? Number(countryId) : null);
  const lgas = useLgas(isNigeria && values.StateId ? Number(values.StateId) : null);
  const department = departments.data?.find((d) => String(d.DepartmentId) === values.DepartmentId);

  const countryOptions = useMemo(
    () => (countries.data ?? []).map((c) => ({ value: String(c.CountryId), label: c.CountryName })),
    [countries.data],
  );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = {
      ...form.missing(isNigeria ? [...MANDATORY, 'StateId', 'LgaId'] : MANDATORY),
      ...contactErrors(values, t),
    };
    if (!countryId) found.CountryId = t('applicant.required', { field: form.label('CountryId') });
    if (!form.report(found)) return;

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
        onError: form.refused,
      },
    );
  };

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
            <Grid size={THIRD}>{form.text('FirstName', { required: true, autoComplete: 'given-name' })}</Grid>
            <Grid size={THIRD}>{form.text('OtherName', { autoComplete: 'additional-name' })}</Grid>
            <Grid size={THIRD}>{form.text('LastName', { required: true, autoComplete: 'family-name' })}</Grid>
            <Grid size={HALF}>
              {form.text('Email', { required: true, type: 'email', autoComplete: 'email' })}
            </Grid>
            <Grid size={HALF}>
              {form.text('PhoneNumber', {
                required: true,
                type: 'tel',
                autoComplete: 'tel',
                helperText: t('applicant.phoneHint'),
              })}
            </Grid>
            <Grid size={THIRD}>
              {form.text('DateOfBirth', {
                required: true,
                type: 'date',
                slotProps: { inputLabel: { shrink: true } },
              })}
            </Grid>
            <Grid size={THIRD}>{form.select('Gender', choiceOptions(GENDER_LABELS, t))}</Grid>
            <Grid size={THIRD}>{form.select('MaritalStatus', choiceOptions(MARITAL_LABELS, t))}</Grid>
            <Grid size={12}>
              {form.text('Address', {
                required: true,
                multiline: true,
                minRows: 2,
                autoComplete: 'street-address',
              })}
            </Grid>
            <Grid size={THIRD}>{form.select('CountryId', countryOptions, { value: countryId })}</Grid>
            {isNigeria && (
              <>
                <Grid size={THIRD}>
                  {form.select(
                    'StateId',
                    (states.data ?? []).map((s) => ({ value: String(s.StateId), label: s.StateName })),
                  )}
                </Grid>
                <Grid size={THIRD}>
                  {form.select(
                    'LgaId',
                    (lgas.data ?? []).map((l) => ({ value: String(l.LgaId), label: l.LgaName })),
                    { disabled: !values.StateId },
                  )}
                </Grid>
              </>
            )}
            <Grid size={HALF}>
              {form.select(
                'DepartmentId',
                (departments.data ?? []).map((d) => ({
                  value: String(d.DepartmentId),
                  label: d.DepartmentName,
                })),
              )}
            </Grid>
            <Grid size={HALF}>
              {form.select(
                'CourseOfStudyId',
                (department?.CoursesOfStudy ?? []).map((c) => ({
                  value: String(c.CourseOfStudyId),
                  label: c.CourseOfStudyName,
                })),
                { disabled: !department },
              )}
            </Grid>
          </Grid>
          {department && (
            <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
              {t('applicant.field.category')}: {department.CategoryName} · {department.FacultyName}
            </Typography>
          )}
          {!locked && (
            <FormButton icon={<Save />} pending={save.isPending} label={t('applicant.biodata.save')} />
          )}
        </Box>
      </CardContent>
    </Card>
  );
}
