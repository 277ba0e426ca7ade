import { screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { Route, Routes } from 'react-router';
import { expect, test } from 'vitest';
import { lazyPart, preloadable } from '../../lib/preloadable';
import { renderWithProviders } from '../../test/renderWithProviders';
import { AreaShell } from './AreaShell';

/** A module that is asked for and never arrives (a very slow link), noting that it was asked for. */
const slowModule = (asked: string[], name: string) => () => {
  asked.push(name);
  return new Promise<never>(() => undefined);
};

test('the screen the address shows, and the parts handed to it, are asked for with the frame, not after it', async () => {
  const asked: string[] = [];
  const FeesCard = lazyPart(slowModule(asked, 'fees card'));
  const Dashboard = preloadable<{ feesCard: ReactNode }>(slowModule(asked, 'dashboard'));
  const Profile = preloadable(slowModule(asked, 'profile'));
  const { unmount } = await renderWithProviders(
    <Routes>
      <Route
        path="/student/*"
        element={
          <AreaShell area="student" nav={[]}>
            <Route path="dashboard" element={<Dashboard feesCard={<FeesCard />} />} />
            <Route path="profile" element={<Profile />} />
          </AreaShell>
        }
      />
    </Routes>,
    { path: '/Student/Dashboard' },
  );
  // Asked for in the frame's first render, while its own strings may still be downloading.
  expect(asked.sort()).toEqual(['dashboard', 'fees card']);
  unmount();
});

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
