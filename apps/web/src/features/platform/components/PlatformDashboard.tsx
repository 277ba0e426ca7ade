import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { Link as RouterLink } from 'react-router';
import { PLATFORM_DASHBOARD_PAGE } from '@portal/contracts';
import { CurrentAnnouncements } from '../../../components/CurrentAnnouncements';
import { QueryStatus } from '../../../components/crud/QueryStatus';
import { PageHeading } from '../../../components/PageHeading';
import { SectionCard } from '../../../components/SectionCard';
import { useT } from '../../../i18n/useT';
import { ApiError } from '../../../lib/api';
import { formatNaira } from '../../../lib/money';
import { useGrantedPage } from '../../../lib/session';
import { useDocumentTitle } from '../../../lib/useDocumentTitle';
import { usePlatformFigures } from '../api/get-platform-figures';

const charts = () => import('./PlatformCharts');
const ActiveStudentsChart = lazy(() => charts().then((m) => ({ default: m.ActiveStudentsChart })));
const ContentChart = lazy(() => charts().then((m) => ({ default: m.ContentChart })));
const AssignmentsChart = lazy(() => charts().then((m) => ({ default: m.AssignmentsChart })));
const LiveClassesChart = lazy(() => charts().then((m) => ({ default: m.LiveClassesChart })));
const PaymentsChart = lazy(() => charts().then((m) => ({ default: m.PaymentsChart })));

/** A part of the dashboard: its figures in words, its chart, and the link to its list. */
function Part({
  title,
  summary,
  link,
  children,
  wide,
}: {
  title: string;
  summary: ReactNode;
  link?: { to: string; label: string };
  children?: ReactNode;
  wide?: boolean;
}) {
  return (
    <SectionCard title={title} sx={wide ? { gridColumn: '1 / -1' } : undefined}>
      <Typography sx={{ mb: 1 }}>{summary}</Typography>
      {children && <Suspense fallback={<Skeleton variant="rectangular" height={200} />}>{children}</Suspense>}
      {link && (
        <Link component={RouterLink} to={link.to} sx={{ display: 'inline-block', mt: 1 }}>
          {link.label}
        </Link>
      )}
    </SectionCard>
  );
}

/**
 * /app/dashboard (and /app/dashboards): the learning platform at a glance — students signed in,
 * lessons opened and completed, assignments submitted on time and late, live classes held and
 * attended, exams, payments today — each part with its chart and a link to its list. A part the
 * portal does not run yet says "not in use yet", never zeros that look real. An admin whose roles do
 * not grant the page sees the welcome only.
 */
export default function PlatformDashboard() {
  const t = useT();
  const intl = useIntl();
  useDocumentTitle(`${t('nav.dashboard')} · ${t('portal.name')}`);
  // Asked for only when the user's roles grant the dashboard's figures; a refusal still reads as such.
  const granted = useGrantedPage('app', PLATFORM_DASHBOARD_PAGE);
  const figures = usePlatformFigures(granted);
  const forbidden = !granted || (figures.error instanceof ApiError && figures.error.httpStatus === 403);
  const data = figures.data?.Data;
  const percent = (part: number, whole: number) =>
    whole ? intl.formatNumber(part / whole, { style: 'percent', maximumFractionDigits: 0 }) : '—';
  const n = (value: number) => intl.formatNumber(value);
  const notInUse = t('platform.notInUse');
  return (
    <>
      <PageHeading
        title={t('nav.dashboard')}
        intro={t(forbidden ? 'shell.dashboardIntro' : 'platform.intro')}
      />
      <CurrentAnnouncements area="app" />
      {granted && <QueryStatus query={figures} showError={!forbidden} />}
      {data && (
        <Box
          sx={{
            display: 'grid',
            gap: 2,
            gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' },
          }}
        >
          <Part
            title={t('platform.activeStudents')}
            summary={t('platform.activeSummary', {
              week: n(data.ActiveStudents.Last7Days),
              month: n(data.ActiveStudents.Last30Days),
              total: n(data.ActiveStudents.Total),
            })}
            link={{ to: '/app/LearnersManagement', label: t('platform.openLearners') }}
          >
            <ActiveStudentsChart data={data.ActiveStudents} />
          </Part>
          <Part
            title={t('platform.paymentsToday')}
            summary={
              data.PaymentsToday
                ? t('platform.paymentsSummary', {
                    count: n(data.PaymentsToday.Count),
                    amount: formatNaira(intl, data.PaymentsToday.AmountNaira, 0),
                  })
                : notInUse
            }
            link={{ to: '/app/Transaction', label: t('platform.openPayments') }}
          >
            {data.PaymentsToday && <PaymentsChart data={data.PaymentsToday} />}
          </Part>
          <Part
            title={t('platform.content')}
            wide
            summary={
              data.Content
                ? t('platform.contentSummary', {
                    published: n(data.Content.Published),
                    opened: n(data.Content.Opened.reduce((s, d) => s + d.Count, 0)),
                    completed: n(data.Content.Completed.reduce((s, d) => s + d.Count, 0)),
                  })
                : notInUse
            }
            link={{ to: '/app/content-review', label: t('platform.openContent') }}
          >
            {data.Content && <ContentChart data={data.Content} />}
          </Part>
          <Part
            title={t('platform.assignments')}
            summary={
              data.Assignments
                ? t('platform.assignmentsSummary', {
                    due: n(data.Assignments.Due),
                    rate: percent(data.Assignments.OnTime + data.Assignments.Late, data.Assignments.Expected),
                    late: percent(data.Assignments.Late, data.Assignments.OnTime + data.Assignments.Late),
                  })
                : notInUse
            }
            link={{ to: '/admin/assignment', label: t('platform.openAssignments') }}
          >
            {data.Assignments && <AssignmentsChart data={data.Assignments} />}
          </Part>
          <Part
            title={t('platform.exams')}
            link={{ to: '/admin/cbt', label: t('platform.openExams') }}
            summary={
              data.Exams
                ? t('platform.examsSummary', {
                    sat: n(data.Exams.Sat),
                    average:
                      data.Exams.AverageScore === null
                        ? '—'
                        : intl.formatNumber(data.Exams.AverageScore / 100, { style: 'percent' }),
                  })
                : notInUse
            }
          />
          <Part
            title={t('platform.liveClasses')}
            wide
            summary={
              data.LiveClasses
                ? t('platform.liveSummary', {
                    held: n(data.LiveClasses.Held),
                    attended: n(data.LiveClasses.Attendances),
                    rate: percent(data.LiveClasses.Attendances, data.LiveClasses.Expected),
                  })
                : notInUse
            }
            link={{ to: '/app/classroomReview', label: t('platform.openClasses') }}
          >
            {data.LiveClasses && <LiveClassesChart data={data.LiveClasses} />}
          </Part>
        </Box>
      )}
    </>
  );
}
