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
