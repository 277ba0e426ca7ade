import { ApiError } from '../../lib/api';
import { areaOfPath } from '../../lib/areas';
import { dropUser, liveAreaUser } from '../../lib/session';

export interface UploadOptions {
  method?: 'POST' | 'PUT';
  /** Fraction sent, from 0 to 1. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

/**
 * Sends a multipart form (a file and its fields) to the API with the bearer token of the area the
 * browser is in, reporting upload progress (fetch cannot), and returns the parsed JSON answer.
 * Failures throw ApiError as `api` does; a 401 signs that area's user out.
 */
export function uploadForm<T>(path: string, form: FormData, options: UploadOptions = {}): Promise<T> {
  const area = areaOfPath(location.pathname.replace(/^\/portal/i, ''));
  const user = area ? liveAreaUser(area) : undefined;
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(options.method ?? 'POST', path);
    xhr.setRequestHeader('accept', 'application/json');
    if (user) xhr.setRequestHeader('authorization', `Bearer ${user.token}`);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) options.onProgress?.(event.loaded / event.total);
    };
    const parse = (): { Status?: unknown; Message?: unknown } | null => {
      try {
        return JSON.parse(xhr.responseText) as { Status?: unknown; Message?: unknown };
      } catch {
        return null;
      }
    };
    xhr.onload = () => {
      const body = parse();
      if (xhr.status >= 200 && xhr.status < 300) {
        options.onProgress?.(1);
        resolve(body as T);
        return;
      }
      if (xhr.status === 401 && user) dropUser(user.kind);
      reject(
        new ApiError(
          xhr.status,
          typeof body?.Status === 'string' ? body.Status : 'Error',
          typeof body?.Message === 'string' ? body.Message : '',
        ),
      );
    };
    xhr.onerror = () => reject(new ApiError(0, 'Error', ''));
    xhr.onabort = () => reject(new DOMException('Aborted', 'AbortError'));
    options.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(form);
  });
}
