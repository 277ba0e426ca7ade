// The browser's globals for `askEarlyReads`, which runs in the page; vite.config.ts (checked without
// them) imports this module to write its script into index.html.
/// <reference lib="dom" />
import { ANNOUNCEMENTS_API, NOTIFICATIONS_API, NOTIFICATIONS_LATEST, STUDENT_API } from '@portal/contracts';
import { AREAS, USER_COOKIE, type AreaId } from '../lib/areas';
import { EARLY_READS_GLOBAL, JSON_CALL_HEADERS } from '../lib/earlyRead';

/*
 * A signed-in page's first reads, asked for by the document itself. Without this, a page's data is
 * asked for only once its code has arrived and run (the entry, the area, the screen: three trips
 * on a slow link), and the page's largest text waits for it. The document's head holds a small
 * script (written into index.html at build time, allowed by its hash) that reads the session from
 * the `user` cookie and asks at once for the reads this page will make; `api()` takes such an
 * answer instead of asking again (lib/earlyRead.ts). A read the page does not make is wasted, and
 * the student-area browser test fails when one is left untaken.
 */

/** One area's early reads: those every page of its shell makes, and each page's own (by lower-case path). */
export interface AreaEarlyReads {
  shell: readonly string[];
  pages: Readonly<Record<string, readonly string[]>>;
}

export type EarlyReadsPlan = Partial<Readonly<Record<AreaId, AreaEarlyReads>>>;

/** The student's pages most visited on a phone: the shell's reads, and each page's. */
export const EARLY_READS: EarlyReadsPlan = {
  student: {
    shell: [
      STUDENT_API.pages,
      NOTIFICATIONS_API.counts,
      `${NOTIFICATIONS_API.list}?pageSize=${NOTIFICATIONS_LATEST}`,
    ],
    pages: {
      dashboard: [STUDENT_API.dashboard, ANNOUNCEMENTS_API.current, STUDENT_API.schoolFees],
      payment: [STUDENT_API.schoolFees],
      courseregistration: [STUDENT_API.courseRegistration],
      result: [STUDENT_API.results],
    },
  },
};

/** What the document's script is given: the plan with each area's user kind, and the names it shares with the app. */
interface EarlyReadsSetup {
  areas: Record<string, AreaEarlyReads & { userKind: string }>;
  cookie: string;
  headers: Readonly<Record<string, string>>;
  globalName: string;
}

/**
 * Runs in the document's head (serialised whole by `earlyReadsScript`: it uses nothing from outside
 * its body). Asks for the reads of the page at this address when its area's user is signed in
 * with a live token, with the headers `api()` sends. Any failure leaves the page to ask as usual.
 */
export function askEarlyReads({ areas, cookie, headers, globalName }: EarlyReadsSetup): void {
  try {
    const address = /^\/portal\/([a-z]+)\/([^/]*)\/?$/i.exec(location.pathname);
    const area = address ? areas[address[1]!.toLowerCase()] : undefined;
    if (!address || !area) return;
    const stored = document.cookie.split('; ').find((part) => part.startsWith(`${cookie}=`));
    const users = stored
      ? (JSON.parse(decodeURIComponent(stored.slice(cookie.length + 1))) as Record<string, unknown>)
      : {};
    const token = (users[area.userKind] as { token?: unknown } | undefined)?.token;
    if (typeof token !== 'string') return;
    const payload = token.split('.')[1] ?? '';
    const claims = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as { exp?: number };
    if (!(typeof claims.exp === 'number' && claims.exp * 1000 > Date.now())) return;
    const init = { headers: { ...headers, authorization: `Bearer ${token}` } };
    const reads: Record<string, Promise<Response | null>> = {};
    for (const path of [...area.shell, ...(area.pages[address[2]!.toLowerCase()] ?? [])])
      reads[path] = fetch(path, init).catch(() => null);
    (window as unknown as Record<string, unknown>)[globalName] = { token, at: Date.now(), reads };
  } catch {
    // Nothing asked early: the page asks for its reads itself.
  }
}

/** The inline script that index.html's head runs before the entry. */
export function earlyReadsScript(plan: EarlyReadsPlan = EARLY_READS): string {
  const setup: EarlyReadsSetup = {
    areas: Object.fromEntries(
      Object.entries(plan).map(([area, reads]) => [
        area,
        { ...reads, userKind: AREAS[area as AreaId].userKind },
      ]),
    ),
    cookie: USER_COOKIE,
    headers: JSON_CALL_HEADERS,
    globalName: EARLY_READS_GLOBAL,
  };
  return `(${askEarlyReads.toString()})(${JSON.stringify(setup)})`;
}
