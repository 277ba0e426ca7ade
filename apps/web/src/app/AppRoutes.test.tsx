import { AUTH_MESSAGES, STATUS } from '@portal/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, expect, test } from 'vitest';
import { onEachRequest, server } from '../test/server';
import { appStateStore } from '../lib/session';
import { currentPath, renderApp } from '../test/renderApp';

/**
 * The public routes of spec section 2 as a visitor meets them: the whole app rendered, the API
 * answered at the network edge. (Formerly browser tests in e2e/tests/shell.spec.ts.)
 */

/** Every API call the page makes, as "METHOD /path". */
let calls: string[] = [];

beforeEach(() => {
  calls = [];
  onEachRequest((request) => calls.push(`${request.method} ${new URL(request.url).pathname}`));
  server.use(
    http.get('/api/ActiveSessions', () =>
      HttpResponse.json({ Status: STATUS.ok, Data: [{ Academic_SessionID: 3, Admission_SessionID: 4 }] }),
    ),
  );
});

test('the landing page offers the Student and Applicant ways in', async () => {
  const user = userEvent.setup();
  const { unmount } = await renderApp('/');
  await user.click(await screen.findByRole('link', { name: /^Student/ }));
  await waitFor(() => expect(currentPath()).toBe('/StudentSignin'));
  unmount();

  await renderApp('/');
  await user.click(await screen.findByRole('link', { name: /^Applicant/ }));
  await waitFor(() => expect(currentPath()).toBe('/ApplicantSignin'));
});

test.each([
  ['/ApplicantSignin', 'Applicant Login', 'Email or JAMB Registration Number', 'Forgot Password?'],
  ['/AdminSignin', 'Admin Login', 'Email', 'Forgot Password?'],
  ['/StudentSignin', 'Student Login', 'Matric No. / Email', 'Retrieve Details'],
  ['/signin', 'Login', 'Email', 'Forgot Password?'],
])('%s shows its spec text', async (path, heading, identifier, help) => {
  await renderApp(path);
  expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeTruthy();
  expect(screen.getByLabelText(identifier, { exact: false, selector: 'input' })).toBeTruthy();
  expect(screen.getByLabelText(/^Password/, { selector: 'input' })).toBeTruthy();
  expect(screen.getByRole('link', { name: help })).toBeTruthy();
  if (path === '/AdminSignin') {
    expect(screen.getByText('This is an admin only account')).toBeTruthy();
    expect(screen.getByLabelText('Email', { exact: false, selector: 'input' }).getAttribute('type')).toBe(
      'email',
    );
  }
  // A sign-in page asks the server for nothing but the active session (asked once per page load).
  expect(calls.filter((call) => call !== 'GET /api/ActiveSessions')).toEqual([]);
});

test('empty sign-in fields are refused before calling the server', async () => {
  const user = userEvent.setup();
  await renderApp('/StudentSignin');
  await user.click(await screen.findByRole('button', { name: 'Sign In' }));
  expect(await screen.findByText('Matric No. / Email is required')).toBeTruthy();
  expect(screen.getByText('You must enter your password!')).toBeTruthy();
  expect(calls.filter((call) => call.includes('/Account/Login'))).toEqual([]);
});

test('a wrong password shows the server’s message and stays on the sign-in page', async () => {
  let sent: unknown;
  server.use(
    http.post('/api/Account/Login', async ({ request }) => {
      sent = await request.json();
      return HttpResponse.json(
        { Status: STATUS.invalid, Message: AUTH_MESSAGES.invalidCredentials },
        { status: 401 },
      );
    }),
  );
  const user = userEvent.setup();
  await renderApp('/AdminSignin');
  await user.type(
    await screen.findByLabelText('Email', { exact: false, selector: 'input' }),
    'admin@demo.edu.ng',
  );
  await user.type(screen.getByLabelText(/^Password/, { selector: 'input' }), 'not-the-password');
  await user.click(screen.getByRole('button', { name: 'Sign In' }));
  expect((await screen.findByRole('alert')).textContent).toContain('Invalid email or password!');
  expect(currentPath()).toBe('/AdminSignin');
  // The credentials go with the academic session the page asked for.
  expect(sent).toMatchObject({
    Username: 'admin@demo.edu.ng',
    Password: 'not-the-password',
    SessionID: 3,
    userMode: 'Admin',
  });
});

test('the password pages need a user mode or their parameters, else go to /', async () => {
  const first = await renderApp('/forgotPassword');
  await waitFor(() => expect(currentPath()).toBe('/'));
  first.unmount();
  const second = await renderApp('/ConfirmNewPassword?id=abc');
  await waitFor(() => expect(currentPath()).toBe('/'));
  second.unmount();

  const user = userEvent.setup();
  const third = await renderApp('/AdminSignin');
  await user.click(await screen.findByRole('link', { name: 'Forgot Password?' }));
  expect(await screen.findByRole('heading', { name: 'Forgot Password' })).toBeTruthy();
  expect(currentPath()).toBe('/forgotPassword?usermode=Admin');
  third.unmount();

  // The sign-in link names the mode, so a tap the browser follows before the script runs (a fresh
  // page with no app state) still opens the form, and the mode is kept for the reset.
  localStorage.clear();
  appStateStore.set({ userMode: null });
  const fourth = await renderApp('/forgotPassword?usermode=student');
  expect(await screen.findByRole('heading', { name: 'Forgot Password' })).toBeTruthy();
  expect(screen.getByRole('link', { name: 'Back to sign in' }).getAttribute('href')).toBe(
    '/portal/StudentSignin',
  );
  expect(appStateStore.get().userMode).toBe('Student');
  fourth.unmount();

  await renderApp('/confirmnewpassword/?id=abc&usermode=Staff');
  expect(await screen.findByRole('heading', { name: 'Reset Password' })).toBeTruthy();
  expect(
    screen.getByText(
      'Password should contain 8 - 15 characters, Symbols, Numbers, Upper and Lower Case Letters',
    ),
  ).toBeTruthy();
});

test('an unknown path shows the fallback page with a way home', async () => {
  await renderApp('/no/such/page');
  expect(
    await screen.findByRole('heading', { name: 'Sorry, an error has occurred. Page not found!' }),
  ).toBeTruthy();
});

test.each([
  ['/admin/', '/AdminSignin'],
  ['/STUDENT', '/StudentSignin'],
  ['/Applicant/', '/ApplicantSignin'],
])('%s goes to %s', async (bare, signInPath) => {
  await renderApp(bare);
  await waitFor(() => expect(currentPath()).toBe(signInPath));
  expect(await screen.findByRole('heading', { level: 1 })).toBeTruthy();
});
