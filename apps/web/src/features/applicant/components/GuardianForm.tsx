import Save from '@mui/icons-material/Save';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import type { GUARDIAN_RELATIONSHIPS } from '@portal/contracts';
import type { FormEvent } from 'react';
import type { MessageId } from '../../../i18n/locales';
import { useT } from '../../../i18n/useT';
import { notify } from '../../../lib/notify';
import {
  useGuardian,
  useSaveGuardian,
  type GuardianForm as GuardianValues,
  type GuardianResponse,
} from '../api/biodata';
import { choiceOptions, contactErrors, FormButton, useFormFields } from './fields';
import { LoadError, LoadingBlock, LockedNote } from './parts';

/** The contract's GUARDIAN_RELATIONSHIPS, by type only (its values pull in zod), in its order. */
const RELATIONSHIP_LABELS: Record<(typeof GUARDIAN_RELATIONSHIPS)[number], MessageId> = {
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

/** The labels in the form's order. */
const LABELS: Record<keyof GuardianValues, MessageId> = {
  Name: 'applicant.guardian.name',
  Relationship: 'applicant.guardian.relationship',
  PhoneNumber: 'applicant.field.phoneNumber',
  Email: 'applicant.guardian.email',
  Address: 'applicant.field.address',
};
const FIELDS = Object.keys(LABELS) as (keyof GuardianValues)[];
const HALF = { xs: 12, sm: 6 };

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
  const form = useFormFields({
    idPrefix: 'guardian',
    labels: LABELS,
    order: FIELDS,
    initial: () => ({
      Name: answer.Data?.Name ?? '',
      Relationship: answer.Data?.Relationship ?? '',
      PhoneNumber: answer.Data?.PhoneNumber ?? '',
      Email: answer.Data?.Email ?? '',
      Address: answer.Data?.Address ?? '',
    }),
    disabled: locked,
    name: (field) => `guardian-${field}`,
  });
  const { values } = form;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = {
      ...form.missing(['Name', 'Relationship', 'PhoneNumber', 'Address']),
      ...contactErrors(values, t),
    };
    if (!form.report(found)) return;
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
        onError: form.refused,
      },
    );
  };

  return (
    <>
      {locked && <LockedNote />}
      <Box component="form" noValidate onSubmit={submit}>
        <Grid container columnSpacing={2}>
          <Grid size={HALF}>{form.text('Name', { required: true, autoComplete: 'off' })}</Grid>
          <Grid size={HALF}>{form.select('Relationship', choiceOptions(RELATIONSHIP_LABELS, t))}</Grid>
          <Grid size={HALF}>
            {form.text('PhoneNumber', { required: true, type: 'tel', autoComplete: 'off' })}
          </Grid>
          <Grid size={HALF}>{form.text('Email', { type: 'email', autoComplete: 'off' })}</Grid>
          <Grid size={12}>
            {form.text('Address', { required: true, multiline: true, minRows: 2, autoComplete: 'off' })}
          </Grid>
        </Grid>
        {!locked && (
          <FormButton icon={<Save />} pending={save.isPending} label={t('applicant.guardian.save')} />
        )}
      </Box>
    </>
  );
}
