import { expect, test } from 'vitest';
import { createAppTheme } from './theme';

test('the dark theme darkens the page; a colour’s dark variant darkens the header and sidebar', () => {
  const light = createAppTheme({ themeColor: 'indigo', darkTheme: false, rtl: false });
  expect(light.palette.mode).toBe('light');
  expect(light.palette.background.default).toBe('#f4f5f7');
  expect(light.shell.header.background).toBe(light.palette.primary.main);

  const dark = createAppTheme({ themeColor: 'green', darkTheme: true, rtl: false });
  expect(dark.palette.mode).toBe('dark');
  expect(dark.palette.background.default).toBe('#121212');

  const darkGreen = createAppTheme({ themeColor: 'dark-green', darkTheme: true, rtl: false });
  expect(darkGreen.shell.header.background).toBe('#1e1f2b');
  expect(darkGreen.shell.sidebar.background).toBe('#1e1f2b');
  expect(darkGreen.shell.header.background).not.toBe(dark.shell.header.background);
});

test('right-to-left is the theme’s direction', () => {
  expect(createAppTheme({ themeColor: 'indigo', darkTheme: false, rtl: true }).direction).toBe('rtl');
  expect(createAppTheme({ themeColor: 'indigo', darkTheme: false, rtl: false }).direction).toBe('ltr');
});

test.each(['indigo', 'cyan', 'amber', 'deep-orange', 'pink', 'blue', 'deep-purple', 'green'] as const)(
  'links and buttons in %s read at 4.5:1 on the page, light and dark',
  async (colour) => {
    const { getContrastRatio } = await import('@mui/material/styles');
    const light = createAppTheme({ themeColor: colour, darkTheme: false, rtl: false });
    expect(getContrastRatio(light.palette.primary.main, '#f4f5f7')).toBeGreaterThanOrEqual(4.5);
    const dark = createAppTheme({ themeColor: colour, darkTheme: true, rtl: false });
    expect(getContrastRatio(dark.palette.primary.main, '#2a2a2a')).toBeGreaterThanOrEqual(4.5);
  },
);

test.each(['#3f51b5', '#ffc107', '#ffffff', '#0b6e4f', '#000000'])(
  "the school's colour %s (the default theme colour) keeps text at 4.5:1 on the page and in the header",
  async (schoolColour) => {
    const { getContrastRatio } = await import('@mui/material/styles');
    for (const darkTheme of [false, true]) {
      const theme = createAppTheme({ themeColor: 'school', darkTheme, rtl: false, schoolColour });
      const page = darkTheme ? '#2a2a2a' : '#f4f5f7';
      expect(getContrastRatio(theme.palette.primary.main, page)).toBeGreaterThanOrEqual(4.5);
      expect(getContrastRatio(theme.shell.header.text, theme.shell.header.background)).toBeGreaterThanOrEqual(
        4.5,
      );
    }
  },
);

test("the school's theme colour is the school's, and the default colour until it is known", () => {
  const known = createAppTheme({
    themeColor: 'school',
    darkTheme: false,
    rtl: false,
    schoolColour: '#0b6e4f',
  });
  expect(known.palette.primary.main).toBe('#0b6e4f');
  const unknown = createAppTheme({ themeColor: 'school', darkTheme: false, rtl: false, schoolColour: null });
  const indigo = createAppTheme({ themeColor: 'indigo', darkTheme: false, rtl: false });
  expect(unknown.palette.primary.main).toBe(indigo.palette.primary.main);
});
