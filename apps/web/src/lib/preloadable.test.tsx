import { screen } from '@testing-library/react';
import { expect, test } from 'vitest';
import { renderWithProviders } from '../test/renderWithProviders';
import { lazyPart } from './preloadable';

test('a part still downloading holds back only its own place: the screen around it shows', async () => {
  const FeesCard = lazyPart(() => new Promise<never>(() => undefined), <p>The fees card is loading</p>);
  await renderWithProviders(
    <main>
      <h1>Dashboard</h1>
      <FeesCard />
    </main>,
  );
  expect(screen.getByRole('heading', { name: 'Dashboard' })).toBeTruthy();
  expect(screen.getByText('The fees card is loading')).toBeTruthy();
});
