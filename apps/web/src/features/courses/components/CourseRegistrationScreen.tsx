import PictureAsPdf from '@mui/icons-material/PictureAsPdf';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { CourseRegistrationPage, RegistrationCourse, RegistrationHistoryEntry } from '@portal/contracts';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { Link as RouterLink } from 'react-router';
import { serverMessage } from '../../../components/crud/errors';
import { DetailList } from '../../../components/DetailList';
import { PlainChoice } from '../../../components/form/PlainChoice';
import { PageHeading } from '../../../components/PageHeading';
import { SectionCard } from '../../../components/SectionCard';
import { useT } from '../../../i18n/useT';
import { formatNaira } from '../../../lib/money';
import { notify } from '../../../lib/notify';
import type { FeeSlot } from '../../../lib/fee';
import { useDocumentTitle } from '../../../lib/useDocumentTitle';
import { useCourseRegistration, useSubmitRegistration } from '../api/course-registration';
import { useDownload } from '../../../lib/useDownload';
import { changed, choiceState, initialSelection, locked } from './course-selection';
import { LoadError, LoadingBlock, formatDay } from '../../../components/LoadState';
import { withSession } from '../../../lib/semester';

/**
 * /student/courseregistration: the semester's courses (carry-overs first and required, compulsory
 * ticked, electives to choose), the running unit total against the programme's limits, submit,
 * then the registration's state, the course form and the history. The server checks every rule.
 */
export default function CourseRegistrationScreen({ lateFee }: { lateFee?: FeeSlot }) {
  const t = useT();
  const registration = useCourseRegistration();
  useDocumentTitle(`${t('student.courses.title')} · ${t('portal.name')}`);
  const page = registration.data?.Data;
  return (
    <>
      <PageHeading
        title={t('student.courses.title')}
        intro={page?.Semester ? withSession(page.Semester.Name, page.Semester.Session) : undefined}
      />
      {registration.isPending && <LoadingBlock rows={6} />}
      {registration.isError && (
        <LoadError error={registration.error} onRetry={() => void registration.refetch()} />
      )}
      {page && (
        <Registration
          key={`${page.Semester?.Id}-${page.Registration?.Version ?? 0}`}
          page={page}
          lateFee={lateFee}
          refresh={() => void registration.refetch()}
        />
      )}
    </>
  );
}

function Registration({
  page,
  lateFee,
  refresh,
}: {
  page: CourseRegistrationPage;
  lateFee?: FeeSlot;
  refresh: () => void;
}) {
  const t = useT();
  const intl = useIntl();
  const submit = useSubmitRegistration();
  const download = useDownload();
  const [chosen, setChosen] = useState(() => initialSelection(page));
  // One key per press of Submit: a double click, or a retry of the same press, is one submission.
  const pressKey = useRef<string | null>(null);
  useEffect(() => {
    pressKey.current = null;
  }, [chosen]);
  // The server's own rules, run as the student ticks; the server runs them again on submission.
  const { total, problems, tooFew, tooMany } = choiceState(page, chosen);
  const reg = page.Registration;
  const day = (value: string | null) => formatDay(intl.locale, value);

  // Why a course cannot be taken: the prerequisite not yet passed, or the course already passed.
  const blockedText = (course: RegistrationCourse) => {
    const missing = course.Prerequisites.filter((p) => !p.Passed).map((p) => p.Code);
    return missing.length > 0
      ? t('student.courses.prerequisiteMissing', { codes: missing.join(', ') })
      : t('student.courses.alreadyPassed');
  };

  const toggle = (course: RegistrationCourse) =>
    setChosen((before) => {
      const next = new Set(before);
      if (next.has(course.CourseId)) next.delete(course.CourseId);
      else next.add(course.CourseId);
      return next;
    });

  const send = () => {
    pressKey.current ??= crypto.randomUUID();
    // The answer re-keys this part (a new version), so the outcome is read from the promise.
    submit
      .mutateAsync({
        SemesterId: page.Semester!.Id,
        CourseIds: [...chosen],
        IdempotencyKey: pressKey.current,
        ...(reg ? { ExpectedVersion: reg.Version } : {}),
      })
      .then(
        (answer) => {
          pressKey.current = null;
          notify.success(answer.Message ?? t('student.courses.submitted'));
        },
        (error: unknown) => notify.error(serverMessage(error) || t('error.generic')),
      );
  };

  const requested = useMemo(() => new Map(reg?.Courses.map((c) => [c.CourseId, c]) ?? []), [reg]);
  const dropping = reg?.Courses.filter((c) => !c.Requested) ?? [];
  const editable = page.CanSubmit;

  return (
    <Stack spacing={2}>
      <SectionCard title={t('student.courses.window')}>
        <DetailList
          rows={[
            [t('student.courses.state'), t(`student.courses.window.${page.Window.State}`)],
            ...(page.Window.OpensOn
              ? ([
                  [t('student.courses.opens'), day(page.Window.OpensOn)],
                  [t('student.courses.closes'), day(page.Window.ClosesOn)],
                ] as [string, string][])
              : []),
            ...(page.Window.LateClosesOn
              ? ([[t('student.courses.lateCloses'), day(page.Window.LateClosesOn)]] as [string, string][])
              : []),
            [
              t('student.courses.limits'),
              t('student.courses.limitsValue', { min: page.Limits.MinUnits, max: page.Limits.MaxUnits }),
            ],
            [
              t('student.courses.fees'),
              page.Fees.Cleared
                ? t('student.courses.feesCleared')
                : t('student.courses.feesOwed', { amount: formatNaira(intl, page.Fees.Outstanding) }),
            ],
          ]}
        />
      </SectionCard>

      {reg && <RegistrationState page={page} />}

      {page.Reason && (
        <Alert
          severity={page.Fees.Cleared ? 'info' : 'warning'}
          action={
            !page.Fees.Cleared ? (
              <Button component={RouterLink} to="/student/payment" color="inherit" size="small">
                {t('student.courses.payFees')}
              </Button>
            ) : undefined
          }
        >
          {page.Reason}
        </Alert>
      )}

      {lateFee?.({
        purpose: 'lateRegistration',
        due: page.Window.State === 'late' && !page.Window.LateFeePaid && page.Window.LateFee > 0,
        amount: page.Window.LateFee,
        details: { semester: page.Semester?.Name ?? '' },
        onPaid: refresh,
      })}

      <SectionCard title={t('student.courses.courses')}>
        {page.Courses.length === 0 ? (
          <Typography>{t('student.courses.noCourses')}</Typography>
        ) : (
          <List dense disablePadding aria-label={t('student.courses.courses')}>
            {page.Courses.map((course) => {
              const inRegistration = requested.get(course.CourseId);
              const adding = reg?.ApprovedAt && inRegistration && !inRegistration.Approved;
              return (
                <ListItem key={course.CourseId} disableGutters alignItems="flex-start">
                  <PlainChoice
                    type="checkbox"
                    checked={chosen.has(course.CourseId)}
                    disabled={!editable || locked(course)}
                    onChange={() => toggle(course)}
                    aria-label={`${course.Code} ${course.Title}`}
                    sx={{ ml: 0, mt: 0.75 }}
                  />
                  <ListItemText
                    primary={
                      <Box
                        component="span"
                        sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, alignItems: 'center' }}
                      >
                        <bdi>
                          <strong>{course.Code}</strong> {course.Title}
                        </bdi>
                        {course.CarryOver && (
                          <Chip size="small" color="warning" label={t('student.courses.carryOver')} />
                        )}
                        {!course.CarryOver && course.Type === 'Compulsory' && (
                          <Chip size="small" color="primary" label={t('student.courses.compulsory')} />
                        )}
                        {course.Type === 'Elective' && (
                          <Chip size="small" label={t('student.courses.elective')} />
                        )}
                        {adding && <Chip size="small" color="info" label={t('student.courses.adding')} />}
                      </Box>
                    }
                    secondary={
                      <>
                        {t('student.courses.units', { units: course.Units })}
                        {course.Blocked && (
                          <Typography
                            component="span"
                            variant="body2"
                            color="error"
                            sx={{ display: 'block' }}
                          >
                            {blockedText(course)}
                          </Typography>
                        )}
                      </>
                    }
                  />
                </ListItem>
              );
            })}
          </List>
        )}
        {dropping.length > 0 && (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            {t('student.courses.dropping', { codes: dropping.map((c) => c.Code).join(', ') })}
          </Typography>
        )}
        <Box
          sx={{
            mt: 2,
            display: 'flex',
            flexWrap: 'wrap',
            gap: 1.5,
            alignItems: 'center',
            justifyContent: 'space-between',
          }}
        >
          <Typography
            role="status"
            aria-live="polite"
            color={tooFew || tooMany ? 'error' : 'text.primary'}
            sx={{ fontWeight: 600 }}
          >
            {t('student.courses.total', { total, min: page.Limits.MinUnits, max: page.Limits.MaxUnits })}
            {tooFew && ` · ${t('student.courses.tooFew')}`}
            {tooMany && ` · ${t('student.courses.tooMany')}`}
          </Typography>
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
            {page.FormUrl && reg && (
              <Button
                variant="outlined"
                startIcon={<PictureAsPdf />}
                disabled={download.isPending}
                onClick={() =>
                  download.mutate(
                    {
                      url: page.FormUrl!,
                      fileName: `CourseForm-${page.Semester?.Name.replace(/[^0-9A-Za-z]+/g, '') ?? ''}.pdf`,
                    },
                    {
                      onSuccess: () => notify.success(t('student.documents.downloadStarted')),
                      onError: () => notify.error(t('error.download')),
                    },
                  )
                }
              >
                {t('student.courses.form')}
              </Button>
            )}
            {editable && (
              <Button
                variant="contained"
                disabled={
                  submit.isPending ||
                  problems.length > 0 ||
                  (reg !== null && reg.State !== 'returned' && !changed(page, chosen))
                }
                onClick={send}
              >
                {submit.isPending
                  ? t('student.courses.submitting')
                  : reg?.ApprovedAt
                    ? t('student.courses.submitAddDrop')
                    : reg
                      ? t('student.courses.resubmit')
                      : t('student.courses.submit')}
              </Button>
            )}
          </Stack>
        </Box>
      </SectionCard>

      {page.History.length > 0 && <History entries={page.History} />}
    </Stack>
  );
}

function RegistrationState({ page }: { page: CourseRegistrationPage }) {
  const t = useT();
  const intl = useIntl();
  const reg = page.Registration!;
  const when = (value: string | null) => (value ? formatDay(intl.locale, value) : '');
  if (reg.State === 'approved')
    return (
      <Alert severity="success">
        {t('student.courses.approved', {
          by: reg.DecidedBy ?? '',
          date: when(reg.DecidedAt),
          units: reg.TotalUnits,
        })}
      </Alert>
    );
  if (reg.State === 'returned')
    return (
      <Alert severity="warning">
        <Typography sx={{ fontWeight: 600 }}>
          {t('student.courses.returned', { by: reg.DecidedBy ?? '', date: when(reg.DecidedAt) })}
        </Typography>
        {reg.Comment && <Typography>“{reg.Comment}”</Typography>}
      </Alert>
    );
  return (
    <Alert severity="info">
      {reg.ApprovedAt
        ? t('student.courses.addDropPending', { date: when(reg.SubmittedAt) })
        : t('student.courses.awaiting', { date: when(reg.SubmittedAt), units: reg.TotalUnits })}
    </Alert>
  );
}

function History({ entries }: { entries: RegistrationHistoryEntry[] }) {
  const t = useT();
  const intl = useIntl();
  return (
    <SectionCard title={t('student.courses.history')}>
      <List dense disablePadding>
        {entries.map((e, i) => (
          <ListItem key={`${e.Version}-${e.Kind}-${e.Course ?? ''}-${i}`} disableGutters>
            <ListItemText
              primary={[t(`student.courses.kind.${e.Kind}`), e.Course, e.Comment].filter(Boolean).join(' · ')}
              secondary={`${new Intl.DateTimeFormat(intl.locale, {
                dateStyle: 'medium',
                timeStyle: 'short',
                timeZone: 'Africa/Lagos',
              }).format(new Date(e.At))} · ${e.By}`}
            />
          </ListItem>
        ))}
      </List>
    </SectionCard>
  );
}
