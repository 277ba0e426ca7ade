import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Typography from '@mui/material/Typography';
import { MY_WORK_PAGES, adminPagePath, type MyWork as Work } from '@portal/contracts';
import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { Link as RouterLink } from 'react-router';
import { SectionCard } from '../../../components/SectionCard';
import { useT } from '../../../i18n/useT';

/**
 * The staff home page's own work (GET /api/admin/my-work): registrations awaiting the adviser,
 * the lecturer's score sheets to fill or returned, sheets waiting at the reviewer's stage — each a
 * card with its count and a link to the page where the work is done.
 */
export function MyWork({ work }: { work: Work }) {
  const t = useT();
  const intl = useIntl();
  const count = (n: number) => intl.formatNumber(n);
  const { Registrations, ScoreSheets, Reviews } = work;
  return (
    <Box
      component="section"
      aria-label={t('admin.home.yourWork')}
      sx={{
        display: 'grid',
        gap: 2,
        mb: 2,
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(auto-fit, minmax(280px, 1fr))' },
      }}
    >
      {Registrations && (
        <WorkCard
          title={t('admin.home.registrations')}
          figure={count(Registrations.Awaiting)}
          figureLabel={t('admin.home.registrationsCount', { count: Registrations.Awaiting })}
          page={MY_WORK_PAGES.registrations}
          pageLabel={t('adminPage.courseRegistration')}
        >
          {Registrations.BySemester.length > 0 && (
            <List dense disablePadding>
              {Registrations.BySemester.map((s) => (
                <ListItem key={s.SemesterId} disableGutters>
                  {t('admin.home.bySemester', { semester: s.Semester, count: count(s.Count) })}
                </ListItem>
              ))}
            </List>
          )}
        </WorkCard>
      )}
      {ScoreSheets && (
        <WorkCard
          title={t('admin.home.scoreSheets')}
          figure={count(ScoreSheets.ToFill + ScoreSheets.Returned)}
          figureLabel={t('admin.home.scoreSheetsCount', {
            toFill: ScoreSheets.ToFill,
            returned: ScoreSheets.Returned,
          })}
          page={MY_WORK_PAGES.scoreSheets}
          pageLabel={t('adminPage.resultupload')}
        >
          {ScoreSheets.Sheets.length === 0 ? (
            <Typography color="text.secondary">{t('admin.home.noCourses')}</Typography>
          ) : (
            <List dense disablePadding>
              {ScoreSheets.Sheets.map((s) => (
                <ListItem key={`${s.SemesterId}-${s.CourseId}`} disableGutters sx={{ display: 'block' }}>
                  <Link
                    component={RouterLink}
                    to={`${adminPagePath(MY_WORK_PAGES.scoreSheets)}?semesterId=${s.SemesterId}&courseId=${s.CourseId}`}
                  >
                    <bdi>{s.Code}</bdi>
                  </Link>{' '}
                  ·{' '}
                  {t('admin.home.sheetLine', {
                    state: t(`results.state.${s.State ?? 'none'}`),
                    students: s.Students,
                  })}
                </ListItem>
              ))}
            </List>
          )}
        </WorkCard>
      )}
      {Reviews && (
        <WorkCard
          title={t('admin.home.reviews')}
          figure={count(Reviews.Awaiting)}
          figureLabel={t('admin.home.reviewsCount', { count: Reviews.Awaiting })}
          page={MY_WORK_PAGES.reviews}
          pageLabel={t('adminPage.ReviewResult')}
        >
          {Reviews.Sheets.length > 0 && (
            <List dense disablePadding>
              {Reviews.Sheets.map((s) => (
                <ListItem key={s.SheetId} disableGutters sx={{ display: 'block' }}>
                  <bdi>{s.Code}</bdi> · {s.Stage} · {s.Semester}
                </ListItem>
              ))}
            </List>
          )}
        </WorkCard>
      )}
    </Box>
  );
}

function WorkCard({
  title,
  figure,
  figureLabel,
  page,
  pageLabel,
  children,
}: {
  title: string;
  figure: string;
  figureLabel: string;
  page: string;
  pageLabel: string;
  children?: ReactNode;
}) {
  const t = useT();
  return (
    <SectionCard title={title}>
      <Typography variant="h4" component="p" sx={{ fontWeight: 600 }} aria-hidden>
        {figure}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 1 }}>
        {figureLabel}
      </Typography>
      {children}
      <Button component={RouterLink} to={adminPagePath(page)} variant="outlined" sx={{ mt: 1 }}>
        {t('admin.home.open', { page: pageLabel })}
      </Button>
    </SectionCard>
  );
}
