import { DEFAULT_LOCALE, LOCALES, isRtlLocale, type Locale } from '../i18n/locales';
import { createPersistedStore, is, useStore } from '../lib/store';

export const THEME_COLOURS = [
  'indigo',
  'cyan',
  'amber',
  'deep-orange',
  'pink',
  'blue',
  'deep-purple',
  'green',
] as const;
export type ThemeColourName = (typeof THEME_COLOURS)[number];
/**
 * A theme colour, or its dark variant (dark header and sidebar with the colour as accent), or
 * 'school': the school's primary colour as School Management sets it — the default, so that whoever
 * has not chosen a colour sees the school's.
 */
export type ThemeColour = ThemeColourName | `dark-${ThemeColourName}` | 'school';
export const SCHOOL_THEME_COLOUR = 'school' as const;
const ALL_THEME_COLOURS: readonly ThemeColour[] = [
  SCHOOL_THEME_COLOUR,
  ...THEME_COLOURS.flatMap((c) => [c, `dark-${c}` as const]),
];

export const DRAWER_TYPES = ['fixed', 'collapsed', 'mini'] as const;
export type DrawerType = (typeof DRAWER_TYPES)[number];
export const NAVIGATION_STYLES = ['vertical', 'horizontal'] as const;
export type NavigationStyle = (typeof NAVIGATION_STYLES)[number];
export const HORIZONTAL_NAV_POSITIONS = ['inside', 'top', 'below'] as const;
export type HorizontalNavPosition = (typeof HORIZONTAL_NAV_POSITIONS)[number];

/** The settings state of the spec, saved to local storage on every change. */
export interface Settings {
  drawerType: DrawerType;
  locale: Locale;
  navigationStyle: NavigationStyle;
  horizontalNavPosition: HorizontalNavPosition;
  darkTheme: boolean;
  themeColor: ThemeColour;
  isDirectionRTL: boolean;
}

/** Where the settings are kept in local storage (the document's early loads read the language there). */
export const SETTINGS_KEY = 'portal.settings';

/** What a visitor who has chosen nothing sees (and what the server renders a signed-in page in). */
export const DEFAULT_SETTINGS: Readonly<Settings> = {
  drawerType: 'fixed',
  locale: DEFAULT_LOCALE,
  navigationStyle: 'vertical',
  horizontalNavPosition: 'inside',
  darkTheme: false,
  themeColor: SCHOOL_THEME_COLOUR,
  isDirectionRTL: false,
};

export const settingsStore = createPersistedStore<Settings>(
  SETTINGS_KEY,
  { ...DEFAULT_SETTINGS },
  {
    drawerType: is.oneOf(DRAWER_TYPES),
    locale: is.oneOf(LOCALES),
    navigationStyle: is.oneOf(NAVIGATION_STYLES),
    horizontalNavPosition: is.oneOf(HORIZONTAL_NAV_POSITIONS),
    darkTheme: is.boolean,
    themeColor: is.oneOf(ALL_THEME_COLOURS),
    isDirectionRTL: is.boolean,
  },
);

export const useSettings = <S>(select: (settings: Settings) => S): S => useStore(settingsStore, select);

export const updateSettings = (patch: Partial<Settings>) => settingsStore.set(patch);

/** Choosing a language also sets the reading direction: Arabic is right-to-left. */
export const setLocale = (locale: Locale) =>
  settingsStore.set({ locale, isDirectionRTL: isRtlLocale(locale) });
