import type { FeePurpose, InstitutionInfo } from '@portal/contracts';
import type { Namespace } from '../i18n/locales';

/**
 * The answers a signed-in page's document asked for before its script arrived (app/earlyReads.ts),
 * taken by `api()` instead of asking again.
 */
export interface EarlyReads {
  /** The bearer token they were asked with. */
  token: string;
  /** When they were asked for (ms since the epoch). */
  at: number;
  reads: Record<string, Promise<Response | null>>;
}

/**
 * The headers of every JSON call `api()` makes besides the bearer token (the server names its
 * messages, ADR 9): the document's early reads send the same, so their answers are the same.
 */
export const JSON_CALL_HEADERS = { accept: 'application/json', 'x-message-refs': '1' } as const;

/**
 * The attribute of <html> that marks a signed-in page the server rendered with its data (ADR 17):
 * present, the page's reads came with it; 'stale', the visitor's settings differ from those it was
 * rendered in, and it stays hidden until the app renders it.
 */
export const SERVER_RENDERED_MARK = 'data-server-rendered';

/** The id of the script element (JSON) holding the reads a server-rendered page was rendered from. */
export const SERVER_STATE_ID = 'server-state';

/** A read a server-rendered page came with: its query's key, its data, and when it was read (ms since the epoch). */
export type ServerRead = [key: readonly unknown[], data: unknown, readAt: number];

/** What that element holds: the page's reads, and the school's particulars. */
export interface ServerState {
  queries: ServerRead[];
  institution: InstitutionInfo | null;
  /** What it drew that the browser loads lazily (lib/serverRender.ts). */
  drawn: { catalogues: Namespace[]; fees: FeePurpose[] };
}

let readState: ServerState | null | undefined;

/**
 * The reads a server-rendered page came with, from its document, read once (in the browser; null
 * elsewhere or without any).
 */
export function serverState(): ServerState | null {
  if (readState !== undefined) return readState;
  if (typeof document === 'undefined') return null;
  try {
    readState = JSON.parse(
      document.getElementById(SERVER_STATE_ID)?.textContent ?? 'null',
    ) as ServerState | null;
  } catch {
    readState = null;
  }
  return readState;
}

/** The window property the document leaves them on. */
export const EARLY_READS_GLOBAL = '__portalEarlyReads';

/**
 * Past this, an answer not yet taken is not used: it was asked for as the page opened, and a later
 * read (after a payment, say) must see the state as it is then.
 */
const FRESH_MS = 20_000;

const earlyReads = () =>
  (globalThis as unknown as Record<string, EarlyReads | undefined>)[EARLY_READS_GLOBAL];

/**
 * The document's answer for a GET of `url` with this token, taken once (a second read asks the
 * server); undefined when there is none. It resolves to null when the document's request failed.
 */
export function takeEarlyRead(url: string, token: string | undefined): Promise<Response | null> | undefined {
  const early = earlyReads();
  if (!early || !token || early.token !== token) return undefined;
  const read = early.reads[url];
  if (!read) return undefined;
  delete early.reads[url];
  return Date.now() - early.at <= FRESH_MS ? read : undefined;
}
