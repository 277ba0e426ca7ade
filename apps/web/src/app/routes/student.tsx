import Assignment from '@mui/icons-material/Assignment';
import Bed from '@mui/icons-material/Bed';
import Dashboard from '@mui/icons-material/Dashboard';
import Forum from '@mui/icons-material/Forum';
import LibraryBooks from '@mui/icons-material/LibraryBooks';
import LiveTv from '@mui/icons-material/LiveTv';
import Lock from '@mui/icons-material/Lock';
import MenuBook from '@mui/icons-material/MenuBook';
import Payments from '@mui/icons-material/Payments';
import Person from '@mui/icons-material/Person';
import Quiz from '@mui/icons-material/Quiz';
import { lazy } from 'react';
import { Route } from 'react-router';
import { AreaDashboard } from '../shell/AreaDashboard';
import { AreaShell } from '../shell/AreaShell';
import { link, type NavItem } from '../shell/nav';
import type { ProfileEntry } from '../shell/ProfileMenu';

const ChangePasswordScreen = lazy(() => import('../../features/account/components/ChangePasswordScreen'));
const SchoolFeesScreen = lazy(() => import('../../features/payments/components/SchoolFeesScreen'));
const PaymentHistoryScreen = lazy(() => import('../../features/payments/components/PaymentHistoryScreen'));

const NAV: NavItem[] = [
  link({ id: 'nav.dashboard' }, '/student/dashboard', <Dashboard />),
  link({ id: 'nav.profile' }, '/student/profile', <Person />),
  link({ id: 'student.nav.schoolFees' }, '/student/payment', <Payments />),
  link({ id: 'student.nav.hostel' }, '/student/applyforhostel', <Bed />),
  link({ id: 'student.nav.courses' }, '/student/courseregistration', <MenuBook />),
  link({ id: 'student.nav.liveClasses' }, '/student/liveclasses', <LiveTv />),
  link({ id: 'student.nav.exams' }, '/student/exams', <Quiz />),
  link({ id: 'student.nav.lectureNotes' }, '/student/lecturenote', <LibraryBooks />),
  link({ id: 'student.nav.discussion' }, '/student/discussion', <Forum />),
  link({ id: 'student.nav.assignment' }, '/student/assignment', <Assignment />),
  link({ id: 'nav.changePassword' }, '/student/changepassword', <Lock />),
];

const PROFILE_ENTRIES: ProfileEntry[] = [
  { label: 'nav.profile', icon: <Person fontSize="small" />, to: '/student/profile' },
];

/** /student/*: add the student's screens here as lazy routes (see apps/web/README.md). */
export default function StudentRoutes() {
  return (
    <AreaShell area="student" nav={NAV} profileEntries={PROFILE_ENTRIES}>
      <Route path="dashboard" element={<AreaDashboard area="student" />} />
      <Route path="changepassword" element={<ChangePasswordScreen area="student" />} />
      <Route path="payment" element={<SchoolFeesScreen />} />
      <Route path="paymenthistory" element={<PaymentHistoryScreen payer="student" />} />
    </AreaShell>
  );
}
