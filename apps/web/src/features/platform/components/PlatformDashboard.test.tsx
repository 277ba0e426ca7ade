import { ANNOUNCEMENTS_API, PLATFORM_FIGURES_API, type PageEntry } from '@portal/contracts';
import { QueryClientProvider } from '@tanstack/react-query';
import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, expect, test, vi } from 'vitest';
import { queryClient } from '../../../app/providers/queryClient';
import { appStateStore } from '../../../lib/session';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { server } from '../../../test/server';
import PlatformDashboard from './PlatformDashboard';

// Before the session module reads the cookie: someone signed in at /signin (an unsigned token
// carrying only `exp`, which is all the browser reads), as the portal writes the cookie.
vi.hoisted(() => {
  const part = (value: object) => btoa(JSON.stringify(value)).replace(/=+$/, '');
  const token = `${part({ alg: 'HS256', typ: 'JWT' })}.${part({ exp: Math.floor(Date.now() / 1000) + 3600 })}.x`;
  const users = { authUser: { token, sid: 's', FirstName: 'Rita', LastName: 'Reviewer' } };
  document.cookie = `user=${encodeURIComponent(JSON.stringify(users))}; Path=/portal`;
});

const page = (name: string): PageEntry => ({ Menu_Id: 9, Menu_Name: 'Console', Menu_Icon: 'x', Page: name });
let asked: string[] = [];

beforeEach(() => {
  queryClient.clear();
  asked = [];
  server.use(
    http.get(ANNOUNCEMENTS_API.current, () => HttpResponse.json({ Status: 'Ok', Data: [] })),
    http.get(PLATFORM_FIGURES_API, ({ request }) => {
      asked.push(new URL(request.url).pathname);
      return HttpResponse.json({ Status: 'Forbidden', Message: 'Not allowed.' }, { status: 403 });
    }),
  );
});

const renderDashboard = () =>
  renderWithProviders(
    <QueryClientProvider client={queryClient}>
      <PlatformDashboard />
    </QueryClientProvider>,
    { namespaces: ['shell', 'app', 'admin'], path: '/app/dashboard' },
  );

test('a console user whose roles do not grant the figures is welcomed, and the figures are never asked for', async () => {
  appStateStore.set({ consolePages: [page('content-review')] });
  await renderDashboard();
  expect(await screen.findByText('Use the menu to find your way around the portal.')).toBeTruthy();
  await new Promise((settle) => setTimeout(settle, 100));
  expect(asked).toEqual([]);
  expect(screen.queryByRole('progressbar')).toBeNull();
});

test('a console user granted the dashboard has the figures asked for', async () => {
  appStateStore.set({ consolePages: [page('dashboard')] });
  await renderDashboard();
  await vi.waitFor(() => expect(asked).toEqual([PLATFORM_FIGURES_API]));
});
