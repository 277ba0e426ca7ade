import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, test } from 'vitest';
import { renderWithProviders } from '../test/renderWithProviders';
import { CardMenu } from './CardMenu';

test('the card header dropdown offers its four items, each closing the menu', async () => {
  const user = userEvent.setup();
  await renderWithProviders(<CardMenu />, { namespaces: ['shell'] });
  for (const item of ['Update Data', 'Detailed Log', 'Statistics', 'Clear Data']) {
    const button = screen.getByRole('button', { name: 'More options' });
    await user.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    const menu = await screen.findByRole('menu');
    expect([...menu.querySelectorAll('[role="menuitem"]')].map((entry) => entry.textContent)).toEqual([
      'Update Data',
      'Detailed Log',
      'Statistics',
      'Clear Data',
    ]);
    await user.click(screen.getByRole('menuitem', { name: item }));
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
    expect(button.getAttribute('aria-expanded')).toBe('false');
  }
});
