import { afterEach, expect, test } from 'vitest';
import { createPersistedStore, is } from '../lib/store';
import { setLocale, settingsStore, updateSettings } from './settings';

const DEFAULTS = settingsStore.get();
afterEach(() => settingsStore.set(DEFAULTS));

test('choosing a language sets the reading direction: Arabic alone is right-to-left', () => {
  setLocale('ar');
  expect(settingsStore.get()).toMatchObject({ locale: 'ar', isDirectionRTL: true });
  setLocale('fr');
  expect(settingsStore.get()).toMatchObject({ locale: 'fr', isDirectionRTL: false });
});

test('every change of the settings is saved for the next visit', () => {
  updateSettings({ darkTheme: true, themeColor: 'dark-green', drawerType: 'mini' });
  setLocale('ar');
  expect(JSON.parse(localStorage.getItem('portal.settings')!)).toMatchObject({
    darkTheme: true,
    themeColor: 'dark-green',
    drawerType: 'mini',
    locale: 'ar',
    isDirectionRTL: true,
  });
});

test('a saved value is read back where valid; a stale or hand-edited one falls back to the default', () => {
  localStorage.setItem('demo.settings', JSON.stringify({ colour: 'green', dark: 'yes', unknown: 1 }));
  const store = createPersistedStore(
    'demo.settings',
    { colour: 'indigo' as 'indigo' | 'green', dark: false },
    { colour: is.oneOf(['indigo', 'green'] as const), dark: is.boolean },
  );
  expect(store.get()).toEqual({ colour: 'green', dark: false });

  localStorage.setItem('demo.broken', '{not json');
  const broken = createPersistedStore('demo.broken', { dark: true }, { dark: is.boolean });
  expect(broken.get()).toEqual({ dark: true });
});
