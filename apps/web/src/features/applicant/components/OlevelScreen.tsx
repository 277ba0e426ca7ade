import Add from '@mui/icons-material/Add';
import Delete from '@mui/icons-material/Delete';
import Send from '@mui/icons-material/Send';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { OlevelResultInput } from '@portal/contracts';
import { MIN_OLEVEL_SUBJECTS, OLEVEL_PAGE_SIZE } from '@portal/contracts';
import { useMemo, useState, type FormEvent } from 'react';
import type { MessageId } from '../../../i18n/locales';
import { useT } from '../../../i18n/useT';
import { ApiError } from '../../../lib/api';
import { notify } from '../../../lib/notify';
import { useSessionUser } from '../../../lib/session';
import { useDocumentTitle } from '../../../lib/useDocumentTitle';
import { useApplicantRecord } from '../api/get-applicant-record';
import {
  useDeleteOlevelResult,
  useOlevelGrades,
  useOlevelResults,
  useOlevelSubjects,
  useOlevelTypes,
  usePostOlevelResult,
  usePostOlevelResults,
} from '../api/olevel';
import { ConfirmDialog } from './ConfirmDialog';
import { FormButton, useFormFields } from './fields';
import { PagedTable, usePages } from './PagedTable';
import { LoadError, LoadingBlock, LockedNote, PageTitle } from './parts';

/**
 * The exam years offered: from 1990 (spec section 9) to the current year in West Africa Time
 * (UTC+1), so this year's WAEC/NECO candidates can apply. The server enforces the school's range.
 */
export const EXAM_YEAR_MIN = 1990;
export const examYearMax = (now = new Date()) => new Date(now.getTime() + 60 * 60_000).getUTCFullYear();
const examYears = (max = examYearMax()) =>
  Array.from({ length: max - EXAM_YEAR_MIN + 1 }, (_, i) => String(max - i));
/** As the server checks it: letters, digits, / and -, 4 to 20 characters. */
const EXAM_NUMBER = /^[A-Za-z0-9/-]{4,20}$/;

type FormField = 'type' | 'year' | 'number' | 'subject' | 'grade';
/** The labels in the form's order. */
const FIELD_LABELS: Record<FormField, MessageId> = {
  type: 'applicant.olevel.examType',
  year: 'applicant.olevel.examYear',
  number: 'applicant.olevel.examNumber',
  subject: 'applicant.olevel.subject',
  grade: 'applicant.olevel.grade',
};
const FIELD_ORDER = Object.keys(FIELD_LABELS) as FormField[];
const THIRD = { xs: 12, sm: 4 };
const HALF = { xs: 12, sm: 6 };

/** A row of the table: saved (with its id) or only in this page's list so far. */
interface Row {
  key: string;
  id?: number;
  input: OlevelResultInput;
  ExamNumber: string;
  ExamYear: number;
  OLevelTypeName: string;
  OLevelSubjectName: string;
  GradeName: string;
  OLevelSubjectID: number;
}

/**
 * /applicant/olevel ('Olevel'): without saved results the applicant builds a list here and sends
 * it at once (at least 8 subjects); with saved results each subject is saved as it is added, and
 * each can be deleted after confirmation. Read-only once registration is complete.
 */
export default function OlevelScreen() {
  const t = useT();
  const user = useSessionUser('applicantUser');
  const applicantId = user?.ApplicantID ?? 0;
  const record = useApplicantRecord(applicantId);
  const results = useOlevelResults(applicantId);
  const types = useOlevelTypes();
  const subjects = useOlevelSubjects();
  const grades = useOlevelGrades();
  const postEach = usePostOlevelResult(applicantId);
  const postAll = usePostOlevelResults(applicantId);
  const remove = useDeleteOlevelResult(applicantId);
  useDocumentTitle(`${t('applicant.olevel.title')} · ${t('portal.name')}`);

  const form = useFormFields({
    idPrefix: 'olevel',
    labels: FIELD_LABELS,
    order: FIELD_ORDER,
    initial: () => ({ type: '', year: '', number: '', subject: '', grade: '' }),
  });
  const { values, setErrors } = form;
  const [local, setLocal] = useState<Row[]>([]);
  const [deleting, setDeleting] = useState<Row | null>(null);

  const locked = record.data?.Data.RegComplete ?? false;
  const saved = useMemo<Row[]>(
    () =>
      (results.data?.Data ?? []).map((r) => ({
        key: `saved-${r.OLevelResultID}`,
        id: r.OLevelResultID,
        input: r,
        ExamNumber: r.ExamNumber,
        ExamYear: r.ExamYear,
        OLevelTypeName: r.OLevelTypeName,
        OLevelSubjectName: r.OLevelSubjectName,
        GradeName: r.GradeName,
        OLevelSubjectID: r.OLevelSubjectID,
      })),
    [results.data],
  );
  const hasSaved = saved.length > 0;
  const rows = hasSaved ? saved : local;
  const pages = usePages(rows, OLEVEL_PAGE_SIZE);
  const failure = (error: unknown) =>
    error instanceof ApiError && error.message ? error.message : t('applicant.unableToComplete');

  const add = (event: FormEvent) => {
    event.preventDefault();
    const missing = FIELD_ORDER.find((field) => !values[field].trim());
    if (missing) {
      const message = t('applicant.required', { field: form.label(missing) });
      form.report({ [missing]: message });
      return notify.warning(message);
    }
    const number = values.number.trim().toUpperCase();
    if (!EXAM_NUMBER.test(number)) {
      const message = t('applicant.olevel.examNumberInvalid');
      setErrors({ number: message });
      return notify.warning(message);
    }
    const subjectId = Number(values.subject);
    if (rows.some((row) => row.OLevelSubjectID === subjectId)) {
      setErrors({ subject: t('applicant.olevel.addedAlready') });
      return notify.warning(t('applicant.olevel.addedAlready'));
    }
    const input: OlevelResultInput = {
      OLevelTypeID: Number(values.type),
      ExamYear: Number(values.year),
      ExamNumber: number,
      OLevelSubjectID: subjectId,
      OLevelGradeID: Number(values.grade),
      ApplicantId: applicantId,
    };
    const next = () => {
      // The same sitting usually gives the next subject: keep type, year and number.
      form.setValues((previous) => ({ ...previous, subject: '', grade: '' }));
      setErrors({});
      document.getElementById('olevel-subject')?.focus();
    };

    if (hasSaved) {
      postEach.mutate(input, {
        onSuccess: (answer) => {
          notify.success(answer.Message || t('applicant.olevel.subjectAdded'));
          next();
        },
        onError: (error) => notify.error(failure(error)),
      });
      return;
    }
    const name = <T,>(list: T[] | undefined, match: (item: T) => boolean, pick: (item: T) => string) => {
      const found = list?.find(match);
      return found ? pick(found) : '';
    };
    setLocal((previous) => [
      ...previous,
      {
        key: `local-${subjectId}`,
        input,
        ExamNumber: number,
        ExamYear: Number(values.year),
        OLevelTypeName: name(
          types.data,
          (x) => x.OLevelTypeID === input.OLevelTypeID,
          (x) => x.OLevelTypeName,
        ),
        OLevelSubjectName: name(
          subjects.data,
          (x) => x.OLevelSubjectID === subjectId,
          (x) => x.OLevelSubjectName,
        ),
        GradeName: name(
          grades.data,
          (x) => x.OLevelGradeID === input.OLevelGradeID,
          (x) => x.GradeName,
        ),
        OLevelSubjectID: subjectId,
      },
    ]);
    notify.success(t('applicant.olevel.resultAdded'));
    next();
  };

  const sendAll = () => {
    if (local.length < MIN_OLEVEL_SUBJECTS) return notify.warning(t('applicant.olevel.tooFew'));
    postAll.mutate(
      local.map((row) => row.input),
      {
        onSuccess: (answer) => {
          setLocal([]);
          pages.setPage(0);
          notify.success(answer.Message || t('applicant.olevel.batchSaved'));
        },
        onError: (error) => notify.error(failure(error)),
      },
    );
  };

  const confirmDelete = () => {
    const row = deleting;
    if (!row) return;
    if (row.id === undefined) {
      setLocal((previous) => previous.filter((r) => r.key !== row.key));
      setDeleting(null);
      return;
    }
    remove.mutate(row.id, {
      onSuccess: (answer) => {
        setDeleting(null);
        notify.success(answer.Message || t('applicant.olevel.subjectDeleted'));
      },
      onError: () => {
        setDeleting(null);
        notify.error(t('applicant.unableToComplete'));
      },
    });
  };

  const referencesLoading = types.isPending || subjects.isPending || grades.isPending;
  const referencesFailed = types.isError || subjects.isError || grades.isError;

  return (
    <>
      <PageTitle>{t('applicant.olevel.title')}</PageTitle>
      {locked && <LockedNote />}
      {!locked && (
        <Card variant="outlined" component="section" aria-labelledby="olevel-form-title" sx={{ mb: 3 }}>
          <CardContent>
            <Typography id="olevel-form-title" component="h2" variant="h6">
              {t('applicant.olevel.formTitle')}
            </Typography>
            <Typography color="text.secondary" sx={{ mb: 1 }}>
              {hasSaved ? t('applicant.olevel.savedHint') : t('applicant.olevel.localHint')}
            </Typography>
            {referencesLoading ? (
              <LoadingBlock rows={2} />
            ) : referencesFailed ? (
              <LoadError
                error={types.error ?? subjects.error ?? grades.error}
                onRetry={() => {
                  void types.refetch();
                  void subjects.refetch();
                  void grades.refetch();
                }}
              />
            ) : (
              <Box component="form" noValidate onSubmit={add}>
                <Grid container columnSpacing={2}>
                  <Grid size={THIRD}>
                    {form.select(
                      'type',
                      (types.data ?? []).map((x) => ({
                        value: String(x.OLevelTypeID),
                        label: x.OLevelTypeName,
                      })),
                    )}
                  </Grid>
                  <Grid size={THIRD}>
                    {form.select(
                      'year',
                      examYears().map((year) => ({ value: year, label: year })),
                    )}
                  </Grid>
                  <Grid size={THIRD}>
                    {form.text('number', {
                      name: 'examNumber',
                      required: true,
                      autoComplete: 'off',
                      slotProps: { htmlInput: { maxLength: 20, autoCapitalize: 'characters' } },
                    })}
                  </Grid>
                  <Grid size={HALF}>
                    {form.select(
                      'subject',
                      (subjects.data ?? []).map((x) => ({
                        value: String(x.OLevelSubjectID),
                        label: x.OLevelSubjectName,
                      })),
                    )}
                  </Grid>
                  <Grid size={HALF}>
                    {form.select(
                      'grade',
                      (grades.data ?? []).map((x) => ({
                        value: String(x.OLevelGradeID),
                        label: x.GradeName,
                      })),
                    )}
                  </Grid>
                </Grid>
                <FormButton icon={<Add />} pending={postEach.isPending} label={t('applicant.olevel.add')} />
              </Box>
            )}
          </CardContent>
        </Card>
      )}

      <Card variant="outlined" component="section" aria-labelledby="olevel-results-title">
        <CardContent>
          <Stack
            direction={{ xs: 'column', sm: 'row' }}
            spacing={1}
            sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' }, mb: 1 }}
          >
            <Typography id="olevel-results-title" component="h2" variant="h6">
              {t('applicant.olevel.results')}
            </Typography>
            {!locked && !hasSaved && local.length > 0 && (
              <Button
                variant="contained"
                color="success"
                startIcon={<Send />}
                onClick={sendAll}
                disabled={postAll.isPending}
                aria-busy={postAll.isPending}
              >
                {t('applicant.olevel.submit')}
              </Button>
            )}
          </Stack>
          {!hasSaved && !locked && (
            <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }} aria-live="polite">
              {t('applicant.olevel.count', { count: local.length, min: MIN_OLEVEL_SUBJECTS })}
            </Typography>
          )}
          {results.isPending ? (
            <LoadingBlock rows={4} />
          ) : results.isError ? (
            <Alert severity="warning">
              {results.error instanceof ApiError && results.error.message
                ? results.error.message
                : t('error.generic')}
            </Alert>
          ) : rows.length === 0 ? (
            <Alert severity="info">{t('applicant.olevel.none')}</Alert>
          ) : (
            <PagedTable
              label={t('applicant.olevel.results')}
              pages={pages}
              columns={[
                {
                  key: 'examNumber',
                  header: t('applicant.details.examNumber'),
                  priority: 2,
                  cell: (row) => row.ExamNumber,
                },
                {
                  key: 'examYear',
                  header: t('applicant.details.examYear'),
                  priority: 3,
                  cell: (row) => row.ExamYear,
                },
                {
                  key: 'examType',
                  header: t('applicant.details.examType'),
                  cell: (row) => row.OLevelTypeName,
                },
                {
                  key: 'subject',
                  header: t('applicant.details.subject'),
                  priority: 0,
                  cell: (row) => row.OLevelSubjectName,
                },
                {
                  key: 'grade',
                  header: t('applicant.details.grade'),
                  priority: 0,
                  cell: (row) => row.GradeName,
                },
              ]}
              actions={
                locked
                  ? undefined
                  : {
                      header: t('applicant.olevel.action'),
                      cell: (row) => (
                        <IconButton
                          color="error"
                          aria-label={t('applicant.olevel.deleteOne', { subject: row.OLevelSubjectName })}
                          onClick={() => setDeleting(row)}
                        >
                          <Delete />
                        </IconButton>
                      ),
                    }
              }
              rowKey={(row) => row.key}
            />
          )}
        </CardContent>
      </Card>

      <ConfirmDialog
        open={!!deleting}
        text={t('applicant.olevel.confirmDelete', { subject: deleting?.OLevelSubjectName ?? '' })}
        confirmLabel={t('applicant.olevel.delete')}
        pending={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={confirmDelete}
      />
    </>
  );
}
