import type { EmotionCache } from '@emotion/react';
import { BrowserRouter } from 'react-router';
import { NotificationHost } from '../components/NotificationHost';
import { I18nProvider, type Catalogue } from '../i18n/I18nProvider';
import { AppRoutes } from './AppRoutes';
import { AppThemeProvider } from './providers/AppThemeProvider';

export interface AppProps {
  catalogue: Catalogue;
  rtlCache: EmotionCache | null;
}

/** The providers every page needs. TanStack Query joins with the first lazy page (see AppRoutes). */
export function App({ catalogue, rtlCache }: AppProps) {
  return (
    <I18nProvider initial={catalogue}>
      <AppThemeProvider initialRtlCache={rtlCache}>
        <BrowserRouter basename="/portal">
          <AppRoutes />
          <NotificationHost />
        </BrowserRouter>
      </AppThemeProvider>
    </I18nProvider>
  );
}
