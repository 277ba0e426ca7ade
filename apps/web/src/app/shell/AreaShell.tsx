import Box from '@mui/material/Box';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { Route, Routes, useLocation } from 'react-router';
import { ErrorBoundary } from '../../components/ErrorBoundary';
import { Footer } from '../../components/Footer';
import { NotFound } from '../../components/NotFound';
import { PageLoading } from '../../components/PageLoading';
import { loadCatalogue } from '../../i18n/catalogues';
import type { Locale } from '../../i18n/locales';
import { NamespaceMessages } from '../../i18n/NamespaceMessages';
import { AREAS, type AreaId } from '../../lib/areas';
import { useSettings } from '../settings';
import { Header } from './Header';
import type { NavItem } from './nav';
import type { LatestNotification, NotificationItem } from './NotificationsMenu';
import type { ProfileEntry } from './ProfileMenu';
import { ShellBreadcrumbs } from './ShellBreadcrumbs';
import { Sidebar } from './Sidebar';
import { useSidebarVariant } from './useSidebarVariant';

const ThemeCustomizer = lazy(() => import('./ThemeCustomizer'));
// The menu as a bar is a setting of the customiser (the sidebar is the default): it downloads when chosen.
const HorizontalNav = lazy(() =>
  import('./HorizontalNav').then((module) => ({ default: module.HorizontalNav })),
);

export interface AreaShellProps {
  area: AreaId;
  nav: readonly NavItem[];
  profileEntries?: readonly ProfileEntry[];
  notifications?: readonly NotificationItem[];
  /** The newest items the bell lists, with their links. */
  latestNotifications?: readonly LatestNotification[];
  /** The area's <Route> elements, relative to the area (e.g. path="dashboard"). */
  children: ReactNode;
}

/**
 * The frame of a signed-in area: header, sidebar or horizontal menu, breadcrumb, the area's
 * screens (lazy, with a loading bar and skeleton) and the footer. Unknown paths in the area show
 * its not-found page. The area's strings download with it (the 'shell' and area catalogues).
 */
export function AreaShell(props: AreaShellProps) {
  // Both catalogues start downloading at once: the nested NamespaceMessages would otherwise ask
  // for the area's only once the shell's has arrived (a round trip more before the page paints).
  const locale = useIntl().locale as Locale;
  for (const namespace of ['shell', props.area] as const) {
    loadCatalogue(locale, namespace).catch(() => undefined);
  }
  return (
    <NamespaceMessages namespace="shell">
      <NamespaceMessages namespace={props.area}>
        <ShellLayout {...props} />
      </NamespaceMessages>
    </NamespaceMessages>
  );
}

function ShellLayout({
  area,
  nav,
  profileEntries = [],
  notifications,
  latestNotifications,
  children,
}: AreaShellProps) {
  const location = useLocation();
  const variant = useSidebarVariant();
  const horizontal = useSettings((s) => s.navigationStyle === 'horizontal');
  const position = useSettings((s) => s.horizontalNavPosition);
  const [menuOpen, setMenuOpen] = useState(false);
  const [customiserOpen, setCustomiserOpen] = useState(false);
  const [customiserLoaded, setCustomiserLoaded] = useState(false);

  return (
    <Box sx={{ display: 'flex', minHeight: '100dvh' }}>
      <Sidebar items={nav} variant={variant} open={menuOpen} onClose={() => setMenuOpen(false)} />
      <Box sx={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
        {horizontal && position === 'top' && (
          <Suspense fallback={null}>
            <HorizontalNav items={nav} />
          </Suspense>
        )}
        <Header
          area={area}
          menuButton={variant !== 'temporary' ? 'never' : horizontal ? 'small-screens' : 'always'}
          onOpenMenu={() => setMenuOpen(true)}
          onOpenCustomiser={() => {
            setCustomiserLoaded(true);
            setCustomiserOpen(true);
          }}
          profileEntries={profileEntries}
          notifications={notifications}
          latestNotifications={latestNotifications}
        >
          {horizontal && position === 'inside' && (
            <Suspense fallback={null}>
              <HorizontalNav items={nav} inHeader />
            </Suspense>
          )}
        </Header>
        {horizontal && position === 'below' && (
          <Suspense fallback={null}>
            <HorizontalNav items={nav} />
          </Suspense>
        )}
        <Box component="main" sx={{ flex: 1, p: { xs: 2, sm: 3 }, minWidth: 0 }}>
          <ShellBreadcrumbs area={area} nav={nav} />
          <ErrorBoundary key={location.pathname}>
            <Suspense fallback={<PageLoading />}>
              <Routes>
                {children}
                <Route path="*" element={<NotFound homePath={AREAS[area].dashboardPath} />} />
              </Routes>
            </Suspense>
          </ErrorBoundary>
        </Box>
        <Footer />
      </Box>
      {customiserLoaded && (
        <Suspense fallback={null}>
          <ThemeCustomizer open={customiserOpen} onClose={() => setCustomiserOpen(false)} />
        </Suspense>
      )}
    </Box>
  );
}
