import Save from '@mui/icons-material/Save';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import type { MessageId } from '../../../i18n/locales';
import { useT } from '../../../i18n/useT';
import { ApiError } from '../../../lib/api';
import { notify } from '../../../lib/notify';
import { EMAIL_PATTERN } from '../../../lib/validation';
import {
  useGuardian,
  useSaveGuardian,
  type GuardianForm as GuardianValues,
  type GuardianResponse,
} from '../api/biodata';
import { Field, fieldOfMessage, SelectField } from './fields';
import { LoadError, LoadingBlock, LockedNote } from './parts';

/** The contract's GUARDIAN_RELATIONSHIPS, restated (its values pull in zod). */
const RELATIONSHIPS = [
  'Father',
  'Mother',
  'Brother',
  'Sister',
  'Uncle',
  'Aunt',
  'Grandparent',
  'Spouse',
  'Guardian',
  'Sponsor',
] as const;
const RELATIONSHIP_LABELS: Record<(typeof RELATIONSHIPS)[number], MessageId> = {
  Father: 'applicant.relationship.father',
  Mother: 'applicant.relationship.mother',
  Brother: 'applicant.relationship.brother',
  Sister: 'applicant.relationship.sister',
  Uncle: 'applicant.relationship.uncle',
  Aunt: 'applicant.relationship.aunt',
  Grandparent: 'applicant.relationship.grandparent',
  Spouse: 'applicant.relationship.spouse',
  Guardian: 'applicant.relationship.guardian',
  Sponsor: 'applicant.relationship.sponsor',
};
const NIGERIAN_PHONE = /^(?:\+?234|0)[789][01]\d{8}$/;

type Values = Record<keyof GuardianValues, string>;
const FIELDS: readonly (keyof GuardianValues)[] = ['Name', 'Relationship', 'PhoneNumber', 'Email', 'Address'];
const LABELS: Record<keyof GuardianValues, MessageId> = {
  Name: 'applicant.guardian.name',
  Relationship: 'applicant.guardian.relationship',
  PhoneNumber: 'applicant.field.phoneNumber',
  Email: 'applicant.guardian.email',
  Address: 'applicant.field.address',
};

/** The parent or guardian card: on the biodata page and on /applicant/guardian. */
export function GuardianForm({ headingLevel = 'h2' }: { headingLevel?: 'h1' | 'h2' }) {
  const t = useT();
  const guardian = useGuardian();
  return (
    <Card variant="outlined" component="section" aria-labelledby="guardian-title">
      <CardContent>
        <Typography id="guardian-title" component={headingLevel} variant="h6" sx={{ mb: 1 }}>
          {t('applicant.guardian.title')}
        </Typography>
        {guardian.isPending ? (
          <LoadingBlock rows={3} />
        ) : guardian.isError ? (
          <LoadError error={guardian.error} onRetry={() => void guardian.refetch()} />
        ) : (
          <GuardianFields key={guardian.dataUpdatedAt} answer={guardian.data} />
        )}
      </CardContent>
    </Card>
  );
}

function GuardianFields({ answer }: { answer: GuardianResponse }) {
  const t = useT();
  const save = useSaveGuardian();
  const locked = answer.Locked;
  const [values, setValues] = useState<Values>(() => ({
    Name: answer.Data?.Name ?? '',
    Relationship: answer.Data?.Relationship ?? '',
    PhoneNumber: answer.Data?.PhoneNumber ?? '',
    Email: answer.Data?.Email ?? '',
    Address: answer.Data?.Address ?? '',
  }));
  const [errors, setErrors] = useState<Partial<Values>>({});
  const set = (field: keyof Values) => (value: string) => {
    setValues((previous) => ({ ...previous, [field]: value }));
    setErrors((previous) => ({ ...previous, [field]: undefined }));
  };
  const label = (field: keyof Values) => t(LABELS[field]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found: Partial<Values> = {};
    for (const field of ['Name', 'Relationship', 'PhoneNumber', 'Address'] as const)
      if (!values[field].trim()) found[field] = t('applicant.required', { field: label(field) });
    if (values.Email.trim() && !EMAIL_PATTERN.test(values.Email.trim())) found.Email = t('email.invalid');
    if (values.PhoneNumber.trim() && !NIGERIAN_PHONE.test(values.PhoneNumber.replace(/[\s-]/g, '')))
      found.PhoneNumber = t('applicant.phoneInvalid');
    setErrors(found);
    const first = FIELDS.find((field) => found[field]);
    if (first) {
      document.getElementById(`guardian-${first}`)?.focus();
      return;
    }
    save.mutate(
      {
        Name: values.Name.trim(),
        Relationship: values.Relationship,
        PhoneNumber: values.PhoneNumber.trim(),
        Email: values.Email.trim() || null,
        Address: values.Address.trim(),
      },
      {
        onSuccess: (saved) => notify.success(saved.Message ?? t('applicant.saved')),
        onError: (error) => {
          const message = error instanceof ApiError && error.message ? error.message : t('error.generic');
          const { field, text } = fieldOfMessage(message, FIELDS);
          if (field) setErrors({ [field]: text });
          notify.error(text);
        },
      },
    );
  };

  const textField = (field: keyof Values, extra: Partial<Parameters<typeof Field>[0]> = {}) => (
    <Field
      id={`guardian-${field}`}
      name={`guardian-${field}`}
      label={label(field)}
      value={values[field]}
      onChange={(event) => set(field)(event.target.value)}
      error={errors[field]}
      disabled={locked}
      {...extra}
    />
  );

  return (
    <>
      {locked && <LockedNote />}
      <Box component="form" noValidate onSubmit={submit}>
        <Grid container columnSpacing={2}>
          <Grid size={{ xs: 12, sm: 6 }}>{textField('Name', { required: true, autoComplete: 'off' })}</Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <SelectField
              id="guardian-Relationship"
              label={label('Relationship')}
              required
              disabled={locked}
              value={values.Relationship}
              onChange={set('Relationship')}
              error={errors.Relationship}
              options={RELATIONSHIPS.map((r) => ({ value: r, label: t(RELATIONSHIP_LABELS[r]) }))}
            />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            {textField('PhoneNumber', { required: true, type: 'tel', autoComplete: 'off' })}
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>{textField('Email', { type: 'email', autoComplete: 'off' })}</Grid>
          <Grid size={12}>
            {textField('Address', { required: true, multiline: true, minRows: 2, autoComplete: 'off' })}
          </Grid>
        </Grid>
        {!locked && (
          <Button
            type="submit"
            variant="contained"
            startIcon={<Save />}
            disabled={save.isPending}
            aria-busy={save.isPending}
            sx={{ mt: 2 }}
          >
            {t('applicant.guardian.save')}
          </Button>
        )}
      </Box>
    </>
  );
}
