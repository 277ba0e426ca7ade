import EventAvailable from '@mui/icons-material/EventAvailable';
import Hotel from '@mui/icons-material/Hotel';
import Description from '@mui/icons-material/Description';
import Grading from '@mui/icons-material/Grading';
import UploadFile from '@mui/icons-material/UploadFile';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { StudentDashboard as Dashboard } from '@portal/contracts';
import { useQuery } from '@tanstack/react-query';
import type { ReactElement, ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { Link as RouterLink } from 'react-router';
import { CurrentAnnouncements, currentAnnouncementsOptions } from '../../../components/CurrentAnnouncements';
import { PageHeading } from '../../../components/PageHeading';
import { SectionCard } from '../../../components/SectionCard';
import { useT } from '../../../i18n/useT';
import { formatNaira } from '../../../lib/money';
import { useSessionUser } from '../../../lib/session';
import { useDocumentTitle } from '../../../lib/useDocumentTitle';
import { useStudentDashboard } from '../api/dashboard';
import { LoadError, LoadingBlock, formatDay } from '../../../components/LoadState';
import { semesterLabel, useTwoDecimals } from '../../../lib/semester';

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
  // The cards (the fees card among them) wait for the announcements too: arriving after them, the
  // announcements would push the cards down the screen.
  const announcements = useQuery(currentAnnouncementsOptions('student'));
  const pending = dashboard.isPending || announcements.isPending;
  const twoDecimals = useTwoDecimals();
  useDocumentTitle(`${t('nav.dashboard')} · ${t('portal.name')}`);
  const name = [user?.LastName, user?.FirstName].filter(Boolean).join(' ');

  return (
    <>
      <PageHeading
        title={t('nav.dashboard')}
        intro={t('student.dashboard.welcome', { name, matricNo: user?.MatricNo ?? '' })}
      />
      {pending ? (
        // As tall as the screen: the footer waits below it rather than jumping down when the cards come.
        <Box sx={{ minHeight: '100vh' }}>
          <LoadingBlock rows={4} />
        </Box>
      ) : (
        <CurrentAnnouncements area="student" />
      )}
      {/* Mounted at once, so the fees card's code and figures load meanwhile; shown with the others. */}
      <Stack spacing={2} sx={pending ? { display: 'none' } : undefined}>
        {feesCard}
        {dashboard.isError && <LoadError error={dashboard.error} onRetry={() => void dashboard.refetch()} />}
        {!pending &&
          dashboard.data &&
          (() => {
            const d = dashboard.data.Data;
            const reg = d.CourseRegistration;
            const day = (value: string | null) => formatDay(intl.locale, value);
            const registration =
              reg.State === 'open' || reg.State === 'late'
                ? t('student.dashboard.registrationOpen', {
                    semester: reg.Semester ?? '',
                    date: day(reg.LateClosesOn ?? reg.ClosesOn),
                  })
                : reg.State === 'upcoming'
                  ? t('student.dashboard.registrationOpens', {
                      semester: reg.Semester ?? '',
                      date: day(reg.OpensOn),
                    })
                  : reg.State === 'addDrop'
                    ? t('student.dashboard.registrationAddDrop', { semester: reg.Semester ?? '' })
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
                      label={t(`student.courses.window.${reg.State}`)}
                      sx={{ mt: 1 }}
                    />
                  }
                >
                  <Typography data-testid="dashboard-registration">{registration}</Typography>
                  {reg.Registration ? (
                    <Typography sx={{ mt: 1 }} data-testid="dashboard-registration-state">
                      {t(`student.dashboard.registration.${reg.Registration.State}`, {
                        units: reg.Registration.TotalUnits,
                      })}
                    </Typography>
                  ) : (
                    reg.Reason &&
                    reg.State !== 'none' && (
                      <Alert severity="info" sx={{ mt: 1 }} data-testid="dashboard-registration-reason">
                        {reg.Reason}
                      </Alert>
                    )
                  )}
                  <Button
                    component={RouterLink}
                    to="/student/courseregistration"
                    size="small"
                    sx={{ mt: 1, mb: 0.5, ml: -1 }}
                  >
                    {t('student.dashboard.registerCourses')}
                  </Button>
                  {d.CurrentSession && !reg.Semester?.includes(d.CurrentSession) && (
                    <Typography color="text.secondary" variant="body2">
                      {t('student.dashboard.session', { session: d.CurrentSession })}
                    </Typography>
                  )}
                </SectionCard>
                <HostelCard hostel={d.Hostel} />
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
                            primary={semesterLabel(r)}
                            secondary={t('student.dashboard.gpa', { gpa: twoDecimals(r.Gpa) })}
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

/**
 * The hostel card: what the hostel page says, condensed — the bed and its fee with the deadline, the
 * waiting place, the application, or why the student may not apply (the page's own reason).
 */
function HostelCard({ hostel: h }: { hostel: Dashboard['Hostel'] }) {
  const t = useT();
  const intl = useIntl();
  const day = (value: string | null) => formatDay(intl.locale, value);
  const a = h.Allocation;
  const link = (label: string, contained = false) => (
    <Button
      component={RouterLink}
      to="/student/applyforhostel"
      variant={contained ? 'contained' : 'outlined'}
      size="small"
      sx={{ mt: 1 }}
    >
      {label}
    </Button>
  );
  let body: ReactNode;
  if (a && (a.State === 'allocated' || a.State === 'reserved')) {
    const values = { bed: a.BedSpace, amount: formatNaira(intl, a.Fee), date: day(a.PayBy) };
    body = (
      <>
        <Typography>
          {a.State === 'allocated' && a.PayBy
            ? t('student.dashboard.hostelDue', values)
            : t('student.dashboard.hostelReserved', values)}
        </Typography>
        {link(t('student.dashboard.payHostel'), true)}
      </>
    );
  } else if (a?.State === 'paid') {
    body = (
      <>
        <Typography>{t('student.dashboard.hostelPaid', { bed: a.BedSpace })}</Typography>
        {link(t('student.dashboard.viewHostel'))}
      </>
    );
  } else if (h.WaitingPosition !== null) {
    body = <Typography>{t('student.dashboard.hostelWaiting', { position: h.WaitingPosition })}</Typography>;
  } else if (a) {
    body = (
      <Typography>
        {a.State === 'lapsed' ? t('student.dashboard.hostelLapsed') : t('student.dashboard.hostelGivenUp')}
      </Typography>
    );
  } else if (h.Window === null) {
    body = <Typography>{t('student.dashboard.hostelNone')}</Typography>;
  } else if (h.Window === 'open' && h.Applied) {
    body = (
      <>
        <Typography>{t('student.dashboard.hostelApplied', { date: day(h.ClosesAt) })}</Typography>
        {link(t('student.dashboard.viewHostel'))}
      </>
    );
  } else if (h.Window === 'open' && h.CanApply) {
    body = (
      <>
        <Typography>{t('student.dashboard.hostelOpen')}</Typography>
        {link(t('student.dashboard.applyHostel'))}
      </>
    );
  } else if (h.Window === 'open') {
    body = (
      <>
        <Typography>{t('student.dashboard.hostelOpenNotYou')}</Typography>
        {h.Reason && (
          <Alert severity="warning" sx={{ mt: 1 }} data-testid="dashboard-hostel-reason">
            {h.Reason}
          </Alert>
        )}
        {link(t('student.dashboard.viewHostel'))}
      </>
    );
  } else if (h.Window === 'upcoming') {
    body = <Typography>{t('student.dashboard.hostelOpens', { date: day(h.OpensAt) })}</Typography>;
  } else if (h.Window === 'closed') {
    body = (
      <Typography>
        {h.Applied
          ? t('student.dashboard.hostelAwaitDraw')
          : t('student.dashboard.hostelClosed', { date: day(h.ClosesAt) })}
      </Typography>
    );
  } else {
    body = (
      <Typography>
        {h.Applied
          ? t('student.dashboard.hostelNotAllocated')
          : t('student.dashboard.hostelClosed', { date: day(h.ClosesAt) })}
      </Typography>
    );
  }
  return (
    <SectionCard title={<Titled icon={<Hotel color="primary" />} title={t('student.dashboard.hostel')} />}>
      <div data-testid="dashboard-hostel">{body}</div>
    </SectionCard>
  );
}
