import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, expect, test } from 'vitest';
import { settingsStore } from '../app/settings';
import { renderWithProviders } from '../test/renderWithProviders';
import { LanguageSelect } from './LanguageSelect';

const DEFAULTS = settingsStore.get();
afterEach(() => settingsStore.set(DEFAULTS));

test('offers the six languages, each in its own name', async () => {
  await renderWithProviders(<LanguageSelect />);
  const select = screen.getByRole('combobox', { name: 'Language' });
  expect([...select.querySelectorAll('option')].map((option) => [option.value, option.textContent])).toEqual([
    ['en', 'English'],
    ['zh', '中文'],
    ['ar', 'العربية'],
    ['it', 'Italiano'],
    ['es', 'Español'],
    ['fr', 'Français'],
  ]);
});

test('Arabic turns the page right-to-left in Arabic, and back to English left-to-right', async () => {
  const user = userEvent.setup();
  await renderWithProviders(<LanguageSelect />);
  await user.selectOptions(screen.getByRole('combobox', { name: 'Language' }), 'العربية');
  // The direction follows once the right-to-left styles have loaded, the language with its strings.
  await waitFor(() => expect(document.documentElement.dir).toBe('rtl'));
  await waitFor(() => expect(document.documentElement.lang).toBe('ar'));
  // The picker itself is now named in Arabic.
  const select = screen.getByRole('combobox');
  expect(select.getAttribute('aria-label')).not.toBe('Language');
  expect(settingsStore.get()).toMatchObject({ locale: 'ar', isDirectionRTL: true });

  await user.selectOptions(select, 'English');
  await waitFor(() => expect(document.documentElement.dir).toBe('ltr'));
  await waitFor(() => expect(document.documentElement.lang).toBe('en'));
  expect(screen.getByRole('combobox', { name: 'Language' })).toBeTruthy();
});
