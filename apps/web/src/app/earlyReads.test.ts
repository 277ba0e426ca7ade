import { ANNOUNCEMENTS_API, NOTIFICATIONS_API, STUDENT_API, type StudentUser } from '@portal/contracts';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, expect, test } from 'vitest';
import { api } from '../lib/api';
import { EARLY_READS_GLOBAL, SERVER_RENDERED_MARK } from '../lib/earlyRead';
import { dropUser, keepUser } from '../lib/session';
import { server } from '../test/server';
import {
  declaredReads,
  EARLY_LOADS_ID,
  EARLY_READS,
  earlyReadsScript,
  earlyReadsSetup,
  scriptJson,
  setupForPage,
  type CodeFilesOf,
  type EarlyReadsSetup,
} from './earlyReads';
import { SETTINGS_KEY } from './settings';

const part = (value: object) => btoa(JSON.stringify(value)).replace(/=+$/, '');
const tokenExpiringIn = (seconds: number) =>
  `${part({ alg: 'HS256', typ: 'JWT' })}.${part({ exp: Math.floor(Date.now() / 1000) + seconds })}.x`;
/** Signed in as the portal signs in: the session kept, and written to the `user` cookie. */
const signIn = (token: string) =>
  keepUser('studentUser', { token, MatricNo: 'DIT/2023/0003' } as StudentUser);

/** The reads the server was asked for, with the token that asked. */
let asked: { path: string; authorization: string | null }[] = [];
let answered = 0;

beforeEach(() => {
  asked = [];
  answered = 0;
  server.use(
    http.get('/api/*', ({ request }) => {
      const url = new URL(request.url);
      asked.push({
        path: `${url.pathname}${url.search}`,
        authorization: request.headers.get('authorization'),
      });
      answered += 1;
      return HttpResponse.json({ Status: 'Ok', Data: { answer: answered } });
    }),
  );
});

afterEach(() => {
  delete (window as unknown as Record<string, unknown>)[EARLY_READS_GLOBAL];
  dropUser('studentUser');
  history.replaceState(null, '', '/portal/');
});

/** The document's head as the build writes it (the plan as JSON, then the script), run at the present address. */
const runEarlyScript = (setup: EarlyReadsSetup = earlyReadsSetup()) => {
  document.getElementById(EARLY_LOADS_ID)?.remove();
  const plan = document.createElement('script');
  plan.type = 'application/json';
  plan.id = EARLY_LOADS_ID;
  plan.textContent = scriptJson(setup);
  document.head.append(plan);
  new Function(earlyReadsScript())();
};

/** The document's head running its inline script at this address. */
const openDocument = (address: string) => {
  history.replaceState(null, '', address);
  runEarlyScript();
};

test('a signed-in student’s dashboard asks for its reads before any script, and the page takes those answers', async () => {
  const token = tokenExpiringIn(3600);
  signIn(token);
  openDocument('/portal/student/dashboard');
  await expect.poll(() => asked.length).toBe(6);
  expect(asked.map((a) => a.path).sort()).toEqual(
    [
      STUDENT_API.pages,
      NOTIFICATIONS_API.counts,
      `${NOTIFICATIONS_API.list}?pageSize=6`,
      STUDENT_API.dashboard,
      ANNOUNCEMENTS_API.current,
      STUDENT_API.schoolFees,
    ].sort(),
  );
  expect(new Set(asked.map((a) => a.authorization))).toEqual(new Set([`Bearer ${token}`]));

  // The page's own reads: answered from what the document asked, the server not asked again.
  const dashboard = await api<{ Data: { answer: number } }>(STUDENT_API.dashboard, { area: 'student' });
  const latest = await api(NOTIFICATIONS_API.list, { area: 'student', query: { pageSize: 6 } });
  expect(latest).toBeTruthy();
  expect(asked).toHaveLength(6);
  expect(dashboard.Data.answer).toBeLessThanOrEqual(6);

  // Taken once: a later read asks the server.
  const again = await api<{ Data: { answer: number } }>(STUDENT_API.dashboard, { area: 'student' });
  expect(asked).toHaveLength(7);
  expect(again.Data.answer).toBe(7);
});

test('each page asks for the shell’s reads and its own; a page without reads of its own, the shell’s only', async () => {
  signIn(tokenExpiringIn(3600));
  openDocument('/portal/student/Result');
  await expect.poll(() => asked.length).toBe(4);
  expect(asked.map((a) => a.path)).toContain(STUDENT_API.results);

  asked = [];
  openDocument('/portal/student/changepassword');
  await expect.poll(() => asked.length).toBe(3);
  expect(asked.map((a) => a.path)).not.toContain(STUDENT_API.dashboard);
});

test('nothing is asked early when no one is signed in, the token has expired, or the page is not a student’s', async () => {
  openDocument('/portal/student/dashboard');
  signIn(tokenExpiringIn(-60));
  openDocument('/portal/student/dashboard');
  signIn(tokenExpiringIn(3600));
  openDocument('/portal/StudentSignin');
  openDocument('/portal/admin/dashboard');
  await new Promise((settle) => setTimeout(settle, 50));
  expect(asked).toEqual([]);
});

test('an answer asked for with another token is not taken: the page asks with its own', async () => {
  signIn(tokenExpiringIn(3600));
  openDocument('/portal/student/Result');
  await expect.poll(() => asked.length).toBe(4);
  const other = tokenExpiringIn(7200);
  signIn(other);
  await api(STUDENT_API.results, { area: 'student' });
  expect(asked.at(-1)).toEqual({ path: STUDENT_API.results, authorization: `Bearer ${other}` });
});

/** A build's files for the plan's code: one per module and catalogue, named after it. */
const filesOf: CodeFilesOf = ({ code = [], catalogues = [] }, withMainCatalogue) => ({
  code: code.map((source) => `assets/${source.replace(/.*\//, '')}.js`),
  catalogues: Object.fromEntries(
    ['en', 'fr'].map((locale) => [
      locale,
      [...(withMainCatalogue ? ['main'] : []), ...catalogues].map((name) => `assets/${name}-${locale}.js`),
    ]),
  ),
});

const preloaded = () =>
  [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="preload"][as="script"]')].map((link) =>
    link.getAttribute('href'),
  );

test('the document preloads the code of the shell and of the page, and the catalogues in the chosen language', async () => {
  document.head.querySelectorAll('link[rel="preload"]').forEach((link) => link.remove());
  signIn(tokenExpiringIn(3600));
  localStorage.setItem(SETTINGS_KEY, JSON.stringify({ locale: 'fr' }));
  history.replaceState(null, '', '/portal/student/dashboard');
  runEarlyScript(earlyReadsSetup(undefined, filesOf));
  const links = preloaded();
  expect(links).toEqual(
    expect.arrayContaining([
      '/portal/assets/QueryLayout.tsx.js',
      '/portal/assets/student.tsx.js',
      '/portal/assets/main-fr.js',
      '/portal/assets/shell-fr.js',
      '/portal/assets/student-fr.js',
      '/portal/assets/StudentDashboard.tsx.js',
      '/portal/assets/SchoolFeesDueCard.tsx.js',
      '/portal/assets/payments-fr.js',
    ]),
  );
  expect(links.filter((href) => href!.endsWith('-en.js'))).toEqual([]);
  // Each file once, with the credentials mode of the entry's module scripts (so the import takes it).
  expect(new Set(links).size).toBe(links.length);
  for (const link of document.head.querySelectorAll('link[rel="preload"]'))
    expect(link.getAttribute('crossorigin')).toBe('');
  await expect.poll(() => asked.length).toBe(6);

  // Another page: its own code, not the dashboard's; a language the build lacks falls back to English.
  document.head.querySelectorAll('link[rel="preload"]').forEach((link) => link.remove());
  localStorage.setItem(SETTINGS_KEY, JSON.stringify({ locale: 'xx' }));
  history.replaceState(null, '', '/portal/student/Result');
  runEarlyScript(earlyReadsSetup(undefined, filesOf));
  expect(preloaded()).toContain('/portal/assets/ResultScreen.tsx.js');
  expect(preloaded()).toContain('/portal/assets/main-en.js');
  expect(preloaded()).not.toContain('/portal/assets/StudentDashboard.tsx.js');
  localStorage.removeItem(SETTINGS_KEY);
});

test('no code is preloaded for a visitor who is not signed in', () => {
  document.head.querySelectorAll('link[rel="preload"]').forEach((link) => link.remove());
  history.replaceState(null, '', '/portal/student/dashboard');
  runEarlyScript(earlyReadsSetup(undefined, filesOf));
  expect(preloaded()).toEqual([]);
});

test('a page the server rendered with its data asks for none of its reads; it preloads its code once it has painted', async () => {
  signIn(tokenExpiringIn(3600));
  document.documentElement.setAttribute(SERVER_RENDERED_MARK, '');
  document.head.querySelectorAll('link[rel="preload"]').forEach((link) => link.remove());
  try {
    history.replaceState(null, '', '/portal/student/dashboard');
    runEarlyScript(earlyReadsSetup(undefined, filesOf));
    const loads = (window as unknown as Record<string, { reads: object }>)[EARLY_READS_GLOBAL];
    expect(Object.keys(loads?.reads ?? {})).toEqual([]);
    // Its code is asked for once the page has painted, not before.
    expect(preloaded()).toEqual([]);
    await expect.poll(() => preloaded()).toContain('/portal/assets/StudentDashboard.tsx.js');
    // Rendered in this visitor's settings (the defaults): shown as it came.
    expect(document.documentElement.getAttribute(SERVER_RENDERED_MARK)).toBe('');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(asked).toEqual([]);
  } finally {
    document.documentElement.removeAttribute(SERVER_RENDERED_MARK);
  }
});

test('a page the server rendered in other settings than the visitor’s is marked stale (kept hidden) and asks for its reads', async () => {
  signIn(tokenExpiringIn(3600));
  localStorage.setItem(SETTINGS_KEY, JSON.stringify({ locale: 'fr' }));
  document.documentElement.setAttribute(SERVER_RENDERED_MARK, '');
  try {
    openDocument('/portal/student/dashboard');
    expect(document.documentElement.getAttribute(SERVER_RENDERED_MARK)).toBe('stale');
    await expect.poll(() => asked.length).toBe(6);
  } finally {
    document.documentElement.removeAttribute(SERVER_RENDERED_MARK);
    localStorage.removeItem(SETTINGS_KEY);
  }
});

test('a document cut to its own page’s plan preloads that page’s code as the whole plan does', () => {
  signIn(tokenExpiringIn(3600));
  document.head.querySelectorAll('link[rel="preload"]').forEach((link) => link.remove());
  history.replaceState(null, '', '/portal/student/Result');
  const whole = earlyReadsSetup(undefined, filesOf);
  runEarlyScript(whole);
  const fromWhole = preloaded();
  document.head.querySelectorAll('link[rel="preload"]').forEach((link) => link.remove());
  const cut = setupForPage(whole, 'student', 'result');
  expect(Object.keys(cut.areas.student!.pages)).toEqual(['result']);
  runEarlyScript(cut);
  expect(preloaded()).toEqual(fromWhole);
  expect(fromWhole).toContain('/portal/assets/ResultScreen.tsx.js');
});

test('in a document the server rendered, the entry runs once the page has painted, signed in or not', async () => {
  const entry = '/portal/assets/index-test.js';
  history.replaceState(null, '', '/portal/student/dashboard');
  const added = () =>
    [...document.head.querySelectorAll<HTMLScriptElement>('script[type="module"]')].filter(
      (script) => script.getAttribute('src') === entry,
    );
  try {
    runEarlyScript({ ...earlyReadsSetup(), entry });
    expect(added()).toEqual([]);
    await expect.poll(() => added().length).toBe(1);
  } finally {
    for (const element of document.head.querySelectorAll(`[href="${entry}"], [src="${entry}"]`))
      element.remove();
  }
});

test("a page's declared reads are its shell's, then its own, whatever the path's case; none for an area without a plan", () => {
  const student = EARLY_READS.student!;
  expect(declaredReads('student', 'Dashboard')).toEqual([
    ...student.shell.reads,
    ...student.pages.dashboard!.reads,
  ]);
  expect(declaredReads('student', 'Dashboard')).toContain(STUDENT_API.dashboard);
  expect(declaredReads('student', 'no-such-page')).toEqual(student.shell.reads);
  expect(declaredReads('admin', 'dashboard')).toEqual([]);
});
