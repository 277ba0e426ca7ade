import { localiseAnswer } from '../i18n/serverMessages';
import { ApiError, apiErrorOf } from './api';
import { areaOfPath, type AreaId } from './areas';
import { dropUser, liveAreaUser } from './session';

/** How far an upload has gone: bytes sent of the whole request body. */
export interface UploadProgress {
  loaded: number;
  total: number;
  /** 0 to 100, rounded down. */
  percent: number;
}

export interface UploadOptions {
  /** The multipart field the file goes in ('file' unless told otherwise). */
  field?: string;
  /** Whose bearer token to send: by default the user of the area the browser is in. */
  area?: AreaId | null;
  onProgress?: (progress: UploadProgress) => void;
  signal?: AbortSignal;
  /** Gives up after this long; uploads from a phone can be slow, so longer than `api`'s 60 s. */
  timeoutMs?: number;
}

const UPLOAD_TIMEOUT_MS = 5 * 60_000;

/**
 * Uploads one file as multipart/form-data with XMLHttpRequest, which (unlike fetch) reports the
 * upload's progress. Returns the parsed JSON answer; failures throw `ApiError` exactly as `api`
 * does (the server's Message when it sent one, empty when it was not reached), and a 401 signs
 * that area's user out.
 */
export function uploadFile<T>(path: string, file: Blob, options: UploadOptions = {}): Promise<T> {
  const area =
    options.area === undefined ? areaOfPath(location.pathname.replace(/^\/portal/i, '')) : options.area;
  const user = area ? liveAreaUser(area) : undefined;
  const body = new FormData();
  body.append(options.field ?? 'file', file, file instanceof File ? file.name : 'upload');

  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', path);
    xhr.setRequestHeader('accept', 'application/json');
    xhr.setRequestHeader('x-message-refs', '1');
    if (user) xhr.setRequestHeader('authorization', `Bearer ${user.token}`);
    xhr.timeout = options.timeoutMs ?? UPLOAD_TIMEOUT_MS;
    xhr.responseType = 'text';

    if (options.onProgress) {
      const report = options.onProgress;
      xhr.upload.addEventListener('progress', (event) => {
        const total = event.lengthComputable ? event.total : file.size;
        const loaded = Math.min(event.loaded, total);
        report({ loaded, total, percent: total ? Math.floor((loaded / total) * 100) : 0 });
      });
    }

    const onAbort = () => xhr.abort();
    options.signal?.addEventListener('abort', onAbort, { once: true });
    const settle = () => options.signal?.removeEventListener('abort', onAbort);

    xhr.addEventListener('load', () => {
      settle();
      const parsed = parseJson(xhr);
      void localiseAnswer(parsed).then(() => {
        if (xhr.status >= 200 && xhr.status < 300) return resolve(parsed as T);
        if (xhr.status === 401 && user) dropUser(user.kind);
        reject(apiErrorOf(xhr.status, parsed));
      });
    });
    const unreachable = () => {
      settle();
      reject(new ApiError(0, 'Error', ''));
    };
    xhr.addEventListener('error', unreachable);
    xhr.addEventListener('timeout', unreachable);
    xhr.addEventListener('abort', () => {
      settle();
      reject(new DOMException('The upload was cancelled.', 'AbortError'));
    });

    xhr.send(body);
  });
}

function parseJson(xhr: XMLHttpRequest): unknown {
  if (!xhr.getResponseHeader('content-type')?.includes('json')) return null;
  try {
    return JSON.parse(xhr.responseText);
  } catch {
    return null;
  }
}
