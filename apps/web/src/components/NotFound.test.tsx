import { screen } from '@testing-library/react';
import { expect, test } from 'vitest';
import { renderWithProviders } from '../test/renderWithProviders';
import { NotFound } from './NotFound';

test('says the page was not found and leads back to the given home', async () => {
  await renderWithProviders(<NotFound homePath="/student/dashboard" />, { path: '/student/nothing' });
  expect(
    screen.getByRole('heading', { level: 1, name: 'Sorry, an error has occurred. Page not found!' }),
  ).toBeTruthy();
  expect(screen.getByRole('link').getAttribute('href')).toBe('/student/dashboard');
});
