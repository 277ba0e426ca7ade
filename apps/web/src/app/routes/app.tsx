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
import { lazy, type ComponentType, type LazyExoticComponent, type ReactElement } from 'react';
import { Route } from 'react-router';
import { NamespaceMessages } from '../../i18n/NamespaceMessages';
import type { MessageId } from '../../i18n/locales';
import { AreaShell } from '../shell/AreaShell';
import { link, type NavItem } from '../shell/nav';

type Screen = LazyExoticComponent<ComponentType>;

const AdminDashboard = lazy(() => import('../../features/admin/components/AdminDashboard'));
const ChangePasswordScreen = lazy(() => import('../../features/account/components/ChangePasswordScreen'));

interface AppPage {
  /** The route under /app, as the spec spells it. */
  path: string;
  label: MessageId;
  icon: ReactElement;
  /** The page's screen; a page still to be built has none, and so no route and no sidebar entry. */
  screen?: Screen;
}

/**
 * The console's pages, declared once: the sidebar (the spec's English labels, in its order) and the
 * routes both follow from this list, so the sidebar never links a page that does not exist. 'Manage
 * Audits' is the one label without a named route and /app/instructorManagement the one route without a
 * label, so they are paired.
 */
const APP_PAGES: readonly AppPage[] = [
  {
    path: 'roleManagement',
    label: 'app.nav.roleManagement',
    icon: <Security />,
    screen: lazy(() => import('../../features/admin/components/RolesScreen')),
  },
  {
    path: 'UserManagement',
    label: 'app.nav.userManagement',
    icon: <ManageAccounts />,
    screen: lazy(() => import('../../features/admin/components/AdministratorsScreen')),
  },
  { path: 'SchoolManagement', label: 'app.nav.schoolManagement', icon: <School /> },
  { path: 'LearnersManagement', label: 'app.nav.learnersManagement', icon: <PeopleAlt /> },
  { path: 'instructorManagement', label: 'app.nav.manageAudits', icon: <FactCheck /> },
  {
    path: 'content-review',
    label: 'app.nav.contentReview',
    icon: <RateReview />,
    screen: lazy(() => import('../../features/content/components/ContentReviewScreen')),
  },
  { path: 'SendBroadcast', label: 'app.nav.sendBroadcast', icon: <Campaign /> },
  {
    path: 'Transaction',
    label: 'sidebar.transaction',
    icon: <ReceiptLong />,
    screen: lazy(() => import('../../features/transactions/components/TransactionsScreen')),
  },
  { path: 'setup-config', label: 'app.nav.setupConfig', icon: <Tune /> },
  {
    path: 'classroomReview',
    label: 'app.nav.classroomReview',
    icon: <Videocam />,
    screen: lazy(() => import('../../features/liveclasses/components/ClassroomReviewScreen')),
  },
];

const built = APP_PAGES.filter((page): page is AppPage & { screen: Screen } => !!page.screen);

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
        <Route path="dashboard" element={<AdminDashboard area="app" />} />
        {built.map(({ path, screen: Screen }) => (
          <Route key={path} path={path} element={<Screen />} />
        ))}
        <Route path="changepassword" element={<ChangePasswordScreen area="app" />} />
      </AreaShell>
    </NamespaceMessages>
  );
}
