import { afterEach, expect, test, vi } from 'vitest';

/** An unsigned JWT carrying only an `exp` (the browser reads exp; the server would refuse it). */
const fakeToken = vi.hoisted(() => (expiresAtSeconds: number) => {
  const part = (value: object) => btoa(JSON.stringify(value)).replace(/=+$/, '');
  return `${part({ alg: 'HS256', typ: 'JWT' })}.${part({ exp: expiresAtSeconds, sid: 'test' })}.signature`;
});

// Before the session module reads the cookie: an admin whose token expired a minute ago, and a
// student whose token is live, as the portal writes them (Path=/portal).
vi.hoisted(() => {
  const now = Math.floor(Date.now() / 1000);
  const users = {
    adminUser: { token: fakeToken(now - 60), sid: 'old', UserId: 1, FirstName: 'A', LastName: 'B' },
    studentUser: { token: fakeToken(now + 3600), sid: 's', MatricNo: 'DIT/2024/0001' },
  };
  document.cookie = `user=${encodeURIComponent(JSON.stringify(users))}; Path=/portal`;
});

import type { StudentUser } from '@portal/contracts';
import {
  dropUser,
  isTokenLive,
  keepUser,
  liveUser,
  opensArea,
  parseResetUserMode,
  sessionArea,
  sessionStore,
  tokenExpiry,
} from './session';

const cookie = (name: string) => {
  const raw = document.cookie
    .split('; ')
    .find((part) => part.startsWith(`${name}=`))
    ?.slice(name.length + 1);
  return raw ? JSON.parse(decodeURIComponent(raw)) : undefined;
};

afterEach(() => {
  for (const kind of ['applicantUser', 'adminUser', 'studentUser', 'authUser'] as const) dropUser(kind);
});

test('the users are read from the cookie; an expired token is signed out on the spot', () => {
  expect(Object.keys(sessionStore.get()).sort()).toEqual(['adminUser', 'studentUser']);
  expect(liveUser('studentUser')?.sid).toBe('s');
  expect(liveUser('adminUser')).toBeUndefined();
  expect(sessionStore.get().adminUser).toBeUndefined();
  expect(cookie('user')).not.toHaveProperty('adminUser');
  expect(cookie('user')).toHaveProperty('studentUser');
});

test('a token is live only while its exp is in the future; an unreadable token is never live', () => {
  const now = Date.now();
  expect(tokenExpiry(fakeToken(1_900_000_000))).toBe(1_900_000_000);
  expect(isTokenLive(fakeToken(Math.floor(now / 1000) + 60), now)).toBe(true);
  expect(isTokenLive(fakeToken(Math.floor(now / 1000) - 1), now)).toBe(false);
  expect(isTokenLive('not.a-token', now)).toBe(false);
  expect(isTokenLive(undefined, now)).toBe(false);
});

test('a signed-in student is kept in the user cookie and, without the passport, in cbtUser; signing out clears both', () => {
  const student = {
    token: fakeToken(Math.floor(Date.now() / 1000) + 3600),
    sid: 'x',
    MatricNo: 'DIT/2024/0001',
    Passport: 'data:image/png;base64,AAAA',
  } as unknown as StudentUser;
  keepUser('studentUser', student);
  expect(cookie('user').studentUser.MatricNo).toBe('DIT/2024/0001');
  expect(cookie('cbtUser')).toMatchObject({ MatricNo: 'DIT/2024/0001' });
  expect(cookie('cbtUser')).not.toHaveProperty('Passport');
  dropUser('studentUser');
  expect(cookie('user')).toBeUndefined();
  expect(cookie('cbtUser')).toBeUndefined();
});

test('the /app pages open with the admin’s session; their own sign-in wins when there is one', () => {
  const live = { token: fakeToken(Math.floor(Date.now() / 1000) + 3600), sid: 'a' };
  expect(opensArea('admin', 'app')).toBe(true);
  expect(opensArea('app', 'admin')).toBe(false);
  expect(sessionArea('app', {}).id).toBe('app');
  expect(sessionArea('app', { adminUser: live as never }).id).toBe('admin');
  expect(sessionArea('app', { adminUser: live as never, authUser: live as never }).id).toBe('app');
});

test('a reset link names the user mode without regard to case; anything else is no mode', () => {
  expect(parseResetUserMode(' staff ')).toBe('Staff');
  expect(parseResetUserMode('STUDENT')).toBe('Student');
  expect(parseResetUserMode('teacher')).toBeNull();
  expect(parseResetUserMode(null)).toBeNull();
});
