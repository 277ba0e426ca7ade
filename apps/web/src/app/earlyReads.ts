// The browser's globals for `askEarlyReads`, which runs in the page; vite.config.ts (checked without
// them) imports this module to write its script into index.html.
/// <reference lib="dom" />
import {
  ANNOUNCEMENTS_API,
  ASSIGNMENTS_API,
  CONTENT_API,
  DISCUSSIONS_API,
  HOSTEL_API,
  LIVE_CLASS_API,
  NOTIFICATIONS_API,
  NOTIFICATIONS_LATEST,
  STUDENT_API,
} from '@portal/contracts';
import type { Namespace } from '../i18n/locales';
import { AREAS, USER_COOKIE, type AreaId } from '../lib/areas';
import { EARLY_READS_GLOBAL, JSON_CALL_HEADERS, SERVER_RENDERED_MARK } from '../lib/earlyRead';
import { DEFAULT_SETTINGS, SETTINGS_KEY } from './settings';

/*
 * A signed-in page's first reads and code, asked for by the document itself. Without this, a page's
 * data is asked for only once its code has arrived and run, and its code arrives a layer at a time:
 * the entry, then the Query layout and the area, then the area's catalogues, then the screen, then
 * the cards the screen loads lazily — five trips on a slow link before the page can paint. The
 * document's head holds a small script (written into index.html at build time, allowed by its hash)
 * that reads the session from the `user` cookie and, for this page: asks at once for the reads it
 * will make, which `api()` takes instead of asking again (lib/earlyRead.ts); and adds a preload
 * link for every file of its code and of its catalogues in the chosen language, so they download
 * beside the entry (the imports then take them: ADR 15). A read the page does not make is wasted, and the student-area
 * browser tests (the dashboard, and a walk over every other page of the student's sidebar) fail when one is
 * left untaken, or when the page loads a file its document did not ask for.
 */

/** What a page needs before it can paint, declared once: its reads, and the code they are shown by. */
export interface EarlyLoads {
  /** GETs, as `api()` asks for them (paths from the contracts, with their query). */
  reads: readonly string[];
  /**
   * Source modules under src/ the page renders at once (a screen, a card its route loads lazily):
   * the build preloads each one's file and the files it imports.
   */
  code?: readonly string[];
  /** The catalogues those modules show, in the visitor's language (the shell's: also the main one). */
  catalogues?: readonly Namespace[];
}

/** One area's early loads: those every page of its shell needs, and each page's own (by lower-case path). */
export interface AreaEarlyReads {
  shell: EarlyLoads;
  pages: Readonly<Record<string, EarlyLoads>>;
}

export type EarlyReadsPlan = Partial<Readonly<Record<AreaId, AreaEarlyReads>>>;

/** The student's pages most visited on a phone: the shell's reads and code, and each page's. */
export const EARLY_READS: EarlyReadsPlan = {
  student: {
    shell: {
      reads: [
        STUDENT_API.pages,
        NOTIFICATIONS_API.counts,
        `${NOTIFICATIONS_API.list}?pageSize=${NOTIFICATIONS_LATEST}`,
      ],
      code: ['app/providers/QueryLayout.tsx', 'app/routes/student.tsx'],
      catalogues: ['shell', 'student'],
    },
    pages: {
      dashboard: {
        reads: [STUDENT_API.dashboard, ANNOUNCEMENTS_API.current, STUDENT_API.schoolFees],
        code: [
          'features/student/components/StudentDashboard.tsx',
          'features/payments/components/SchoolFeesDueCard.tsx',
        ],
        catalogues: ['payments'],
      },
      payment: {
        reads: [STUDENT_API.schoolFees],
        code: ['features/payments/components/SchoolFeesScreen.tsx'],
        catalogues: ['payments'],
      },
      courseregistration: {
        reads: [STUDENT_API.courseRegistration],
        code: ['features/courses/components/CourseRegistrationScreen.tsx'],
      },
      result: {
        reads: [STUDENT_API.results],
        code: ['features/results/components/ResultScreen.tsx'],
        catalogues: ['results'],
      },
      profile: {
        reads: [STUDENT_API.profile],
        code: ['features/records/components/StudentProfileScreen.tsx'],
      },
      // Its read carries the table's page and size, which the screen keeps: only the code is early.
      paymenthistory: {
        reads: [],
        code: ['features/payments/components/PaymentHistoryScreen.tsx'],
        catalogues: ['payments'],
      },
      reportcard: {
        reads: [STUDENT_API.results, STUDENT_API.transcripts],
        code: ['features/results/components/ReportCardScreen.tsx'],
        catalogues: ['results'],
      },
      applyforhostel: {
        reads: [HOSTEL_API.student],
        code: ['features/hostels/components/HostelApplicationScreen.tsx'],
        catalogues: ['hostels'],
      },
      liveclasses: {
        reads: [LIVE_CLASS_API.student],
        code: ['features/liveclasses/components/StudentLiveClassesScreen.tsx'],
        catalogues: ['liveclasses'],
      },
      // Its read names the machine (X-Machine-Id, which the document cannot know): only the code is early.
      exams: {
        reads: [],
        code: ['features/cbt/components/StudentExamsScreen.tsx'],
        catalogues: ['cbt'],
      },
      lecturenote: {
        reads: [CONTENT_API.studentOfferings],
        code: ['features/content/components/LectureNotesScreen.tsx'],
        catalogues: ['content'],
      },
      // The threads of the board the student opens are read once the boards have come.
      discussion: {
        reads: [DISCUSSIONS_API.boards],
        code: ['features/discussions/components/StudentDiscussionScreen.tsx'],
        catalogues: ['discussions'],
      },
      assignment: {
        reads: [ASSIGNMENTS_API.student],
        code: ['features/assignments/components/StudentAssignmentsScreen.tsx'],
        catalogues: ['assignments'],
      },
      documentdownload: {
        reads: [STUDENT_API.documents],
        code: ['features/documents/components/DocumentDownloadScreen.tsx'],
      },
      documentupload: {
        reads: [STUDENT_API.uploads],
        code: ['features/documents/components/DocumentUploadScreen.tsx'],
      },
      matriculation: {
        reads: [STUDENT_API.matriculation],
        code: ['features/records/components/StudentMatriculationScreen.tsx'],
      },
      changepassword: {
        reads: [],
        code: ['features/account/components/ChangePasswordScreen.tsx'],
      },
    },
  },
};

/** The reads a page of an area declares (its path there, any case): its shell's, then its own. */
export function declaredReads(area: AreaId, page: string, plan: EarlyReadsPlan = EARLY_READS): string[] {
  const loads = plan[area];
  return loads ? [...loads.shell.reads, ...(loads.pages[page.toLowerCase()]?.reads ?? [])] : [];
}

/** The files of some declared code, as the build cut them (paths from the portal's base), and the catalogues' by language. */
export interface CodeFiles {
  code: readonly string[];
  catalogues: Readonly<Record<string, readonly string[]>>;
}

/**
 * The build's answer to "which files hold these modules and catalogues" (vite.config.ts, from the
 * bundle); without one (development, tests), no code is preloaded.
 */
export type CodeFilesOf = (loads: EarlyLoads, withMainCatalogue: boolean) => CodeFiles;

type ScriptLoads = { reads: readonly string[] } & CodeFiles;

/** What the document's script is given: the plan with its files and each area's user kind, and the names it shares with the app. */
export interface EarlyReadsSetup {
  areas: Record<string, { userKind: string; shell: ScriptLoads; pages: Record<string, ScriptLoads> }>;
  cookie: string;
  headers: Readonly<Record<string, string>>;
  globalName: string;
  settingsKey: string;
  /** The settings a page the server rendered was rendered in (the defaults). */
  renderedSettings: Readonly<Record<string, unknown>>;
  /** The attribute of <html> by which the server marks a page it rendered with its data (ADR 17). */
  renderedMark: string;
  /** The portal's base: where its pages and the build's files are (vite's `base`). */
  base: string;
  /**
   * The entry's address, in a document the server rendered (src/prerender.tsx), which leaves the
   * entry's tag out: the script preloads it at once and runs it once the page has painted, so the
   * page the document holds shows before any script runs, on a fast link too.
   */
  entry?: string;
}

/**
 * Runs in the document's head (serialised whole by `earlyReadsScript`: it uses nothing from outside
 * its body). For the page at this address, when its area's user is signed in with a live token:
 * asks for its reads with the headers `api()` sends, and preloads its code and its catalogues in the
 * language the settings hold. Any failure leaves the page to ask and load as usual.
 */
export function askEarlyReads({
  areas,
  cookie,
  headers,
  globalName,
  settingsKey,
  renderedSettings,
  renderedMark,
  base,
  entry,
}: EarlyReadsSetup): void {
  // A page the document shows (the server rendered it) paints before anything else is fetched or run:
  // its code is asked for once the first frame is drawn (a frame later, on a slow link the page has
  // arrived whole by then), and the entry runs once the document is parsed.
  const afterPaint = (task: () => void) => requestAnimationFrame(() => setTimeout(task));
  if (entry)
    afterPaint(() => {
      const run = () => {
        const script = document.createElement('script');
        script.type = 'module';
        script.crossOrigin = '';
        script.src = entry;
        document.head.append(script);
      };
      if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', run);
      else run();
    });
  try {
    const { pathname } = location;
    const inPortal = pathname.slice(0, base.length).toLowerCase() === base.toLowerCase();
    const address = inPortal ? /^([a-z]+)\/([^/]*)\/?$/i.exec(pathname.slice(base.length)) : null;
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
    const loads = [area.shell, area.pages[address[2]!.toLowerCase()]].filter((l) => l !== undefined);
    let saved: Record<string, unknown> = {};
    try {
      saved =
        (JSON.parse(localStorage.getItem(settingsKey) ?? 'null') as Record<string, unknown> | null) ?? {};
    } catch {
      // No settings readable: the app starts with the defaults too.
    }
    const html = document.documentElement;
    // A page the server rendered in settings other than the visitor's stays hidden (its markup would
    // show the wrong language or theme for a moment) until the app renders it; one rendered in
    // theirs brings its reads with it.
    const rendered = html.hasAttribute(renderedMark);
    const stale =
      rendered &&
      Object.keys(renderedSettings).some((key) => key in saved && saved[key] !== renderedSettings[key]);
    if (stale) html.setAttribute(renderedMark, 'stale');
    const init = { headers: { ...headers, authorization: `Bearer ${token}` } };
    const reads: Record<string, Promise<Response | null>> = {};
    if (!rendered || stale)
      for (const path of loads.flatMap((l) => l.reads)) reads[path] = fetch(path, init).catch(() => null);
    const chosen = saved.locale;
    const locale =
      typeof chosen === 'string' && loads.every((l) => chosen in l.catalogues)
        ? chosen
        : (renderedSettings.locale as string);
    const code = loads.flatMap((l) => [...l.code, ...(l.catalogues[locale] ?? [])]).map((f) => base + f);
    const preloadCode = () => {
      for (const href of code) {
        const link = document.createElement('link');
        link.rel = 'preload';
        link.as = 'script';
        link.crossOrigin = '';
        link.href = href;
        document.head.append(link);
      }
    };
    if (rendered && !stale) afterPaint(preloadCode);
    else preloadCode();
    (window as unknown as Record<string, unknown>)[globalName] = { token, at: Date.now(), reads, code };
  } catch {
    // Nothing asked early: the page asks for its reads itself.
  }
}

/**
 * What the early script is given (index.html holds it as JSON, in the element EARLY_LOADS_ID, before
 * the script); `filesOf` (the build's) names the files of each page's code, served from `base`. A
 * page's files leave out its shell's.
 */
export function earlyReadsSetup(
  plan: EarlyReadsPlan = EARLY_READS,
  filesOf?: CodeFilesOf,
  base = '/portal/',
): EarlyReadsSetup {
  const none: CodeFiles = { code: [], catalogues: {} };
  const resolve = (loads: EarlyLoads, shell?: ScriptLoads): ScriptLoads => {
    const files = filesOf?.(loads, !shell) ?? none;
    const inShell = (file: string) =>
      shell !== undefined &&
      (shell.code.includes(file) || Object.values(shell.catalogues).flat().includes(file));
    return {
      reads: loads.reads,
      code: files.code.filter((file) => !inShell(file)),
      catalogues: Object.fromEntries(
        Object.entries(files.catalogues).map(([locale, names]) => [locale, names.filter((f) => !inShell(f))]),
      ),
    };
  };
  const setup: EarlyReadsSetup = {
    areas: Object.fromEntries(
      Object.entries(plan).map(([area, { shell, pages }]) => {
        const shellLoads = resolve(shell);
        return [
          area,
          {
            userKind: AREAS[area as AreaId].userKind,
            shell: shellLoads,
            pages: Object.fromEntries(
              Object.entries(pages).map(([name, loads]) => [name, resolve(loads, shellLoads)]),
            ),
          },
        ];
      }),
    ),
    cookie: USER_COOKIE,
    headers: JSON_CALL_HEADERS,
    globalName: EARLY_READS_GLOBAL,
    settingsKey: SETTINGS_KEY,
    renderedSettings: DEFAULT_SETTINGS,
    renderedMark: SERVER_RENDERED_MARK,
    base,
  };
  return setup;
}

/** The id of the JSON element holding the early script's setup (before the script, in the head). */
export const EARLY_LOADS_ID = 'early-loads';

/**
 * The inline script that index.html's head runs before the entry, reading its setup from the JSON
 * element before it: the script stays the same (the server allows it by its hash) while a document
 * the server renders carries only its own page's part of the plan (src/prerender.tsx).
 */
export function earlyReadsScript(): string {
  return `(${askEarlyReads.toString()})(JSON.parse(document.getElementById(${JSON.stringify(EARLY_LOADS_ID)}).textContent))`;
}

/** JSON inside a <script> element: nothing in it can close the element or start a comment. */
export const scriptJson = (value: unknown): string =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

/** The setup's element and the script, as index.html's head holds them. */
export const earlyReadsElements = (setup: EarlyReadsSetup, script: string): string =>
  `<script type="application/json" id="${EARLY_LOADS_ID}">${scriptJson(setup)}</script><script>${script}</script>`;

/** The setup cut to one page of one area (with that area's shell): what a document rendered for it needs. */
export function setupForPage(setup: EarlyReadsSetup, area: string, page: string): EarlyReadsSetup {
  const loads = setup.areas[area];
  const own = loads?.pages[page];
  return {
    ...setup,
    areas: loads ? { [area]: { ...loads, pages: own ? { [page]: own } : {} } } : {},
  };
}
