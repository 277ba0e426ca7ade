import type { PageEntry } from '@portal/contracts';
import FiberManualRecord from '@mui/icons-material/FiberManualRecord';
import Dashboard from '@mui/icons-material/Dashboard';
import Lock from '@mui/icons-material/Lock';
import Person from '@mui/icons-material/Person';
import { useMemo } from 'react';
import { Route } from 'react-router';
import { useAppState, useSessionUser } from '../../lib/session';
import { humanise } from '../../lib/text';
import { AdminMenuIcon } from '../shell/AdminMenuIcon';
import { AreaDashboard } from '../shell/AreaDashboard';
import { AreaShell } from '../shell/AreaShell';
import { link, type NavGroup, type NavItem } from '../shell/nav';
import type { ProfileEntry } from '../shell/ProfileMenu';

/** Where an admin page lives: /admin/ + the page name with everything but letters and '/' removed. */
export const adminPagePath = (page: string) => `/admin/${page.replace(/[^A-Za-z/]/g, '')}`;

const pageLabel = (page: string) => (page === 'AddEditCourses' ? 'Add/Edit Courses' : humanise(page));

/** Home, one group per menu of the admin's pages (Data5 of the sign-in answer), then Change Password. */
export function adminNav(pages: readonly PageEntry[]): NavItem[] {
  const groups = new Map<number, NavGroup>();
  for (const page of pages) {
    let group = groups.get(page.Menu_Id);
    if (!group) {
      group = {
        kind: 'group',
        key: `menu-${page.Menu_Id}`,
        label: { text: page.Menu_Name },
        icon: <AdminMenuIcon name={page.Menu_Icon} />,
        children: [],
      };
      groups.set(page.Menu_Id, group);
    }
    group.children.push(
      link(
        { text: pageLabel(page.Page) },
        adminPagePath(page.Page),
        <FiberManualRecord sx={{ fontSize: 8, mx: 1 }} />,
      ),
    );
  }
  return [
    link({ id: 'admin.nav.home' }, '/admin/dashboard', <Dashboard />),
    ...groups.values(),
    link({ id: 'nav.changePassword' }, '/admin/changepassword', <Lock />),
  ];
}

/** /admin/*: add the admin screens here as lazy routes (see apps/web/README.md). */
export default function AdminRoutes() {
  const pages = useAppState((s) => s.adminPages);
  const nav = useMemo(() => adminNav(pages), [pages]);
  const isSupport = useSessionUser('adminUser')?.IsSupport ?? false;
  // The support account has no Profile entry.
  const profileEntries: ProfileEntry[] = isSupport
    ? []
    : [{ label: 'nav.profile', icon: <Person fontSize="small" />, to: '/admin/profile' }];

  return (
    <AreaShell area="admin" nav={nav} profileEntries={profileEntries}>
      <Route path="dashboard" element={<AreaDashboard area="admin" />} />
    </AreaShell>
  );
}
