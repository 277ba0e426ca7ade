import { CacheProvider, type EmotionCache } from '@emotion/react';
import createCache from '@emotion/cache';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { useEffect, useLayoutEffect, useMemo, useState, type ReactNode } from 'react';
import { useInstitution } from '../../lib/institution';
import { serverRender, widthQueryMatches } from '../../lib/serverRender';
import { useSettings } from '../settings';
import { loadRtlCache } from './rtlCache';
import { createAppTheme } from './theme';

const ltrCache = createCache({ key: 'mui' });

/**
 * The MUI theme built from the settings (colour, dark theme, direction). Right-to-left switches
 * to the RTL style cache and sets dir="rtl" on <html> once that cache has loaded.
 */
export function AppThemeProvider({
  initialRtlCache,
  styleCache = ltrCache,
  children,
}: {
  initialRtlCache: EmotionCache | null;
  /** The left-to-right style cache: prerendering gives each page a fresh one, so it writes all its styles. */
  styleCache?: EmotionCache;
  children: ReactNode;
}) {
  const themeColor = useSettings((s) => s.themeColor);
  const darkTheme = useSettings((s) => s.darkTheme);
  const wantsRtl = useSettings((s) => s.isDirectionRTL);
  // The school's colour, the default theme colour ('school') of whoever has not chosen one.
  const schoolColour = useInstitution()?.PrimaryColour;
  const [rtlCache, setRtlCache] = useState(initialRtlCache);

  useEffect(() => {
    if (wantsRtl && !rtlCache) void loadRtlCache().then(setRtlCache);
  }, [wantsRtl, rtlCache]);

  const rtl = wantsRtl && rtlCache !== null;
  useLayoutEffect(() => {
    document.documentElement.dir = rtl ? 'rtl' : 'ltr';
  }, [rtl]);

  const theme = useMemo(() => {
    const built = createAppTheme({ themeColor, darkTheme, rtl, schoolColour });
    const server = serverRender();
    if (!server) return built;
    // On the server, the screen's media queries are answered for the visitor's kind of screen.
    const ssrMatchMedia = (query: string) => ({ matches: widthQueryMatches(query, server.viewportWidth) });
    return {
      ...built,
      components: { ...built.components, MuiUseMediaQuery: { defaultProps: { ssrMatchMedia } } },
    };
  }, [themeColor, darkTheme, rtl, schoolColour]);

  return (
    <CacheProvider value={rtl && rtlCache ? rtlCache : styleCache}>
      <ThemeProvider theme={theme}>
        <CssBaseline enableColorScheme />
        {children}
      </ThemeProvider>
    </CacheProvider>
  );
}
