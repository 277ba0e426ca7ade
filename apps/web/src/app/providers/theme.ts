import { amber, blue, cyan, deepOrange, deepPurple, green, indigo, pink } from '@mui/material/colors';
import { createTheme, darken, getContrastRatio, lighten, type Theme } from '@mui/material/styles';
import { DEFAULT_SCHOOL_COLOURS, isHexColour } from '@portal/contracts';
import type { ThemeColour, ThemeColourName } from '../settings';

declare module '@mui/material/styles' {
  interface Theme {
    /** The shell's own surfaces: the header and the sidebar (dark in a colour's dark variant). */
    shell: ShellColours;
  }
  interface ThemeOptions {
    shell?: ShellColours;
  }
}

export interface ShellColours {
  header: { background: string; text: string };
  sidebar: { background: string; text: string; accent: string; selected: string };
}

/** The 500 shade of each theme colour: the swatch shown in the customiser. */
export const SWATCHES: Record<ThemeColourName, string> = {
  indigo: indigo[500],
  cyan: cyan[500],
  amber: amber[500],
  'deep-orange': deepOrange[500],
  pink: pink[500],
  blue: blue[500],
  'deep-purple': deepPurple[500],
  green: green[500],
};

/** System fonts only: no web font on the critical path. */
const FONT_FAMILY =
  'system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", "Noto Sans Arabic", "PingFang SC", "Microsoft YaHei", Arial, sans-serif';

const LIGHT_BACKGROUND = '#f4f5f7';
const DARK_SURFACE = '#2a2a2a';
const DARK_SHELL = '#1e1f2b';

/**
 * The colour darkened (on a light page) or lightened (on a dark one) just enough for text in it
 * to read at 4.5:1, so links and outlined buttons stay legible in every theme colour.
 */
function readable(colour: string, background: string, towardsLight: boolean): string {
  let shade = colour;
  for (let step = 1; step <= 10 && getContrastRatio(shade, background) < 4.5; step += 1) {
    shade = towardsLight ? lighten(colour, step / 10) : darken(colour, step / 10);
  }
  return shade;
}

/** The colour a theme colour stands for: the school's (School Management's, #rrggbb) for 'school'. */
export function swatchOf(themeColor: ThemeColour, schoolColour?: string | null): string {
  if (themeColor === 'school')
    return isHexColour(schoolColour) ? schoolColour : DEFAULT_SCHOOL_COLOURS.primary;
  return SWATCHES[themeColor.replace(/^dark-/, '') as ThemeColourName];
}

export function createAppTheme(options: {
  themeColor: ThemeColour;
  darkTheme: boolean;
  rtl: boolean;
  /** The school's primary colour, for the 'school' theme colour (its default until known). */
  schoolColour?: string | null;
}): Theme {
  const { themeColor, darkTheme, rtl } = options;
  const darkVariant = themeColor.startsWith('dark-');
  const swatch = swatchOf(themeColor, options.schoolColour);
  const main = darkTheme ? readable(swatch, DARK_SURFACE, true) : readable(swatch, LIGHT_BACKGROUND, false);

  // The status colours too, so an outlined chip or button ('Pending', 'Returned') reads at 4.5:1.
  const status = (light: string, dark: string) =>
    darkTheme ? readable(dark, DARK_SURFACE, true) : readable(light, '#ffffff', false);

  const base = createTheme({
    direction: rtl ? 'rtl' : 'ltr',
    palette: {
      mode: darkTheme ? 'dark' : 'light',
      primary: { main },
      error: { main: status('#d32f2f', '#f44336') },
      warning: { main: status('#ed6c02', '#ffa726') },
      info: { main: status('#0288d1', '#29b6f6') },
      success: { main: status('#2e7d32', '#66bb6a') },
      contrastThreshold: 4.5,
      ...(darkTheme ? {} : { background: { default: LIGHT_BACKGROUND, paper: '#ffffff' } }),
    },
    typography: { fontFamily: FONT_FAMILY },
    shape: { borderRadius: 8 },
    components: {
      // Whoever asks the system for less motion gets none: transitions and animations end at once
      // (WCAG 2.3.3). Styles only, so a prerendered page hydrates the same for everyone. Transitions
      // take no time at all rather than the usual 0.01 ms: every element's transition-property is
      // `all` by default, so a tiny duration would make every style change a transition, and a
      // table turning into cards kept its old padding and width until the browser's next frame.
      MuiCssBaseline: {
        styleOverrides: {
          '@media (prefers-reduced-motion: reduce)': {
            '*, *::before, *::after': {
              animationDuration: '0.01ms !important',
              animationIterationCount: '1 !important',
              transitionDuration: '0s !important',
              transitionDelay: '0s !important',
              scrollBehavior: 'auto !important',
            },
          },
        },
      },
      MuiButton: {
        defaultProps: { disableElevation: true },
        styleOverrides: { root: { textTransform: 'none' } },
      },
      MuiLink: { defaultProps: { underline: 'hover' } },
      // A chip's label wraps in a narrow column (a phone's card) instead of ending in an ellipsis.
      MuiChip: {
        styleOverrides: {
          root: { height: 'auto', minHeight: 32, '&.MuiChip-sizeSmall': { minHeight: 24 } },
          label: { whiteSpace: 'normal', overflowWrap: 'break-word' },
        },
      },
    },
  });

  const accentOnDark = readable(swatch, DARK_SHELL, true);
  const shell: ShellColours =
    darkVariant || darkTheme
      ? {
          header: darkVariant
            ? { background: DARK_SHELL, text: '#ffffff' }
            : { background: base.palette.primary.main, text: base.palette.primary.contrastText },
          sidebar: {
            background: darkVariant ? DARK_SHELL : base.palette.background.paper,
            text: darkVariant ? '#e4e6eb' : base.palette.text.primary,
            accent: darkVariant ? accentOnDark : base.palette.primary.main,
            selected: 'rgba(255, 255, 255, 0.1)',
          },
        }
      : {
          header: { background: base.palette.primary.main, text: base.palette.primary.contrastText },
          sidebar: {
            background: base.palette.background.paper,
            text: base.palette.text.primary,
            accent: base.palette.primary.main,
            selected: base.palette.action.selected,
          },
        };
  return createTheme(base, { shell });
}
