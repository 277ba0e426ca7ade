import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, test, vi } from 'vitest';
import { renderWithProviders } from '../test/renderWithProviders';
import { ErrorBoundary } from './ErrorBoundary';

function Broken(): never {
  throw new Error('the screen broke');
}

test('a screen that throws shows the reload offer instead of a blank page, and the error is logged', async () => {
  const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
  const reload = vi.fn();
  vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, reload });
  await renderWithProviders(
    <ErrorBoundary>
      <Broken />
    </ErrorBoundary>,
  );
  const alert = screen.getByRole('alert');
  expect(alert.textContent).toContain('Reload');
  expect(logged.mock.calls.some((call) => String(call[0]).includes('the screen broke'))).toBe(true);
  await userEvent.setup().click(screen.getByRole('button', { name: 'Reload' }));
  expect(reload).toHaveBeenCalledOnce();
});

test('children that render are shown as they are', async () => {
  await renderWithProviders(
    <ErrorBoundary>
      <p>All well</p>
    </ErrorBoundary>,
  );
  expect(screen.getByText('All well')).toBeTruthy();
  expect(screen.queryByRole('alert')).toBeNull();
});
