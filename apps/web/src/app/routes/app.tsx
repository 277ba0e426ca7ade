import AssignmentInd from '@mui/icons-material/AssignmentInd';
import Badge from '@mui/icons-material/Badge';
import Campaign from '@mui/icons-material/Campaign';
import Dashboard from '@mui/icons-material/Dashboard';
import FactCheck from '@mui/icons-material/FactCheck';
import Grading from '@mui/icons-material/Grading';
import ManageAccounts from '@mui/icons-material/ManageAccounts';
import PeopleAlt from '@mui/icons-material/PeopleAlt';
import RateReview from '@mui/icons-material/RateReview';
import ReceiptLong from '@mui/icons-material/ReceiptLong';
import School from '@mui/icons-material/School';
import Security from '@mui/icons-material/Security';
import Tune from '@mui/icons-material/Tune';
import Videocam from '@mui/icons-material/Videocam';
import { lazy, type ReactElement } from 'react';
import { Navigate, Route } from 'react-router';
import { NamespaceMessages } from '../../i18n/NamespaceMessages';
import type { MessageId } from '../../i18n/locales';
import { AreaShell } from '../shell/AreaShell';
import { link, type NavItem } from '../shell/nav';

const PlatformDashboard = lazy(() => import('../../features/platform/components/PlatformDashboard'));
const RolesScreen = lazy(() => import('../../features/admin/components/RolesScreen'));
const AdministratorsScreen = lazy(() => import('../../features/admin/components/AdministratorsScreen'));
const ContentReviewScreen = lazy(() => import('../../features/content/components/ContentReviewScreen'));
const TransactionsScreen = lazy(() => import('../../features/transactions/components/TransactionsScreen'));
const SendBroadcastScreen = lazy(() => import('../../features/announcements/components/SendBroadcastScreen'));
const ClassroomReviewScreen = lazy(
  () => import('../../features/liveclasses/components/ClassroomReviewScreen'),
);
const SetupConfigScreen = lazy(() => import('../../features/setup/components/SetupConfigScreen'));
const SchoolManagementScreen = lazy(() => import('../../features/setup/components/SchoolManagementScreen'));
const ApplicantRecordsScreen = lazy(
  () => import('../../features/admissions/components/ApplicantRecordsScreen'),
);
const LearnersScreen = lazy(() => import('../../features/learners/components/LearnersScreen'));
const OfferingLearnersScreen = lazy(
  () => import('../../features/learners/components/OfferingLearnersScreen'),
);
const InstructorsScreen = lazy(() => import('../../features/instructors/components/InstructorsScreen'));
const ChangePasswordScreen = lazy(() => import('../../features/account/components/ChangePasswordScreen'));

interface AppPage {
  /** The route under /app, as the spec spells it. */
  path: string;
  label: MessageId;
  icon: ReactElement;
  /** The page's screen; a page still to be built has none, and so no route and no sidebar entry. */
  element?: ReactElement;
}

/**
 * The console's pages, declared once: the sidebar (the spec's English labels, in its order) and the
 * routes both follow from this list, so the sidebar never links a page that does not exist. 'Manage
 * Audits' is the one label without a named route and /app/instructorManagement the one route without a
 * label, so they are paired.
 */
const APP_PAGES: readonly AppPage[] = [
  {
    path: 'olevel',
    label: 'app.nav.olevel',
    icon: <Grading />,
    element: <ApplicantRecordsScreen view="olevel" />,
  },
  {
    path: 'jamb',
    label: 'app.nav.jamb',
    icon: <AssignmentInd />,
    element: <ApplicantRecordsScreen view="jamb" />,
  },
  {
    path: 'biodata',
    label: 'app.nav.biodata',
    icon: <Badge />,
    element: <ApplicantRecordsScreen view="biodata" />,
  },
  {
    path: 'roleManagement',
    label: 'app.nav.roleManagement',
    icon: <Security />,
    element: <RolesScreen />,
  },
  {
    path: 'UserManagement',
    label: 'app.nav.userManagement',
    icon: <ManageAccounts />,
    element: <AdministratorsScreen />,
  },
  {
    path: 'SchoolManagement',
    label: 'app.nav.schoolManagement',
    icon: <School />,
    // The school's particulars (names, address, contacts, colours, indigene state) and its logo, which
    // documents, e-mails, the fees and the shell read.
    element: <SchoolManagementScreen />,
  },
  {
    path: 'LearnersManagement',
    label: 'app.nav.learnersManagement',
    icon: <PeopleAlt />,
    element: <LearnersScreen />,
  },
  {
    path: 'instructorManagement',
    label: 'app.nav.manageAudits',
    icon: <FactCheck />,
    element: <InstructorsScreen />,
  },
  {
    path: 'content-review',
    label: 'app.nav.contentReview',
    icon: <RateReview />,
    element: <ContentReviewScreen />,
  },
  {
    path: 'SendBroadcast',
    label: 'app.nav.sendBroadcast',
    icon: <Campaign />,
    element: <SendBroadcastScreen />,
  },
  {
    path: 'Transaction',
    label: 'sidebar.transaction',
    icon: <ReceiptLong />,
    element: <TransactionsScreen />,
  },
  {
    path: 'setup-config',
    label: 'app.nav.setupConfig',
    icon: <Tune />,
    element: <SetupConfigScreen />,
  },
  {
    path: 'classroomReview',
    label: 'app.nav.classroomReview',
    icon: <Videocam />,
    element: <ClassroomReviewScreen />,
  },
];

const built = APP_PAGES.filter((page): page is AppPage & { element: ReactElement } => !!page.element);

const NAV: NavItem[] = [
  link({ id: 'nav.dashboard' }, '/app/dashboard', <Dashboard />),
  ...built.map((page) => link({ id: page.label }, `/app/${page.path}`, page.icon)),
];

/**
 * /app/*: the generic signed-in area (the authUser, an admin signed in through /signin). Its admin
 * screens are the admin area's, so the admin strings load with it (the Transaction label of the
 * sidebar is theirs too).
 */
export default function AppAreaRoutes() {
  return (
    <NamespaceMessages namespace="admin">
      <AreaShell area="app" nav={NAV}>
        <Route path="dashboard" element={<PlatformDashboard />} />
        {/* The spec's 'dashboards': the same page. */}
        <Route path="dashboards" element={<Navigate to="/app/dashboard" replace />} />
        {built.map(({ path, element }) => (
          <Route key={path} path={path} element={element} />
        ))}
        <Route path="LearnersManagement/:courseId/:sessionId" element={<OfferingLearnersScreen />} />
        <Route path="changepassword" element={<ChangePasswordScreen area="app" />} />
      </AreaShell>
    </NamespaceMessages>
  );
}
