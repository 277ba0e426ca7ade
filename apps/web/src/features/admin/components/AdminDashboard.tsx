import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { BarChart } from '@mui/x-charts/BarChart';
import { PieChart } from '@mui/x-charts/PieChart';
import { ADMISSIONS_DASHBOARD_PAGES } from '@portal/contracts';
import { useIntl } from 'react-intl';
import { CardMenu } from '../../../components/CardMenu';
import { QueryStatus } from '../../../components/crud/QueryStatus';
import { PageHeading } from '../../../components/PageHeading';
import { SectionCard } from '../../../components/SectionCard';
import { SimpleTable } from '../../../components/SimpleTable';
import type { MessageId } from '../../../i18n/locales';
import { useT } from '../../../i18n/useT';
import { ApiError } from '../../../lib/api';
import { formatNaira } from '../../../lib/money';
import { useGrantedPage, useSessionArea, useSessionUser } from '../../../lib/session';
import { useDocumentTitle } from '../../../lib/useDocumentTitle';
import { CurrentAnnouncements } from '../../../components/CurrentAnnouncements';
import { useAdmissionsDashboard } from '../api/get-dashboard';
import { useMyWork } from '../api/get-my-work';
import { MyWork } from './MyWork';

const STAGES: [string, MessageId][] = [
  ['new', 'admin.dashboard.stage.new'],
  ['biodata', 'admin.dashboard.stage.biodata'],
  ['olevel', 'admin.dashboard.stage.olevel'],
  ['documents', 'admin.dashboard.stage.documents'],
  ['registered', 'admin.dashboard.stage.registered'],
  ['screened', 'admin.dashboard.stage.screened'],
  ['verified', 'admin.dashboard.stage.verified'],
  ['admitted', 'admin.dashboard.stage.admitted'],
  ['accepted', 'admin.dashboard.stage.accepted'],
  ['rejected', 'admin.dashboard.stage.rejected'],
];

/**
 * /admin/dashboard and /app/dashboard: the admin's own work (GET /api/admin/my-work: registrations
 * to approve, score sheets to fill or returned, sheets to review), then, for the roles that reach
 * them, applicants by stage and by department and the acceptance-fee totals (GET
 * /api/admin/dashboard), with charts. The figures are asked for only when a page grants them.
 */
export default function AdminDashboard({ area = 'admin' }: { area?: 'admin' | 'app' }) {
  const t = useT();
  const intl = useIntl();
  useDocumentTitle(`${t('nav.dashboard')} · ${t('portal.name')}`);
  // In /app, an admin signed in at /AdminSignin is the user when nobody signed in at /signin.
  const user = useSessionUser(useSessionArea(area).userKind === 'adminUser' ? 'adminUser' : 'authUser');
  const name = [user?.LastName, user?.FirstName].filter(Boolean).join(' ');
  const statistics = useGrantedPage(area, ADMISSIONS_DASHBOARD_PAGES);
  const dashboard = useAdmissionsDashboard(statistics);
  const work = useMyWork(area === 'admin');
  const data = dashboard.data?.Data;
  const forbidden =
    !statistics || (dashboard.error instanceof ApiError && dashboard.error.httpStatus === 403);
  const myWork = work.data?.Data;
  const hasWork =
    !!myWork && [myWork.Registrations, myWork.ScoreSheets, myWork.Reviews].some((part) => part !== null);

  const stageCount = (stage: string) => data?.stages[stage] ?? 0;
  // `accounts` counts every applicant account; the stages split them.
  const total = data
    ? (data.stages.accounts ?? STAGES.reduce((sum, [stage]) => sum + stageCount(stage), 0))
    : 0;
  const registered = ['registered', 'screened', 'verified', 'admitted', 'accepted'].reduce(
    (s, k) => s + stageCount(k),
    0,
  );
  const admitted = stageCount('admitted') + stageCount('accepted');
  const naira = (value: number) => formatNaira(intl, value, 0);
  /** A bar's number, in the locale's digits (none on an empty bar). */
  const count = (item: { value: number | null }) => (item.value ? intl.formatNumber(item.value) : null);
  const stats: [MessageId, string][] = data
    ? [
        ['admin.dashboard.applicants', intl.formatNumber(total)],
        ['admin.dashboard.registered', intl.formatNumber(registered)],
        ['admin.dashboard.admitted', intl.formatNumber(admitted)],
        ['admin.dashboard.feesPaid', naira(data.acceptanceFees.paidNaira)],
      ]
    : [];

  return (
    <>
      <PageHeading title={t('nav.dashboard')} />
      <CurrentAnnouncements area={area} />
      <SectionCard
        title={t('shell.welcome', { name })}
        action={<CardMenu />}
        sx={{ mb: 2 }}
        contentSx={{ pt: 0 }}
      >
        <Typography color="text.secondary">
          {t(!forbidden ? 'admin.dashboard.intro' : hasWork ? 'admin.home.intro' : 'shell.dashboardIntro')}
        </Typography>
      </SectionCard>
      {area === 'admin' && <QueryStatus query={work} />}
      {myWork && hasWork && <MyWork work={myWork} />}
      {statistics && <QueryStatus query={dashboard} showError={!forbidden} />}
      {data && (
        <Box
          sx={{
            display: 'grid',
            gap: 2,
            gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' },
          }}
        >
          <Box
            component="ul"
            aria-label={t('admin.dashboard.figures')}
            sx={{
              listStyle: 'none',
              p: 0,
              m: 0,
              display: 'grid',
              gap: 2,
              gridColumn: '1 / -1',
              gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', md: 'repeat(4, minmax(0, 1fr))' },
            }}
          >
            {stats.map(([label, value]) => (
              <Card component="li" variant="outlined" key={label}>
                <CardContent>
                  <Typography variant="body2" color="text.secondary">
                    {t(label)}
                  </Typography>
                  <Typography
                    variant="h5"
                    component="p"
                    sx={{
                      fontWeight: 600,
                      fontSize: { xs: '1.2rem', sm: '1.5rem' },
                      overflowWrap: 'break-word',
                    }}
                  >
                    {value}
                  </Typography>
                </CardContent>
              </Card>
            ))}
          </Box>

          <SectionCard title={t('admin.dashboard.byStage')}>
            <BarChart
              height={360}
              layout="horizontal"
              // The value axis says what it counts, and each bar its number.
              xAxis={[{ tickMinStep: 1, label: t('admin.dashboard.applicants') }]}
              yAxis={[{ scaleType: 'band', data: STAGES.map(([, label]) => t(label)), width: 110 }]}
              series={[
                {
                  data: STAGES.map(([stage]) => stageCount(stage)),
                  label: t('admin.dashboard.applicants'),
                  barLabel: count,
                },
              ]}
              hideLegend
              margin={{ left: 0, right: 16 }}
            />
          </SectionCard>

          <SectionCard title={t('admin.dashboard.acceptanceFees')}>
            <Typography>
              {t('admin.dashboard.feesSummary', {
                paid: data.acceptanceFees.paidCount,
                amount: naira(data.acceptanceFees.paidNaira),
                pending: data.acceptanceFees.pendingCount,
              })}
            </Typography>
            <PieChart
              height={240}
              series={[
                {
                  data: [
                    { id: 0, value: data.acceptanceFees.paidCount, label: t('admin.dashboard.paid') },
                    { id: 1, value: data.acceptanceFees.pendingCount, label: t('admin.dashboard.pending') },
                  ],
                  innerRadius: 50,
                  arcLabel: (item) => (item.value ? intl.formatNumber(item.value) : ''),
                },
              ]}
            />
          </SectionCard>

          <SectionCard title={t('admin.dashboard.byDepartment')} sx={{ gridColumn: '1 / -1' }}>
            {data.byDepartment.length > 0 && (
              <BarChart
                height={Math.max(240, data.byDepartment.length * 56)}
                layout="horizontal"
                xAxis={[{ tickMinStep: 1, label: t('admin.dashboard.applicants') }]}
                yAxis={[
                  {
                    scaleType: 'band',
                    data: data.byDepartment.map((d) => d.departmentName ?? t('admin.dashboard.noDepartment')),
                    width: 120,
                  },
                ]}
                series={[
                  {
                    data: data.byDepartment.map((d) => d.applicants),
                    label: t('admin.dashboard.applicants'),
                  },
                  {
                    data: data.byDepartment.map((d) => d.registered),
                    label: t('admin.dashboard.registered'),
                  },
                  { data: data.byDepartment.map((d) => d.admitted), label: t('admin.dashboard.admitted') },
                  { data: data.byDepartment.map((d) => d.accepted), label: t('admin.dashboard.accepted') },
                ]}
                margin={{ left: 0, right: 16 }}
              />
            )}
            <SimpleTable
              label={t('admin.dashboard.byDepartment')}
              sx={{ mt: 2 }}
              rows={data.byDepartment}
              rowKey={(d) => d.departmentId ?? 0}
              columns={[
                {
                  header: t('admin.dashboard.department'),
                  cell: (d) => d.departmentName ?? t('admin.dashboard.noDepartment'),
                },
                { header: t('admin.dashboard.applicants'), cell: (d) => d.applicants, numeric: true },
                { header: t('admin.dashboard.registered'), cell: (d) => d.registered, numeric: true },
                { header: t('admin.dashboard.admitted'), cell: (d) => d.admitted, numeric: true },
                { header: t('admin.dashboard.accepted'), cell: (d) => d.accepted, numeric: true },
              ]}
            />
          </SectionCard>
        </Box>
      )}
    </>
  );
}
