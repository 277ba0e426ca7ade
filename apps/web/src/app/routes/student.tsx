import Assignment from '@mui/icons-material/Assignment';
import Badge from '@mui/icons-material/Badge';
import Dashboard from '@mui/icons-material/Dashboard';
import Hotel from '@mui/icons-material/Hotel';
import LibraryBooks from '@mui/icons-material/LibraryBooks';
import Description from '@mui/icons-material/Description';
import Download from '@mui/icons-material/Download';
import Forum from '@mui/icons-material/Forum';
import Grading from '@mui/icons-material/Grading';
import Lock from '@mui/icons-material/Lock';
import MenuBook from '@mui/icons-material/MenuBook';
import Payments from '@mui/icons-material/Payments';
import Person from '@mui/icons-material/Person';
import Quiz from '@mui/icons-material/Quiz';
import ReceiptLong from '@mui/icons-material/ReceiptLong';
import Summarize from '@mui/icons-material/Summarize';
import Upload from '@mui/icons-material/Upload';
import Videocam from '@mui/icons-material/Videocam';
import Skeleton from '@mui/material/Skeleton';
import { useMemo, type ReactElement } from 'react';
import { Route, useSearchParams } from 'react-router';
import {
  NOTIFICATION_TYPES,
  type FeePurpose,
  type NotificationCounts,
  type PageEntry,
} from '@portal/contracts';
import { returnedPayment } from '../../features/payments/api/returned-payment';
import { RequireStudentPage, useStudentPages } from '../../features/student/components/RequireStudentPage';
import UnauthorizedScreen from '../../features/student/components/UnauthorizedScreen';
import { LoadingBlock } from '../../components/LoadState';
import type { FeeOffer, FeeSlot } from '../../lib/fee';
import { lazyPart, preloadable, preloadRouteScreen } from '../../lib/preloadable';
import { serverRender } from '../../lib/serverRender';
import { AreaShell } from '../shell/AreaShell';
import { link, type NavItem, type NavLink } from '../shell/nav';
import { useNotificationCounts } from '../shell/notificationCounts';
import type { ProfileEntry } from '../shell/ProfileMenu';

const ChangePasswordScreen = preloadable(
  () => import('../../features/account/components/ChangePasswordScreen'),
);
const StudentDashboard = preloadable(() => import('../../features/student/components/StudentDashboard'));
const StudentProfileScreen = preloadable(
  () => import('../../features/records/components/StudentProfileScreen'),
);
const DocumentDownloadScreen = preloadable(
  () => import('../../features/documents/components/DocumentDownloadScreen'),
);
const DocumentUploadScreen = preloadable(
  () => import('../../features/documents/components/DocumentUploadScreen'),
);
const MatriculationScreen = preloadable(
  () => import('../../features/records/components/StudentMatriculationScreen'),
);
const CourseRegistrationScreen = preloadable(
  () => import('../../features/courses/components/CourseRegistrationScreen'),
);
const ResultScreen = preloadable(() => import('../../features/results/components/ResultScreen'));
const ReportCardScreen = preloadable(() => import('../../features/results/components/ReportCardScreen'));
const SchoolFeesScreen = preloadable(() => import('../../features/payments/components/SchoolFeesScreen'));
const PaymentHistoryScreen = preloadable(
  () => import('../../features/payments/components/PaymentHistoryScreen'),
);
// Parts of other features' screens, each behind its own placeholder (the fees card's is the card's
// own while its figures load).
const SchoolFeesDueCard = lazyPart(
  () => import('../../features/payments/components/SchoolFeesDueCard'),
  <Skeleton variant="rounded" height={140} />,
);
const loadFeePayment = () => import('../../features/payments/components/FeePayment');
const FeePayment = lazyPart(loadFeePayment, <LoadingBlock rows={1} />);
const HostelApplicationScreen = preloadable(
  () => import('../../features/hostels/components/HostelApplicationScreen'),
);
const LectureNotesScreen = preloadable(() => import('../../features/content/components/LectureNotesScreen'));
const StudentLiveClassesScreen = preloadable(
  () => import('../../features/liveclasses/components/StudentLiveClassesScreen'),
);
const StudentDiscussionScreen = preloadable(
  () => import('../../features/discussions/components/StudentDiscussionScreen'),
);
const StudentAssignmentsScreen = preloadable(
  () => import('../../features/assignments/components/StudentAssignmentsScreen'),
);
const StudentExamsScreen = preloadable(() => import('../../features/cbt/components/StudentExamsScreen'));
const SittingScreen = preloadable(() => import('../../features/cbt/components/SittingScreen'));

/** A sidebar link to a student page, kept only when the page is in the student's RoleData. */
const page = (name: string, item: NavLink) => ({ name, item });

/**
 * The sidebar: only pages that work (the spec's live classes, exams, lecture
 * notes, discussion and assignment links return when those pages are built), in the spec's order
 * and with its labels, and only the pages the student's RoleData grants.
 */
function studentNav(pages: readonly PageEntry[], counts: Partial<NotificationCounts>): NavItem[] {
  const granted = (name: string) => pages.some((p) => p.Page.toLowerCase() === name.toLowerCase());
  const links = (entries: { name: string; item: NavLink }[]) =>
    entries.filter((e) => granted(e.name)).map((e) => e.item);
  const documents = links([
    page(
      'documentdownload',
      link({ id: 'student.nav.documentDownload' }, '/student/documentdownload', <Download />),
    ),
    page('documentupload', link({ id: 'student.nav.documentUpload' }, '/student/documentupload', <Upload />)),
  ]);
  return [
    link({ id: 'nav.dashboard' }, '/student/dashboard', <Dashboard />),
    ...links([
      page('profile', link({ id: 'nav.profile' }, '/student/profile', <Person />)),
      page('payment', link({ id: 'student.nav.schoolFees' }, '/student/payment', <Payments />)),
      page(
        'paymenthistory',
        link({ id: 'student.nav.paymentHistory' }, '/student/paymenthistory', <ReceiptLong />),
      ),
      page(
        'courseregistration',
        link({ id: 'student.nav.courses' }, '/student/courseregistration', <MenuBook />),
      ),
      page('Result', link({ id: 'student.nav.results' }, '/student/Result', <Grading />)),
      page('ReportCard', link({ id: 'student.nav.reportCard' }, '/student/ReportCard', <Summarize />)),
      page('applyforhostel', link({ id: 'student.nav.hostel' }, '/student/applyforhostel', <Hotel />)),
    ]),
    // Live classes and lecture notes, each with the count of what is new since the student last opened them.
    ...links([
      page('liveclasses', {
        ...link({ id: 'student.nav.liveClasses' }, NOTIFICATION_TYPES.liveClassRoom.path, <Videocam />),
        badge: counts.liveClassRoom,
      }),
      // Exams (computer-based tests), with the count of those published since the student last looked.
      page('exams', {
        ...link({ id: 'student.nav.exams' }, NOTIFICATION_TYPES.exams.path, <Quiz />),
        badge: counts.exams,
      }),
      page('lecturenote', {
        ...link({ id: 'student.nav.lectureNotes' }, NOTIFICATION_TYPES.lectureNotes.path, <LibraryBooks />),
        badge: counts.lectureNotes,
      }),
      // The learning discussions' count (type 5), reset when the page opens.
      page('discussion', {
        ...link({ id: 'student.nav.discussion' }, NOTIFICATION_TYPES.learningDiscussion.path, <Forum />),
        badge: counts.learningDiscussion,
      }),
      // Assignments, with the count of those set or returned since the student last opened the page.
      page('assignment', {
        ...link({ id: 'student.nav.assignment' }, NOTIFICATION_TYPES.assignments.path, <Assignment />),
        badge: counts.assignments,
      }),
    ]),
    ...(documents.length
      ? [
          {
            kind: 'group' as const,
            key: 'documents',
            label: { id: 'student.nav.documents' as const },
            icon: <Description />,
            children: documents,
          },
        ]
      : []),
    ...links([
      page('Matriculation', link({ id: 'student.nav.matriculation' }, '/student/Matriculation', <Badge />)),
    ]),
    link({ id: 'nav.changePassword' }, '/student/changepassword', <Lock />),
  ];
}

const PROFILE_ENTRIES: ProfileEntry[] = [
  { label: 'nav.profile', icon: <Person fontSize="small" />, to: '/student/profile' },
];

/**
 * A purpose's fee on a domain page, drawn by the payments feature as the purpose's contract declares.
 * Its code downloads when the fee is due (a card shown, a dialog opened) or a gateway has sent the
 * student back to the page (the payment's check), not on every visit of a page that might show one;
 * a page with a Pay button has it downloaded ahead when the student reaches for the button (`prepare`).
 */
function Fee(offer: FeeOffer) {
  const [params] = useSearchParams();
  const shown = offer.due || returnedPayment(params) !== null;
  // Drawn by the server: the browser loads the same parts before taking the page over.
  if (shown) serverRender()?.drawn.fees.add(offer.purpose);
  return shown ? <FeePayment {...offer} /> : null;
}
/** A fee's payment card and its purpose's parts, downloaded. */
const loadFee = (purpose: FeePurpose) =>
  Promise.all([FeePayment.preload(), loadFeePayment().then((parts) => parts.preloadFeeParts(purpose))]);
const fee: FeeSlot = Object.assign((offer: FeeOffer) => <Fee {...offer} />, {
  prepare: (purpose: FeePurpose) => void loadFee(purpose).catch(() => undefined),
});

/** A student page, shown only when the student's RoleData grants it ('unauthorized' otherwise). */
const guarded = (name: string, element: ReactElement) => (
  <RequireStudentPage page={name}>{element}</RequireStudentPage>
);

/** The student's pages: each path's screen, guarded by the student's RoleData where the spec says. */
const STUDENT_ROUTES = (
  <>
    <Route path="dashboard" element={<StudentDashboard feesCard={<SchoolFeesDueCard />} />} />
    <Route path="profile" element={guarded('profile', <StudentProfileScreen />)} />
    <Route path="documentdownload" element={guarded('documentdownload', <DocumentDownloadScreen />)} />
    <Route path="documentupload" element={guarded('documentupload', <DocumentUploadScreen />)} />
    <Route path="Matriculation" element={guarded('Matriculation', <MatriculationScreen />)} />
    <Route
      path="courseregistration"
      element={guarded('courseregistration', <CourseRegistrationScreen lateFee={fee} />)}
    />
    <Route path="Result" element={guarded('Result', <ResultScreen />)} />
    <Route path="ReportCard" element={guarded('ReportCard', <ReportCardScreen transcriptFee={fee} />)} />
    <Route
      path="applyforhostel"
      element={guarded('applyforhostel', <HostelApplicationScreen hostelFee={fee} />)}
    />
    <Route path="liveclasses" element={guarded('liveclasses', <StudentLiveClassesScreen />)} />
    <Route path="lecturenote" element={guarded('lecturenote', <LectureNotesScreen />)} />
    {/* A lesson, lecturenote/:courseId/:sessionId, is full screen outside this frame (routes/lesson.tsx). */}
    <Route path="discussion" element={guarded('discussion', <StudentDiscussionScreen />)} />
    <Route path="assignment" element={guarded('assignment', <StudentAssignmentsScreen />)} />
    <Route path="exams" element={guarded('exams', <StudentExamsScreen />)} />
    <Route path="exams/:examId" element={guarded('exams', <SittingScreen />)} />
    <Route path="unauthorized" element={<UnauthorizedScreen />} />
    <Route path="changepassword" element={<ChangePasswordScreen area="student" />} />
    <Route path="payment" element={guarded('payment', <SchoolFeesScreen />)} />
    <Route
      path="paymenthistory"
      element={guarded('paymenthistory', <PaymentHistoryScreen payer="student" />)}
    />
  </>
);

/**
 * Downloads the screen of a page under /student/ (its path there), and the fees' parts the server
 * drew on it (lib/serverRender.ts), for AppRoutes' `preloadAreaPage`.
 */
export const preloadScreen = async (path: string, fees: readonly FeePurpose[] = []): Promise<void> => {
  await Promise.all([preloadRouteScreen(STUDENT_ROUTES, path), ...fees.map(loadFee)]);
};

/** /student/*: the frame around STUDENT_ROUTES (add a screen there, `preloadable`: apps/web/README.md). */
export default function StudentRoutes() {
  const pages = useStudentPages();
  const { counts, notifications, latest } = useNotificationCounts();
  const nav = useMemo(() => studentNav(pages, counts), [pages, counts]);
  return (
    <AreaShell
      area="student"
      nav={nav}
      profileEntries={PROFILE_ENTRIES}
      notifications={notifications}
      latestNotifications={latest}
    >
      {STUDENT_ROUTES}
    </AreaShell>
  );
}
