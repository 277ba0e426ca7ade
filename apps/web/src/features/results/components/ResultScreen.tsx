import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { StudentResults } from '@portal/contracts';
import { lazy, Suspense, useId, useState, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { Link as RouterLink } from 'react-router';
import { DetailList } from '../../../components/DetailList';
import { PageHeading } from '../../../components/PageHeading';
import { SectionCard } from '../../../components/SectionCard';
import { SemesterResults, type ResultCourse } from '../../../components/SemesterResults';
import { useT } from '../../../i18n/useT';
import { useDocumentTitle } from '../../../lib/useDocumentTitle';
import { useStudentResults } from '../api/student-results';
import { LoadError, LoadingBlock, formatDay } from '../../../components/LoadState';
import { withMessages } from '../../../components/MessagesBoundary';
import { useTwoDecimals } from '../../../lib/semester';

type Course = ResultCourse;

/** The query's dialog (MUI's Dialog and Modal) downloads when a query is first raised. */
const QueryDialog = lazy(() => import('./QueryDialog'));

/**
 * /student/Result: the student's published results per semester — each course's units, score,
 * grade and grade point, the semester's GPA and the CGPA so far —, the overall CGPA, class of
 * degree and carry-overs; a query (remark request) on any course, answered here by the HOD.
 */
function ResultScreen() {
  const t = useT();
  const results = useStudentResults();
  useDocumentTitle(`${t('student.results.title')} · ${t('portal.name')}`);
  const data = results.data?.Data;
  return (
    <>
      <PageHeading
        title={t('student.results.title')}
        action={
          data && data.Semesters.length > 0 ? (
            <Button component={RouterLink} to="/student/ReportCard" variant="outlined">
              {t('student.results.reportCardLink')}
            </Button>
          ) : undefined
        }
      />
      {results.isPending && <LoadingBlock rows={8} />}
      {results.isError && <LoadError error={results.error} onRetry={() => void results.refetch()} />}
      {data &&
        (data.Semesters.length === 0 ? (
          <Alert severity="info">{t('student.results.empty')}</Alert>
        ) : (
          <Results data={data} />
        ))}
    </>
  );
}

function Results({ data }: { data: StudentResults }) {
  const t = useT();
  const two = useTwoDecimals();
  const [querying, setQuerying] = useState<Course | null>(null);
  const carryOvers = new Set(data.CarryOvers);
  return (
    <Stack spacing={2}>
      <SectionCard title={t('student.results.summary')}>
        <DetailList
          rows={[
            [t('student.results.cgpa'), <strong key="cgpa">{two(data.Cgpa)}</strong>],
            [t('student.results.degreeClass'), data.DegreeClass ?? '—'],
            [
              t('student.results.carryOvers'),
              data.CarryOvers.length ? (
                <Box
                  component="span"
                  sx={{ display: 'inline-flex', flexWrap: 'wrap', gap: 0.5 }}
                  data-testid="carry-overs"
                >
                  {data.CarryOvers.map((code) => (
                    <Chip key={code} size="small" color="warning" label={code} />
                  ))}
                </Box>
              ) : (
                t('student.results.none')
              ),
            ],
          ]}
        />
      </SectionCard>
      <SemesterResults
        semesters={data.Semesters}
        text={{
          code: t('student.results.code'),
          title: t('student.results.courseTitle'),
          units: t('student.results.units'),
          score: t('student.results.score'),
          grade: t('student.results.grade'),
          gradePoint: t('student.results.gradePoint'),
          table: (semester) => t('student.results.tableLabel', { semester }),
          gpaLine: (values) => t('student.results.gpaLine', values),
        }}
        gpaFirst
        frame={({ semester, label, body }) => (
          <SemesterCard key={semester.SemesterId} label={label} body={body} />
        )}
        code={(course) => (
          <Box component="span" sx={{ display: 'inline-flex', flexWrap: 'wrap', gap: 0.5 }}>
            <strong>{course.Code}</strong>
            {!course.Passed && carryOvers.has(course.Code) && (
              <Chip
                size="small"
                color="warning"
                variant="outlined"
                label={t('student.results.carryOver')}
                sx={{ '& .MuiChip-label': { whiteSpace: 'nowrap' } }}
              />
            )}
          </Box>
        )}
        actions={{
          header: t('student.results.query'),
          cell: (course) => {
            const open = course.Query && !course.Query.Answer;
            return (
              <>
                {course.Query && (
                  <Chip
                    size="small"
                    variant="outlined"
                    color={open ? 'info' : 'success'}
                    label={t(open ? 'student.results.queryOpen' : 'student.results.queryAnswered')}
                  />
                )}
                {!open && (
                  <Button
                    size="small"
                    onClick={() => setQuerying(course)}
                    aria-label={t('student.results.raiseQueryFor', { code: course.Code })}
                  >
                    {t('student.results.raiseQuery')}
                  </Button>
                )}
              </>
            );
          },
        }}
        after={(semester) => {
          const queried = semester.Courses.filter((c) => c.Query);
          return queried.length > 0 && <Queries courses={queried} />;
        }}
      />
      {querying && (
        <Suspense fallback={null}>
          <QueryDialog course={querying} onClose={() => setQuerying(null)} />
        </Suspense>
      )}
    </Stack>
  );
}

/** A semester's card, named by its heading. */
function SemesterCard({ label, body }: { label: string; body: ReactNode }) {
  const headingId = useId();
  return (
    <Box component="section" aria-labelledby={headingId}>
      <SectionCard title={<span id={headingId}>{label}</span>}>{body}</SectionCard>
    </Box>
  );
}

/** The student's queries of a semester: the reason, and the HOD's answer once given. */
function Queries({ courses }: { courses: Course[] }) {
  const t = useT();
  const intl = useIntl();
  const day = (value: string | null) => formatDay(intl.locale, value);
  return (
    <Box sx={{ mt: 2 }}>
      <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600 }}>
        {t('student.results.queries')}
      </Typography>
      <List dense disablePadding>
        {courses.map((course) => {
          const q = course.Query!;
          return (
            <ListItem key={course.ResultId} disableGutters alignItems="flex-start">
              <ListItemText
                slotProps={{ secondary: { component: 'div' } }}
                primary={
                  <bdi>
                    <strong>{course.Code}</strong> ·{' '}
                    {t('student.results.raisedOn', { date: day(q.CreatedAt) })}
                    {' · '}“{q.Reason}”
                  </bdi>
                }
                secondary={
                  q.Answer ? (
                    <Typography variant="body2" color="text.primary" sx={{ overflowWrap: 'anywhere' }}>
                      {t('student.results.answer', { date: day(q.AnsweredAt), answer: q.Answer })}
                    </Typography>
                  ) : (
                    t('student.results.awaitingAnswer')
                  )
                }
              />
            </ListItem>
          );
        })}
      </List>
    </Box>
  );
}

export default withMessages('results', ResultScreen);
