import { timingSafeEqual } from 'node:crypto';
import { GatewayError, type Headers, type ProviderName } from './types.js';

export interface HttpResponse {
  status: number;
  text: string;
}

/** One HTTP call with a hard timeout (Node 20's global fetch). Network failures become GatewayErrors. */
export async function httpCall(
  provider: ProviderName,
  url: string,
  init: { method?: string; headers?: Record<string, string>; body?: string; timeoutMs: number },
): Promise<HttpResponse> {
  let response: Response;
  try {
    response = await fetch(url, {
      method: init.method ?? 'GET',
      headers: init.headers,
      body: init.body,
      redirect: 'manual',
      signal: AbortSignal.timeout(init.timeoutMs),
    });
  } catch (error) {
    const reason =
      (error as Error).name === 'TimeoutError'
        ? `timed out after ${init.timeoutMs} ms`
        : String((error as Error).message);
    throw new GatewayError(provider, `${init.method ?? 'GET'} ${redact(url)} failed: ${reason}`);
  }
  const text = await response.text();
  return { status: response.status, text };
}

/** Parses a JSON answer, or throws a GatewayError that says what came back. */
export function parseJson(provider: ProviderName, response: HttpResponse): unknown {
  try {
    return JSON.parse(response.text);
  } catch {
    throw new GatewayError(
      provider,
      `answered ${response.status} with a body that is not JSON`,
      response.status,
      response.text.slice(0, 500),
    );
  }
}

/**
 * Remita wraps some answers as JSONP, e.g. `jsonp ({"statuscode":"025",...})`. Take the outermost
 * {...} and parse it; never evaluate it.
 */
export function parseJsonp(provider: ProviderName, response: HttpResponse): unknown {
  const text = response.text.trim();
  const start = text.indexOf('{');
  const end = text.lastIndexOf('}');
  if (start < 0 || end < start) {
    throw new GatewayError(
      provider,
      `answered ${response.status} without a JSON object`,
      response.status,
      text.slice(0, 500),
    );
  }
  try {
    return JSON.parse(text.slice(start, end + 1));
  } catch {
    throw new GatewayError(
      provider,
      `answered ${response.status} with malformed JSONP`,
      response.status,
      text.slice(0, 500),
    );
  }
}

/** Hides path segments that carry hashes or tokens when a URL goes into an error message. */
function redact(url: string): string {
  return url.replace(/[0-9a-f]{64,}/gi, '…');
}

/** A header's single value, whatever its case. */
export function header(headers: Headers, name: string): string | undefined {
  const wanted = name.toLowerCase();
  for (const [key, value] of Object.entries(headers)) {
    if (key.toLowerCase() === wanted) return Array.isArray(value) ? value[0] : value;
  }
  return undefined;
}

/** Constant-time comparison of two strings. */
export function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

const nairaPattern = /^(-)?(\d+)(?:\.(\d{1,2})\d*)?$/;

/**
 * Naira (a number such as 5000 or 5000.5, or a string such as "5000.00") to integer kobo,
 * without floating-point drift. Null when the value is not an amount.
 */
export function nairaToKobo(value: unknown): number | null {
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return null;
    return Math.round(value * 100);
  }
  if (typeof value !== 'string') return null;
  const match = nairaPattern.exec(value.trim().replace(/,/g, ''));
  if (!match) return null;
  const kobo = Number(match[2]) * 100 + Number((match[3] ?? '0').padEnd(2, '0'));
  return match[1] ? -kobo : kobo;
}

/** Kobo to a naira string with exactly two decimals: 500000 → "5000.00". */
export function koboToNairaString(kobo: number): string {
  const sign = kobo < 0 ? '-' : '';
  const abs = Math.abs(Math.trunc(kobo));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** Kobo to a naira number for JSON bodies that want a number (exact for 2-dp values). */
export function koboToNairaNumber(kobo: number): number {
  return Number(koboToNairaString(kobo));
}

export function asRecord(value: unknown): Record<string, unknown> {
  return value && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
}

export function asString(value: unknown): string | null {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return null;
}

export function queryString(query: Record<string, unknown>, name: string): string | null {
  const value = query[name];
  const first = Array.isArray(value) ? value[0] : value;
  return typeof first === 'string' && first.trim() ? first.trim() : null;
}

/** Lagos is UTC+1 all year (no daylight saving); gateways in Nigeria print local times without a zone. */
const LAGOS_OFFSET_MS = 60 * 60_000;

/**
 * A gateway's timestamp to a Date: ISO 8601 with a zone as is; otherwise one of the local
 * formats seen in their answers — "17/11/2021 3:48:10 PM", "2023-01-16 08:18:54 AM",
 * "2019-07-24 14:12:27.0" — read as Lagos time. Null when unreadable.
 */
export function parseProviderDate(value: unknown): Date | null {
  if (typeof value === 'number' && Number.isFinite(value))
    return new Date(value > 1e12 ? value : value * 1000);
  if (typeof value !== 'string' || !value.trim()) return null;
  const text = value.trim();
  if (/\d{4}-\d{2}-\d{2}T.*(Z|[+-]\d{2}:?\d{2})$/.test(text)) {
    const date = new Date(text);
    return Number.isNaN(date.getTime()) ? null : date;
  }
  let y: number, mo: number, d: number;
  let rest: string;
  const dmy = /^(\d{1,2})\/(\d{1,2})\/(\d{4})\s*(.*)$/.exec(text);
  const ymd = /^(\d{4})-(\d{2})-(\d{2})[T\s]*(.*)$/.exec(text);
  if (dmy) {
    [d, mo, y] = [Number(dmy[1]), Number(dmy[2]), Number(dmy[3])];
    rest = dmy[4] ?? '';
  } else if (ymd) {
    [y, mo, d] = [Number(ymd[1]), Number(ymd[2]), Number(ymd[3])];
    rest = ymd[4] ?? '';
  } else {
    return null;
  }
  const time = /^(\d{1,2}):(\d{2})(?::(\d{2}))?(?:\.\d+)?\s*(AM|PM)?$/i.exec(rest.trim());
  let h = 0,
    mi = 0,
    s = 0;
  if (time) {
    h = Number(time[1]);
    mi = Number(time[2]);
    s = Number(time[3] ?? 0);
    const meridiem = time[4]?.toUpperCase();
    if (meridiem === 'PM' && h < 12) h += 12;
    if (meridiem === 'AM' && h === 12) h = 0;
  } else if (rest.trim()) {
    return null;
  }
  const utc = Date.UTC(y, mo - 1, d, h, mi, s) - LAGOS_OFFSET_MS;
  return Number.isNaN(utc) ? null : new Date(utc);
}

/**
 * A provider's bearer token, fetched once and shared by concurrent callers until it is about to
 * expire. `issue` returns the token and when to stop using it.
 */
class CachedToken {
  private token: { value: string; expiresAt: number } | null = null;
  private pending: Promise<string> | null = null;

  constructor(private readonly issue: () => Promise<{ value: string; expiresAt: number }>) {}

  get(): Promise<string> {
    if (this.token && this.token.expiresAt > Date.now()) return Promise.resolve(this.token.value);
    this.pending ??= this.issue()
      .then((token) => {
        this.token = token;
        return token.value;
      })
      .finally(() => {
        this.pending = null;
      });
    return this.pending;
  }

  clear(): void {
    this.token = null;
  }
}

/**
 * A provider's JSON API behind a cached bearer token, with the headers every call carries. A 401
 * means the token went stale, so it is fetched again once.
 */
export class BearerApi {
  private readonly token: CachedToken;

  constructor(
    private readonly provider: ProviderName,
    private readonly settings: { baseUrl: string; timeoutMs: number; headers?: Record<string, string> },
    issueToken: () => Promise<{ value: string; expiresAt: number }>,
  ) {
    this.token = new CachedToken(issueToken);
  }

  async call(path: string, init: { method?: string; body?: unknown } = {}): Promise<HttpResponse> {
    for (let attempt = 0; ; attempt += 1) {
      const response = await httpCall(this.provider, `${this.settings.baseUrl}${path}`, {
        method: init.method ?? 'GET',
        headers: {
          authorization: `Bearer ${await this.token.get()}`,
          accept: 'application/json',
          ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
          ...this.settings.headers,
        },
        body: init.body === undefined ? undefined : JSON.stringify(init.body),
        timeoutMs: this.settings.timeoutMs,
      });
      if (response.status !== 401 || attempt > 0) return response;
      this.token.clear();
    }
  }
}
