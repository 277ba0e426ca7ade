import { screen } from '@testing-library/react';
import { Suspense, type ReactNode } from 'react';
import { Route } from 'react-router';
import { expect, test } from 'vitest';
import { renderWithProviders } from '../test/renderWithProviders';
import { lazyPart, preloadable, preloadRouteScreen } from './preloadable';

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

test('the screen a route table shows at a path downloads ahead, found inside its guard; then it renders at once', async () => {
  let downloads = 0;
  const ResultScreen = preloadable(async () => {
    downloads += 1;
    return { default: () => <p>Your results</p> };
  });
  const OtherScreen = preloadable<object>(() => Promise.reject(new Error('not this page')));
  const Guard = ({ children }: { children: ReactNode }) => <section>{children}</section>;
  const routes = (
    <>
      <Route
        path="Result"
        element={
          <Guard>
            <ResultScreen />
          </Guard>
        }
      />
      <Route path="other" element={<OtherScreen />} />
    </>
  );
  // Paths match whatever their case; a path the table does not have downloads nothing.
  await preloadRouteScreen(routes, 'result');
  await preloadRouteScreen(routes, 'nowhere');
  expect(downloads).toBe(1);
  await renderWithProviders(
    <Suspense fallback={<p>Loading</p>}>
      <ResultScreen />
    </Suspense>,
  );
  expect(screen.getByText('Your results')).toBeTruthy();
  expect(screen.queryByText('Loading')).toBeNull();
});
