import UploadFile from '@mui/icons-material/UploadFile';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { STUDENT_IMPORT_COLUMNS } from '@portal/contracts';
import { useId, useState, type FormEvent } from 'react';
import { serverMessage } from '../../../components/crud/errors';
import { UploadProgress } from '../../../components/crud/UploadProgress';
import { PageHeading } from '../../../components/PageHeading';
import { SectionCard } from '../../../components/SectionCard';
import { useT } from '../../../i18n/useT';
import { notify } from '../../../lib/notify';
import { useDocumentTitle } from '../../../lib/useDocumentTitle';
import { importStudents, useAddStudent, useChoices, useStudentImportJob } from '../api/records';

const EMPTY = {
  matricNo: '',
  firstName: '',
  lastName: '',
  otherName: '',
  email: '',
  phone: '',
  gender: '',
  dateOfBirth: '',
  address: '',
  stateId: '',
  lgaId: '',
  courseOfStudyId: '',
  levelId: '',
  entryModeId: '',
  admittedSessionId: '',
};
type Form = typeof EMPTY;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;
const MAX_BYTES = 50 * 1024 * 1024;

/** addnew: one returning student by hand, or a file of existing students. */
export default function AddStudentScreen() {
  const t = useT();
  const title = t('adminPage.addnew');
  useDocumentTitle(`${title} · ${t('portal.name')}`);
  return (
    <>
      <PageHeading title={title} />
      <Stack spacing={2}>
        <AddOne />
        <ImportFile />
      </Stack>
    </>
  );
}

function AddOne() {
  const t = useT();
  const id = useId();
  const [form, setForm] = useState<Form>(EMPTY);
  const [touched, setTouched] = useState(false);
  const choices = useChoices(form.stateId ? Number(form.stateId) : null);
  const add = useAddStudent();
  const set = (patch: Partial<Form>) => setForm((f) => ({ ...f, ...patch }));
  const required = t('records.form.required');
  const problems: Partial<Record<keyof Form, string>> = {
    matricNo: form.matricNo.trim() ? undefined : required,
    firstName: form.firstName.trim() ? undefined : required,
    lastName: form.lastName.trim() ? undefined : required,
    email: !form.email.trim()
      ? required
      : EMAIL.test(form.email.trim())
        ? undefined
        : t('records.form.email'),
    courseOfStudyId: form.courseOfStudyId ? undefined : required,
    levelId: form.levelId ? undefined : required,
  };
  const error = (key: keyof Form) => (touched ? problems[key] : undefined);
  const data = choices.data?.Data;
  const num = (v: string) => (v ? Number(v) : null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (Object.values(problems).some(Boolean)) return;
    add.mutate(
      {
        matricNo: form.matricNo,
        firstName: form.firstName,
        lastName: form.lastName,
        otherName: form.otherName || null,
        email: form.email,
        phone: form.phone || null,
        gender: (form.gender || null) as 'Male' | 'Female' | null,
        dateOfBirth: form.dateOfBirth || null,
        address: form.address || null,
        stateId: num(form.stateId),
        lgaId: num(form.lgaId),
        courseOfStudyId: Number(form.courseOfStudyId),
        levelId: Number(form.levelId),
        entryModeId: num(form.entryModeId),
        admittedSessionId: num(form.admittedSessionId),
      },
      {
        onSuccess: (answer) => {
          notify.success(`${answer.Message} (${answer.Data.matricNo})`);
          setForm(EMPTY);
          setTouched(false);
        },
        onError: (e) => notify.error(serverMessage(e) || t('error.generic')),
      },
    );
  };

  const text = (key: keyof Form, label: string, props: object = {}) => (
    <TextField
      id={`${id}-${key}`}
      name={key}
      label={label}
      size="small"
      value={form[key]}
      onChange={(event) => set({ [key]: event.target.value })}
      error={!!error(key)}
      helperText={error(key)}
      required={key in problems}
      {...props}
    />
  );
  const select = (
    key: keyof Form,
    label: string,
    options: { value: number; label: string }[] = [],
    extra: Partial<Form> = {},
  ) => (
    <TextField
      select
      id={`${id}-${key}`}
      name={key}
      label={label}
      size="small"
      value={form[key]}
      onChange={(event) => set({ [key]: event.target.value, ...extra })}
      error={!!error(key)}
      helperText={error(key)}
      required={key in problems}
    >
      <MenuItem value="">—</MenuItem>
      {options.map((o) => (
        <MenuItem key={o.value} value={String(o.value)}>
          {o.label}
        </MenuItem>
      ))}
    </TextField>
  );

  return (
    <SectionCard title={t('records.add.title')}>
      <Box
        component="form"
        noValidate
        onSubmit={submit}
        aria-label={t('records.add.title')}
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: {
            xs: 'minmax(0, 1fr)',
            sm: 'repeat(2, minmax(0, 1fr))',
            lg: 'repeat(3, minmax(0, 1fr))',
          },
        }}
      >
        {text('matricNo', t('records.field.matricNo'))}
        {text('lastName', t('records.field.lastName'))}
        {text('firstName', t('records.field.firstName'))}
        {text('otherName', t('records.field.otherName'))}
        {text('email', t('records.field.email'), { type: 'email' })}
        {text('phone', t('records.field.phone'), { type: 'tel' })}
        <TextField
          select
          id={`${id}-gender`}
          name="gender"
          label={t('records.field.gender')}
          size="small"
          value={form.gender}
          onChange={(event) => set({ gender: event.target.value })}
        >
          <MenuItem value="">—</MenuItem>
          <MenuItem value="Male">{t('records.gender.male')}</MenuItem>
          <MenuItem value="Female">{t('records.gender.female')}</MenuItem>
        </TextField>
        {text('dateOfBirth', t('records.field.dateOfBirth'), {
          type: 'date',
          slotProps: { inputLabel: { shrink: true } },
        })}
        {select('courseOfStudyId', t('records.field.course'), data?.courses)}
        {select('levelId', t('records.field.level'), data?.levels)}
        {select('entryModeId', t('records.field.entryMode'), data?.entryModes)}
        {select('admittedSessionId', t('records.field.admittedSession'), data?.sessions)}
        {select('stateId', t('records.field.state'), data?.states, { lgaId: '' })}
        {select('lgaId', t('records.field.lga'), form.stateId ? data?.lgas : [])}
        {text('address', t('records.field.address'))}
        <Box sx={{ gridColumn: '1 / -1' }}>
          <Button type="submit" variant="contained" disabled={add.isPending}>
            {t('records.add.submit')}
          </Button>
        </Box>
      </Box>
    </SectionCard>
  );
}

function ImportFile() {
  const t = useT();
  const id = useId();
  const [file, setFile] = useState<File | null>(null);
  const [inputKey, setInputKey] = useState(0);
  const [progress, setProgress] = useState<number | null>(null);
  const [jobId, setJobId] = useState<number | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const job = useStudentImportJob(jobId);
  const current = job.data?.Data;
  const running = progress !== null || current?.status === 'running';

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!file) return;
    if (file.size > MAX_BYTES) {
      setFailure(t('records.import.tooLarge'));
      return;
    }
    setFailure(null);
    setJobId(null);
    setProgress(0);
    try {
      const answer = await importStudents(file, setProgress);
      setJobId(answer.Data.id);
      setFile(null);
      setInputKey((k) => k + 1);
    } catch (error) {
      setFailure(serverMessage(error) || t('error.generic'));
    } finally {
      setProgress(null);
    }
  };

  return (
    <SectionCard title={t('records.import.title')}>
      <Typography variant="body2" sx={{ mb: 1.5 }}>
        {t('records.import.columns', { columns: STUDENT_IMPORT_COLUMNS.join(', ') })}
      </Typography>
      <Box component="form" onSubmit={submit} aria-label={t('records.import.title')}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'center' } }}>
          <Button component="label" variant="outlined" startIcon={<UploadFile />} disabled={running}>
            {t('records.import.choose')}
            <input
              key={inputKey}
              id={`${id}-file`}
              hidden
              type="file"
              name="file"
              accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
              onChange={(event) => setFile(event.target.files?.[0] ?? null)}
            />
          </Button>
          <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
            {file ? file.name : t('records.import.noFile')}
          </Typography>
          <Button type="submit" variant="contained" disabled={!file || running}>
            {t('records.import.submit')}
          </Button>
        </Stack>
      </Box>
      {progress !== null && <UploadProgress fraction={progress} />}
      {current?.status === 'running' && (
        <UploadProgress
          fraction={current.totalRows ? current.processedRows / current.totalRows : 0}
          label={t('records.import.processing', {
            processed: current.processedRows,
            total: current.totalRows,
          })}
        />
      )}
      {failure && (
        <Alert severity="error" sx={{ mt: 2 }}>
          {failure}
        </Alert>
      )}
      {current && current.status !== 'running' && (
        <Box sx={{ mt: 2 }} data-testid="import-result">
          {current.status === 'failed' ? (
            <Alert severity="error">{current.message ?? t('error.generic')}</Alert>
          ) : (
            <Alert severity={current.invalid ? 'warning' : 'success'}>
              {t('records.import.summary', {
                total: current.totalRows,
                created: current.created,
                updated: current.updated,
                unchanged: current.unchanged,
                invalid: current.invalid,
              })}
            </Alert>
          )}
          {current.errors.length > 0 && (
            <List dense aria-label={t('records.import.problems')}>
              {current.errors.map((e) => (
                <ListItem key={e}>
                  <bdi>{e}</bdi>
                </ListItem>
              ))}
            </List>
          )}
        </Box>
      )}
    </SectionCard>
  );
}
