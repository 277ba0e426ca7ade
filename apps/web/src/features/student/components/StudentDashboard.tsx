import EventAvailable from '@mui/icons-material/EventAvailable';
import Hotel from '@mui/icons-material/Hotel';
import Description from '@mui/icons-material/Description';
import Grading from '@mui/icons-material/Grading';
import UploadFile from '@mui/icons-material/UploadFile';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactElement, ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { Link as RouterLink } from 'react-router';
import { PageHeading } from '../../../components/PageHeading';
import { SectionCard } from '../../../components/SectionCard';
import { useT } from '../../../i18n/useT';
import { useSessionUser } from '../../../lib/session';
import { useDocumentTitle } from '../../../lib/useDocumentTitle';
import { useStudentDashboard } from '../api/dashboard';
import { LoadError, LoadingBlock, formatDay } from './parts';

function Titled({ icon, title }: { icon: ReactElement; title: string }) {
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      {icon}
      <span>{title}</span>
    </Stack>
  );
}

/**
 * /student/dashboard: what the student must do next, from live data. The fees card (owed for the
 * current session, with Pay) belongs to the payments feature: the route file passes it in.
 */
export default function StudentDashboard({ feesCard }: { feesCard?: ReactNode }) {
  const t = useT();
  const intl = useIntl();
  const user = useSessionUser('studentUser');
  const dashboard = useStudentDashboard();
  useDocumentTitle(`${t('nav.dashboard')} · ${t('portal.name')}`);
  const name = [user?.LastName, user?.FirstName].filter(Boolean).join(' ');

  return (
    <>
      <PageHeading
        title={t('nav.dashboard')}
        intro={t('student.dashboard.welcome', { name, matricNo: user?.MatricNo ?? '' })}
      />
      <Stack spacing={2}>
        {feesCard}
        {dashboard.isPending && <LoadingBlock rows={4} />}
        {dashboard.isError && <LoadError error={dashboard.error} onRetry={() => void dashboard.refetch()} />}
        {dashboard.data &&
          (() => {
            const d = dashboard.data.Data;
            const reg = d.CourseRegistration;
            const registration =
              reg.State === 'open'
                ? t('student.dashboard.registrationOpen', {
                    semester: reg.Semester ?? '',
                    date: formatDay(intl.locale, reg.LateClosesOn ?? reg.ClosesOn),
                  })
                : reg.State === 'upcoming'
                  ? t('student.dashboard.registrationOpens', {
                      semester: reg.Semester ?? '',
                      date: formatDay(intl.locale, reg.OpensOn),
                    })
                  : t('student.dashboard.registrationClosed');
            return (
              <>
                <SectionCard
                  title={
                    <Titled
                      icon={<EventAvailable color="primary" />}
                      title={t('student.dashboard.registration')}
                    />
                  }
                  action={
                    <Chip
                      size="small"
                      color={reg.Open ? 'success' : 'default'}
                      label={reg.Open ? t('student.dashboard.open') : t('student.dashboard.closed')}
                      sx={{ mt: 1 }}
                    />
                  }
                >
                  <Typography>{registration}</Typography>
                  <Button
                    component={RouterLink}
                    to="/student/courseregistration"
                    size="small"
                    sx={{ mt: 1, mb: 0.5, ml: -1 }}
                  >
                    {t('student.dashboard.registerCourses')}
                  </Button>
                  {d.CurrentSession && (
                    <Typography color="text.secondary" variant="body2">
                      {t('student.dashboard.session', { session: d.CurrentSession })}
                    </Typography>
                  )}
                </SectionCard>
                <SectionCard
                  title={<Titled icon={<Hotel color="primary" />} title={t('student.dashboard.hostel')} />}
                >
                  {d.Hostel.Open ? (
                    <>
                      <Typography sx={{ mb: 1 }}>{t('student.dashboard.hostelOpen')}</Typography>
                      <Button
                        component={RouterLink}
                        to="/student/applyforhostel"
                        variant="outlined"
                        size="small"
                      >
                        {t('student.dashboard.applyHostel')}
                      </Button>
                    </>
                  ) : (
                    <Typography>{t('student.dashboard.hostelNotOpen')}</Typography>
                  )}
                </SectionCard>
                <SectionCard
                  title={<Titled icon={<Grading color="primary" />} title={t('student.dashboard.results')} />}
                >
                  {d.Results.length === 0 ? (
                    <Typography>{t('student.dashboard.noResults')}</Typography>
                  ) : (
                    <List dense>
                      {d.Results.map((r) => (
                        <ListItem key={`${r.Session}-${r.Semester}`}>
                          <ListItemText
                            primary={`${r.Session} · ${r.Semester}`}
                            secondary={`GPA ${r.Gpa.toFixed(2)}`}
                          />
                        </ListItem>
                      ))}
                    </List>
                  )}
                </SectionCard>
                <SectionCard
                  title={
                    <Titled
                      icon={<Description color="primary" />}
                      title={t('student.dashboard.newDocuments')}
                    />
                  }
                  action={
                    <Button component={RouterLink} to="/student/documentdownload" size="small" sx={{ mt: 1 }}>
                      {t('student.dashboard.allDocuments')}
                    </Button>
                  }
                >
                  {d.NewDocuments.length === 0 ? (
                    <Typography>{t('student.dashboard.noNewDocuments')}</Typography>
                  ) : (
                    <List dense disablePadding>
                      {d.NewDocuments.map((doc) => (
                        <ListItem key={doc.Key} disableGutters>
                          <ListItemText
                            primary={<bdi>{doc.Name}</bdi>}
                            secondary={formatDay(intl.locale, doc.IssuedAt)}
                          />
                        </ListItem>
                      ))}
                    </List>
                  )}
                </SectionCard>
                {d.UploadsMissing > 0 && (
                  <SectionCard
                    title={
                      <Titled icon={<UploadFile color="primary" />} title={t('student.nav.documentUpload')} />
                    }
                    action={
                      <Button component={RouterLink} to="/student/documentupload" size="small" sx={{ mt: 1 }}>
                        {t('student.dashboard.upload')}
                      </Button>
                    }
                  >
                    <Typography>
                      {t('student.dashboard.uploadsMissing', { count: d.UploadsMissing })}
                    </Typography>
                  </SectionCard>
                )}
              </>
            );
          })()}
      </Stack>
    </>
  );
}
