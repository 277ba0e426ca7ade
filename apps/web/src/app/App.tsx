import type { EmotionCache } from '@emotion/react';
import type { ComponentType, ReactNode } from 'react';
import { BrowserRouter } from 'react-router';
import { NotificationHost } from '../components/NotificationHost';
import { I18nProvider, type Catalogue } from '../i18n/I18nProvider';
import { AppRoutes } from './AppRoutes';
import { AppThemeProvider } from './providers/AppThemeProvider';

export interface AppProps {
  catalogue: Catalogue;
  rtlCache: EmotionCache | null;
  /** Prerendering (src/prerender.tsx) renders one path with a router of its own and a fresh style cache. */
  Router?: ComponentType<{ children: ReactNode }>;
  styleCache?: EmotionCache;
}

const PortalRouter = ({ children }: { children: ReactNode }) => (
  <BrowserRouter basename="/portal">{children}</BrowserRouter>
);

/** The providers every page needs. TanStack Query joins with the first lazy page (see AppRoutes). */
export function App({ catalogue, rtlCache, Router = PortalRouter, styleCache }: AppProps) {
  return (
    <I18nProvider initial={catalogue}>
      <AppThemeProvider initialRtlCache={rtlCache} styleCache={styleCache}>
        <Router>
          <AppRoutes />
          <NotificationHost />
        </Router>
      </AppThemeProvider>
    </I18nProvider>
  );
}
