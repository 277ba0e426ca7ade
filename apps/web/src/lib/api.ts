import { STATUS } from '@portal/contracts';
import { localiseAnswer } from '../i18n/serverMessages';
import { areaOfPath, type AreaId } from './areas';
import { JSON_CALL_HEADERS, takeEarlyRead } from './earlyRead';
import { serverRender } from './serverRender';
import { dropUser, liveAreaUser } from './session';

/** The envelope's success status. */
export const STATUS_OK = STATUS.ok;

/** The spec's secondary client timeout, applied to every call. */
const TIMEOUT_MS = 60_000;

/**
 * A failed call. `message` is the server's Message when it sent one (safe to show the user, in the
 * user's language: see `localiseAnswer`), otherwise empty: show a translated fallback such as
 * 'An error occurred.' instead.
 */
export class ApiError extends Error {
  constructor(
    /** The HTTP status; 0 when the server could not be reached. */
    readonly httpStatus: number,
    /** The envelope's Status ('NotFound', 'Invalid', 'Error', …). */
    readonly status: string,
    message: string,
    /** The envelope's problems one by one (the rows of an upload), when it listed them. */
    readonly errors: readonly { path: string; message: string }[] = [],
    /** The id of the declared message it carries (`cbt.superseded`), for a page to act on. */
    readonly messageId?: string,
    /** That message's values (`{ seq: 4, last: 3 }`). */
    readonly messageValues: Readonly<Record<string, unknown>> = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** A refusal (4xx) will not change on retry; a network or server failure might: twice more. */
export const retryUnlessRefused = (failures: number, error: unknown) =>
  failures < 2 && !(error instanceof ApiError && error.httpStatus >= 400 && error.httpStatus < 500);

/** The error of a failed answer, from its `{ Status, Message, Errors }` envelope (or none). */
export function apiErrorOf(httpStatus: number, body: unknown): ApiError {
  const envelope = (body ?? {}) as {
    Status?: unknown;
    Message?: unknown;
    Errors?: unknown;
    MessageId?: unknown;
    MessageValues?: unknown;
  };
  return new ApiError(
    httpStatus,
    typeof envelope.Status === 'string' ? envelope.Status : 'Error',
    typeof envelope.Message === 'string' ? envelope.Message : '',
    Array.isArray(envelope.Errors) ? (envelope.Errors as { path: string; message: string }[]) : [],
    typeof envelope.MessageId === 'string' ? envelope.MessageId : undefined,
    typeof envelope.MessageValues === 'object' && envelope.MessageValues !== null
      ? (envelope.MessageValues as Record<string, unknown>)
      : {},
  );
}

export type QueryValue = string | number | boolean | null | undefined;

export interface ApiOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  query?: Record<string, QueryValue>;
  /** Sent as JSON. */
  body?: unknown;
  /**
   * Whose bearer token to send: by default the user of the area the browser is in (from the URL),
   * none on public pages. Pass an area to be explicit, or null for an anonymous call.
   */
  area?: AreaId | null;
  signal?: AbortSignal;
  /** Further request headers (a sitting's machine id). */
  headers?: Record<string, string>;
}

/**
 * Calls the portal API and returns the parsed JSON body. A non-2xx answer throws an ApiError
 * carrying the `{ Status, Message }` envelope; a 401 also signs that area's user out, which sends
 * the browser to the matching sign-in page.
 */
export async function api<T>(path: string, options: ApiOptions = {}): Promise<T> {
  const response = await request(path, options, 'application/json');
  return (await readAnswer(response)) as T;
}

/** Calls the API for a file (a PDF, an upload) and returns its bytes; failures as for `api`. */
export async function apiBlob(path: string, options: ApiOptions = {}): Promise<Blob> {
  const response = await request(path, options, '*/*');
  return response.blob();
}

/** The user whose bearer token a call sends: that of `area`, or of the area the browser is in. */
function callerOf(area: AreaId | null | undefined) {
  const pathname = serverRender()?.pathname ?? location.pathname;
  const resolved = area === undefined ? areaOfPath(pathname.replace(/^\/portal/i, '')) : area;
  return resolved ? liveAreaUser(resolved) : undefined;
}

/**
 * The Authorization header `api` would send, for requests made by other clients (pdf.js reading a
 * document by ranges, a tus upload, a video fetched into memory).
 */
export function authHeaders(area?: AreaId | null): Record<string, string> {
  const user = callerOf(area);
  return user ? { authorization: `Bearer ${user.token}` } : {};
}

async function request(path: string, options: ApiOptions, accept: string): Promise<Response> {
  const user = callerOf(options.area);

  // Asks the server to name its messages, so they show in the user's language (ADR 9).
  const headers: Record<string, string> = { ...options.headers, ...JSON_CALL_HEADERS, accept };
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  if (user) headers.authorization = `Bearer ${user.token}`;

  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), TIMEOUT_MS);
  options.signal?.addEventListener('abort', () => controller.abort(), { once: true });

  const url = withQuery(path, options.query);
  // The document may have asked for this read already, with the same headers (app/earlyReads.ts).
  const plainRead =
    (options.method ?? 'GET') === 'GET' &&
    options.headers === undefined &&
    accept === JSON_CALL_HEADERS.accept;
  const early = plainRead ? takeEarlyRead(url, user?.token) : undefined;

  let response: Response;
  try {
    response =
      (early && (await early)) ??
      // On the server (a signed-in page rendered to HTML), the API answers in-process.
      (await (serverRender()?.fetch ?? fetch)(url, {
        method: options.method ?? 'GET',
        headers,
        body: options.body === undefined ? undefined : JSON.stringify(options.body),
        signal: controller.signal,
      }));
  } catch (error) {
    if (options.signal?.aborted) throw error;
    throw new ApiError(0, 'Error', '');
  } finally {
    clearTimeout(timer);
  }
  if (response.ok) return response;

  if (response.status === 401 && user) dropUser(user.kind);
  throw apiErrorOf(response.status, await readAnswer(response));
}

function withQuery(path: string, query: ApiOptions['query']): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) params.set(name, String(value));
  }
  const search = params.toString();
  return search ? `${path}${path.includes('?') ? '&' : '?'}${search}` : path;
}

/** The JSON answer with the server's messages in the user's language. */
async function readAnswer(response: Response): Promise<unknown> {
  const body = await readJson(response);
  await localiseAnswer(body);
  return body;
}

async function readJson(response: Response): Promise<unknown> {
  if (!response.headers.get('content-type')?.includes('json')) return null;
  try {
    return await response.json();
  } catch {
    return null;
  }
}
