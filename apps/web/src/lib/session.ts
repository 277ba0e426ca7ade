import type { AdminUser, ApplicantUser, PageEntry, StudentUser } from '@portal/contracts';
import { createPersistedStore, createStore, is, useStore } from './store';
import { AREAS, USER_COOKIE, type Area, type AreaId, type UserKind } from './areas';

/**
 * The signed-in users, one per kind, kept in the `user` cookie as the spec says (students also in
 * `cbtUser`, without the passport). The cookie is only the browser's store: the API authenticates
 * by the bearer token alone. An admin's permission list is left out of the cookie (it would not
 * fit in 4 KB); the pages it grants are kept in the app state below.
 */
export type SessionAdmin = Omit<AdminUser, 'permissions'>;

export interface SessionUsers {
  applicantUser?: ApplicantUser;
  adminUser?: SessionAdmin;
  studentUser?: StudentUser;
  authUser?: SessionAdmin;
}

const CBT_COOKIE = 'cbtUser';
/** Browsers drop a cookie above 4096 bytes; stay clear of it. */
const COOKIE_LIMIT = 3800;

const USER_KINDS: readonly UserKind[] = ['applicantUser', 'adminUser', 'studentUser', 'authUser'];

export const sessionStore = createStore<SessionUsers>(readUserCookie(), (users) => {
  const present = USER_KINDS.filter((kind) => users[kind]);
  writeCookie(USER_COOKIE, present.length ? JSON.stringify(users) : null, latestExpiry(users));
});

/** The user modes a reset can be for: 'Staff' is how reset links name an admin. */
export const RESET_USER_MODES = ['Applicant', 'Admin', 'Student', 'Staff'] as const;
export type ResetUserMode = (typeof RESET_USER_MODES)[number];

/** A user mode as written in a reset link, matched without regard to case. */
export const parseResetUserMode = (value: string | null): ResetUserMode | null =>
  RESET_USER_MODES.find((mode) => mode.toLowerCase() === value?.trim().toLowerCase()) ?? null;

/** The rest of the app state, saved to local storage on every change. */
export interface AppState {
  /** Set when the user follows 'forgot password' from a sign-in page, or by a reset link. */
  userMode: ResetUserMode | null;
  /** The admin's pages (Data5 of the sign-in answer): the admin sidebar and permissions. */
  adminPages: PageEntry[];
  /** The student's pages (RoleData of the sign-in answer). */
  studentPages: PageEntry[];
  /** The pages of the user signed in at /signin (Data5 of that sign-in answer): the /app console's. */
  consolePages: PageEntry[];
}

const isPageEntry = (value: unknown): value is PageEntry =>
  !!value &&
  typeof value === 'object' &&
  typeof (value as PageEntry).Menu_Id === 'number' &&
  typeof (value as PageEntry).Menu_Name === 'string' &&
  typeof (value as PageEntry).Menu_Icon === 'string' &&
  typeof (value as PageEntry).Page === 'string';

export const appStateStore = createPersistedStore<AppState>(
  'portal.app',
  { userMode: null, adminPages: [], studentPages: [], consolePages: [] },
  {
    userMode: is.nullableOneOf(RESET_USER_MODES),
    adminPages: is.arrayOf(isPageEntry),
    studentPages: is.arrayOf(isPageEntry),
    consolePages: is.arrayOf(isPageEntry),
  },
);

export const useAppState = <S>(select: (state: AppState) => S): S => useStore(appStateStore, select);

/** Seconds since the epoch at which a JWT expires, or null when it carries no readable `exp`. */
export function tokenExpiry(token: string): number | null {
  try {
    const payload = token.split('.')[1];
    if (!payload) return null;
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/'));
    const exp = (JSON.parse(json) as { exp?: unknown }).exp;
    return typeof exp === 'number' ? exp : null;
  } catch {
    return null;
  }
}

/** Signed in only while the token's expiry is in the future. */
export function isTokenLive(token: string | undefined, now = Date.now()): boolean {
  const exp = token ? tokenExpiry(token) : null;
  return exp !== null && exp * 1000 > now;
}

/** The user of a kind if their token is still live; an expired user is signed out on the spot. */
export function liveUser<K extends UserKind>(kind: K): SessionUsers[K] | undefined {
  const user = sessionStore.get()[kind];
  if (!user) return undefined;
  if (isTokenLive(user.token)) return user;
  dropUser(kind);
  return undefined;
}

/**
 * Areas another area's session also opens. The /app pages are the admins' (the spec puts the
 * transactions page at /app/Transaction, for admins): an admin signed in at /AdminSignin opens
 * them without signing in again at /signin.
 */
const SHARED_SESSION: Partial<Record<AreaId, AreaId>> = { app: 'admin' };

/** Whether signing in to `signInArea` opens `area` (its own area, or one its session also opens). */
export const opensArea = (signInArea: AreaId, area: AreaId | null): boolean =>
  area === signInArea || (!!area && SHARED_SESSION[area] === signInArea);

/**
 * The area whose signed-in user works in `area` now: its own user when signed in, else the user of
 * the area whose session also opens it, else its own (signed out).
 */
export function sessionArea(area: AreaId, users: SessionUsers = sessionStore.get()): Area {
  const own = AREAS[area];
  const other = SHARED_SESSION[area];
  if (!other || isTokenLive(users[own.userKind]?.token)) return own;
  return isTokenLive(users[AREAS[other].userKind]?.token) ? AREAS[other] : own;
}

/** Who calls the API from an area: the kind of user and their live token (a 401 drops that kind). */
export function liveAreaUser(area: AreaId): { kind: UserKind; token: string } | undefined {
  const { userKind } = sessionArea(area);
  const user = liveUser(userKind);
  return user && { kind: userKind, token: user.token };
}

/** `sessionArea`, following sign-ins and sign-outs. */
export const useSessionArea = (area: AreaId): Area =>
  useStore(sessionStore, (users) => sessionArea(area, users));

/** Where each kind of user's pages are kept (an applicant's pages are not granted by roles). */
const PAGES_OF: Partial<Record<UserKind, 'adminPages' | 'studentPages' | 'consolePages'>> = {
  adminUser: 'adminPages',
  studentUser: 'studentPages',
  authUser: 'consolePages',
};

/**
 * Whether the user working in `area` now (see `sessionArea`) was granted `page` (or one of `page`) at
 * sign-in: a screen asks for what only some roles may read only when it is granted, rather than
 * asking and being refused (a refusal is an error in the browser's console, and a round trip for
 * nothing). The server checks every request all the same.
 */
export function useGrantedPage(area: AreaId, page: string | readonly string[]): boolean {
  const { userKind } = useSessionArea(area);
  const wanted: readonly string[] = typeof page === 'string' ? [page] : page;
  return useAppState((state) => {
    const pages = PAGES_OF[userKind];
    return !!pages && state[pages].some((entry) => wanted.includes(entry.Page));
  });
}

/** Subscribes to the stored user of a kind (expired or not; guards check the expiry). */
export const useSessionUser = <K extends UserKind>(kind: K): SessionUsers[K] | undefined =>
  useStore(sessionStore, (users) => users[kind]);

export function keepUser<K extends UserKind>(kind: K, user: NonNullable<SessionUsers[K]>): void {
  // If every kind at once would overflow the cookie, the newest sign-in wins.
  const next: SessionUsers = { ...sessionStore.get(), [kind]: user };
  if (encodeURIComponent(JSON.stringify(next)).length > COOKIE_LIMIT) {
    for (const other of USER_KINDS) if (other !== kind) dropUser(other);
  }
  sessionStore.set({ [kind]: user });
  if (kind === 'studentUser') {
    const { Passport: _passport, ...cbtUser } = user as StudentUser;
    writeCookie(CBT_COOKIE, JSON.stringify(cbtUser), tokenExpiry(user.token));
  }
}

/** Signs a kind of user out of this browser (the server session is ended by the sign-out call). */
export function dropUser(kind: UserKind): void {
  if (!sessionStore.get()[kind]) return;
  sessionStore.set({ [kind]: undefined });
  if (kind === 'studentUser') writeCookie(CBT_COOKIE, null, null);
  const pages = PAGES_OF[kind];
  if (pages) appStateStore.set({ [pages]: [] });
}

function latestExpiry(users: SessionUsers): number | null {
  const expiries = Object.values(users).flatMap((user) => (user ? [tokenExpiry(user.token) ?? 0] : []));
  return expiries.length ? Math.max(...expiries) : null;
}

function readUserCookie(): SessionUsers {
  // Prerendered at build time, no one is signed in; a signed-in page rendered on the server is
  // given its visitor's cookie (usersOfCookie).
  return typeof document === 'undefined' ? {} : usersOfCookie(document.cookie);
}

/** The signed-in users a Cookie header (or `document.cookie`) holds in the `user` cookie. */
export function usersOfCookie(cookie: string): SessionUsers {
  const prefix = `${USER_COOKIE}=`;
  const raw = cookie
    .split(/;\s*/)
    .find((part) => part.startsWith(prefix))
    ?.slice(prefix.length);
  if (!raw) return {};
  try {
    const parsed = JSON.parse(decodeURIComponent(raw)) as Record<string, { token?: unknown } | null> | null;
    const users: Record<string, unknown> = {};
    for (const kind of USER_KINDS) {
      const user = parsed?.[kind];
      if (user && typeof user.token === 'string') users[kind] = user;
    }
    return users as SessionUsers;
  } catch {
    return {};
  }
}

/** Writes (or, with a null value, deletes) a cookie scoped to the portal, SameSite=Strict, Secure over https. */
function writeCookie(name: string, value: string | null, expiresAtSeconds: number | null): void {
  // Rendering on the server (src/prerender.tsx): the visitor's cookie is read, never written.
  if (typeof document === 'undefined') return;
  const attributes = ['Path=/portal', 'SameSite=Strict'];
  if (location.protocol === 'https:') attributes.push('Secure');
  if (value === null) attributes.push('Max-Age=0');
  else if (expiresAtSeconds) attributes.push(`Expires=${new Date(expiresAtSeconds * 1000).toUTCString()}`);
  document.cookie = `${name}=${value === null ? '' : encodeURIComponent(value)}; ${attributes.join('; ')}`;
}
