import Campaign from '@mui/icons-material/Campaign';
import Dashboard from '@mui/icons-material/Dashboard';
import FactCheck from '@mui/icons-material/FactCheck';
import ManageAccounts from '@mui/icons-material/ManageAccounts';
import PeopleAlt from '@mui/icons-material/PeopleAlt';
import RateReview from '@mui/icons-material/RateReview';
import ReceiptLong from '@mui/icons-material/ReceiptLong';
import School from '@mui/icons-material/School';
import Security from '@mui/icons-material/Security';
import Tune from '@mui/icons-material/Tune';
import Videocam from '@mui/icons-material/Videocam';
import { lazy } from 'react';
import { Route } from 'react-router';
import { NamespaceMessages } from '../../i18n/NamespaceMessages';
import { AreaShell } from '../shell/AreaShell';
import { link, type NavItem } from '../shell/nav';

/**
 * The spec's English labels, in its order. 'Manage Audits' is the one label without a named route
 * and /app/instructorManagement the one route without a label, so they are paired.
 */
const NAV: NavItem[] = [
  link({ id: 'nav.dashboard' }, '/app/dashboard', <Dashboard />),
  link({ id: 'app.nav.roleManagement' }, '/app/roleManagement', <Security />),
  link({ id: 'app.nav.userManagement' }, '/app/UserManagement', <ManageAccounts />),
  link({ id: 'app.nav.schoolManagement' }, '/app/SchoolManagement', <School />),
  link({ id: 'app.nav.learnersManagement' }, '/app/LearnersManagement', <PeopleAlt />),
  link({ id: 'app.nav.manageAudits' }, '/app/instructorManagement', <FactCheck />),
  link({ id: 'app.nav.contentReview' }, '/app/content-review', <RateReview />),
  link({ id: 'app.nav.sendBroadcast' }, '/app/SendBroadcast', <Campaign />),
  link({ id: 'sidebar.transaction' }, '/app/Transaction', <ReceiptLong />),
  link({ id: 'app.nav.setupConfig' }, '/app/setup-config', <Tune />),
  link({ id: 'app.nav.classroomReview' }, '/app/classroomReview', <Videocam />),
];

const ChangePasswordScreen = lazy(() => import('../../features/account/components/ChangePasswordScreen'));
const AdminDashboard = lazy(() => import('../../features/admin/components/AdminDashboard'));
const RolesScreen = lazy(() => import('../../features/admin/components/RolesScreen'));
const AdministratorsScreen = lazy(() => import('../../features/admin/components/AdministratorsScreen'));
const ContentReviewScreen = lazy(() => import('../../features/content/components/ContentReviewScreen'));
const TransactionsScreen = lazy(() => import('../../features/transactions/components/TransactionsScreen'));

/**
 * /app/*: the generic signed-in area (the authUser, an admin signed in through /signin). Add its
 * screens here as lazy routes. Its admin screens are the admin area's, so the admin strings load
 * with it (the Transaction label of the sidebar is theirs too).
 */
export default function AppAreaRoutes() {
  return (
    <NamespaceMessages namespace="admin">
      <AreaShell area="app" nav={NAV}>
        <Route path="dashboard" element={<AdminDashboard area="app" />} />
        <Route path="UserManagement" element={<AdministratorsScreen />} />
        <Route path="roleManagement" element={<RolesScreen />} />
        <Route path="Transaction" element={<TransactionsScreen />} />
        <Route path="content-review" element={<ContentReviewScreen />} />
        <Route path="changepassword" element={<ChangePasswordScreen area="app" />} />
      </AreaShell>
    </NamespaceMessages>
  );
}
