import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { StudentProfile } from '@portal/contracts';
import { useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { DetailList } from '../../../components/DetailList';
import { PageHeading } from '../../../components/PageHeading';
import { SectionCard } from '../../../components/SectionCard';
import { serverMessage } from '../../../components/crud/errors';
import { SubmitButton } from '../../../components/form/SubmitButton';
import { TextInput } from '../../../components/form/TextInput';
import { useT } from '../../../i18n/useT';
import { notify } from '../../../lib/notify';
import { NIGERIAN_PHONE_PATTERN } from '../../../lib/validation';
import { useDocumentTitle } from '../../../lib/useDocumentTitle';
import { useStudentProfile, useUpdateContact } from '../api/student-profile';
import { LoadError, LoadingBlock, formatDay } from '../../../components/LoadState';

/** /student/profile: passport, biodata and programme read-only; phone and address editable. */
export default function StudentProfileScreen() {
  const t = useT();
  const profile = useStudentProfile();
  useDocumentTitle(`${t('nav.profile')} · ${t('portal.name')}`);
  return (
    <>
      <PageHeading title={t('nav.profile')} />
      {profile.isPending && <LoadingBlock rows={6} />}
      {profile.isError && <LoadError error={profile.error} onRetry={() => void profile.refetch()} />}
      {profile.data && <ProfileView profile={profile.data.Data} />}
    </>
  );
}

function ProfileView({ profile: p }: { profile: StudentProfile }) {
  const t = useT();
  const intl = useIntl();
  const name = [p.LastName.toUpperCase(), p.FirstName, p.OtherName].filter(Boolean).join(' ');
  const dash = (value: string | null) => value || '—';
  return (
    <Stack spacing={2}>
      <SectionCard title={t('student.profile.biodata')}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'flex-start' } }}>
          <Avatar
            src={p.Passport ?? undefined}
            alt={t('student.profile.passport')}
            variant="rounded"
            sx={{
              width: 112,
              height: 136,
              fontSize: 36,
              bgcolor: 'primary.main',
              color: 'primary.contrastText',
            }}
          >
            {`${p.LastName.charAt(0)}${p.FirstName.charAt(0)}`.toUpperCase()}
          </Avatar>
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <Typography component="p" variant="h6" sx={{ overflowWrap: 'anywhere' }}>
              <bdi>{name}</bdi>
            </Typography>
            <DetailList
              rows={[
                [t('student.field.matricNo'), p.MatricNo],
                [t('student.field.email'), p.Email],
                [t('student.field.gender'), dash(p.Gender)],
                [t('student.field.dateOfBirth'), p.DateOfBirth ? formatDay(intl.locale, p.DateOfBirth) : '—'],
                [t('student.field.state'), dash(p.StateName)],
                [t('student.field.lga'), dash(p.LgaName)],
              ]}
            />
          </Box>
        </Stack>
      </SectionCard>
      <SectionCard title={t('student.profile.programme')}>
        <DetailList
          rows={[
            [t('student.field.faculty'), dash(p.FacultyName)],
            [t('student.field.department'), dash(p.DepartmentName)],
            [t('student.field.programme'), dash(p.Programme)],
            [t('student.field.courseOfStudy'), dash(p.CourseOfStudy)],
            [t('student.field.level'), dash(p.LevelName)],
            [t('student.field.entryMode'), dash(p.EntryMode)],
            [t('student.field.admittedSession'), dash(p.AdmittedSession)],
            [
              t('student.field.matriculatedAt'),
              p.MatriculatedAt ? formatDay(intl.locale, p.MatriculatedAt) : '—',
            ],
          ]}
        />
        <Typography color="text.secondary" variant="body2" sx={{ mt: 2 }}>
          {t('student.profile.readOnly')}
        </Typography>
      </SectionCard>
      <ContactForm profile={p} />
    </Stack>
  );
}

function ContactForm({ profile }: { profile: StudentProfile }) {
  const t = useT();
  const update = useUpdateContact();
  const [phone, setPhone] = useState(profile.PhoneNumber ?? '');
  const [address, setAddress] = useState(profile.Address ?? '');
  const [errors, setErrors] = useState<{ phone?: string; address?: string }>({});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next: typeof errors = {};
    if (!NIGERIAN_PHONE_PATTERN.test(phone.replace(/[\s-]/g, '')))
      next.phone = t('student.profile.phoneInvalid');
    if (address.trim().length < 5) next.address = t('student.profile.addressInvalid');
    setErrors(next);
    if (next.phone || next.address) return;
    update.mutate(
      { PhoneNumber: phone, Address: address.trim() },
      {
        onSuccess: (answer) => {
          setPhone(answer.Data.PhoneNumber ?? '');
          notify.success(answer.Message ?? t('student.profile.saved'));
        },
        onError: (error) => notify.error(serverMessage(error) || t('error.generic')),
      },
    );
  };

  return (
    <SectionCard title={t('student.profile.contact')}>
      <Box component="form" noValidate onSubmit={submit} sx={{ maxWidth: 560 }}>
        <TextInput
          id="student-phone"
          label={t('student.field.phone')}
          value={phone}
          onChange={(e) => setPhone(e.target.value)}
          required
          type="tel"
          autoComplete="tel"
          error={!!errors.phone}
          helperText={errors.phone}
        />
        <TextInput
          id="student-address"
          label={t('student.field.address')}
          value={address}
          onChange={(e) => setAddress(e.target.value)}
          required
          multiline
          minRows={2}
          autoComplete="street-address"
          error={!!errors.address}
          helperText={errors.address}
        />
        <SubmitButton pending={update.isPending} label={t('student.profile.save')} />
      </Box>
    </SectionCard>
  );
}
