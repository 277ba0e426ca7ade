// The browser's globals for `askEarlyReads`, which runs in the page; vite.config.ts (checked without
// them) imports this module to write its script into index.html.
/// <reference lib="dom" />
import { ANNOUNCEMENTS_API, NOTIFICATIONS_API, NOTIFICATIONS_LATEST, STUDENT_API } from '@portal/contracts';
import { EARLY_READS_GLOBAL } from '../lib/earlyRead';

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
  /** The key of the area's user in the `user` cookie (lib/session.ts). */
  userKind: string;
  shell: readonly string[];
  pages: Readonly<Record<string, readonly string[]>>;
}

export type EarlyReadsPlan = Readonly<Record<string, AreaEarlyReads>>;

/** The student's pages most visited on a phone: the shell's reads, and each page's. */
export const EARLY_READS: EarlyReadsPlan = {
  student: {
    userKind: 'studentUser',
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

/**
 * Runs in the document's head (serialised whole by `earlyReadsScript`: it uses nothing from outside
 * its body). Asks for the reads of the page at this address when its area's user is signed in
 * with a live token; sends the headers `api()` sends. Any failure leaves the page to ask as usual.
 */
export function askEarlyReads(plan: EarlyReadsPlan, globalName: string): void {
  try {
    const address = /^\/portal\/([a-z]+)\/([^/]*)\/?$/i.exec(location.pathname);
    const area = address ? plan[address[1]!.toLowerCase()] : undefined;
    if (!address || !area) return;
    const cookie = document.cookie.split('; ').find((part) => part.startsWith('user='));
    const users = cookie ? (JSON.parse(decodeURIComponent(cookie.slice(5))) as Record<string, unknown>) : {};
    const token = (users[area.userKind] as { token?: unknown } | undefined)?.token;
    if (typeof token !== 'string') return;
    const payload = token.split('.')[1] ?? '';
    const claims = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as { exp?: number };
    if (!(typeof claims.exp === 'number' && claims.exp * 1000 > Date.now())) return;
    const headers = { accept: 'application/json', 'x-message-refs': '1', authorization: `Bearer ${token}` };
    const reads: Record<string, Promise<Response | null>> = {};
    for (const path of [...area.shell, ...(area.pages[address[2]!.toLowerCase()] ?? [])])
      reads[path] = fetch(path, { headers }).catch(() => null);
    (window as unknown as Record<string, unknown>)[globalName] = { token, at: Date.now(), reads };
  } catch {
    // Nothing asked early: the page asks for its reads itself.
  }
}

/** The inline script that index.html's head runs before the entry. */
export const earlyReadsScript = (plan: EarlyReadsPlan = EARLY_READS): string =>
  `(${askEarlyReads.toString()})(${JSON.stringify(plan)},${JSON.stringify(EARLY_READS_GLOBAL)})`;
