import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, expect, test, vi } from 'vitest';
import { renderWithProviders } from '../../test/renderWithProviders';
import { settingsStore } from '../settings';
import ThemeCustomizer from './ThemeCustomizer';

const DEFAULTS = settingsStore.get();
afterEach(() => settingsStore.set(DEFAULTS));

const saved = () => JSON.parse(localStorage.getItem('portal.settings') ?? '{}') as Record<string, unknown>;

test('every choice of the customiser is applied and saved: colour, dark theme, direction, sidebar, navigation', async () => {
  const user = userEvent.setup();
  await renderWithProviders(<ThemeCustomizer open onClose={() => undefined} />, { namespaces: ['shell'] });
  const customiser = screen.getByRole('dialog', { name: 'Theme Settings' });
  expect(customiser).toBeTruthy();

  await user.click(screen.getByLabelText('Dark theme'));
  await user.click(screen.getByRole('radio', { name: 'Dark Green' }));
  expect(saved()).toMatchObject({ darkTheme: true, themeColor: 'dark-green' });
  expect((screen.getByRole('radio', { name: 'Dark Green' }) as HTMLInputElement).checked).toBe(true);

  await user.click(screen.getByRole('radio', { name: 'Mini' }));
  expect(saved()).toMatchObject({ drawerType: 'mini' });

  // The menu's position is offered only with the horizontal navigation.
  expect((screen.getByRole('radio', { name: 'Below the header' }) as HTMLInputElement).disabled).toBe(true);
  await user.click(screen.getByRole('radio', { name: 'Horizontal' }));
  await user.click(screen.getByRole('radio', { name: 'Below the header' }));
  expect(saved()).toMatchObject({ navigationStyle: 'horizontal', horizontalNavPosition: 'below' });

  await user.click(screen.getByLabelText('Right to left'));
  expect(saved()).toMatchObject({ isDirectionRTL: true });
  await waitFor(() => expect(document.documentElement.dir).toBe('rtl'));
});

test('Close closes it', async () => {
  const onClose = vi.fn();
  await renderWithProviders(<ThemeCustomizer open onClose={onClose} />, { namespaces: ['shell'] });
  await userEvent.setup().click(screen.getByRole('button', { name: 'Close' }));
  expect(onClose).toHaveBeenCalledOnce();
});
