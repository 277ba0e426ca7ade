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
import { Route } from 'react-router';
import { AreaDashboard } from '../shell/AreaDashboard';
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
  link({ id: 'app.nav.transaction' }, '/app/Transaction', <ReceiptLong />),
  link({ id: 'app.nav.setupConfig' }, '/app/setup-config', <Tune />),
  link({ id: 'app.nav.classroomReview' }, '/app/classroomReview', <Videocam />),
];

/** /app/*: the generic signed-in area (the authUser). Add its screens here as lazy routes. */
export default function AppAreaRoutes() {
  return (
    <AreaShell area="app" nav={NAV}>
      <Route path="dashboard" element={<AreaDashboard area="app" />} />
    </AreaShell>
  );
}
