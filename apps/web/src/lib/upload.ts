import { HTTP_TIMEOUT_MS } from '@ray/shared/constants';
import { strings } from '../i18n/strings.ar';
import { ApiError, apiUrl, recoverFromUnauthorized, toApiError } from './api-client';
import { readAccessToken } from './credentials';

/**
 * Multipart uploads with progress. `fetch` cannot report upload progress, so this one call goes through
 * XMLHttpRequest; it sends the same bearer token as the API client, renews it through the client's single-flight
 * refresh after a 401, and fails with the same `ApiError`s.
 */

export interface UploadOptions {
  /** Multipart field name of the file. */
  field?: string;
  /** Fraction sent so far, from 0 to 1. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
  /** Gives up when no byte moved for this long; a large file on a slow line may take longer than that overall. */
  idleTimeoutMs?: number;
}

function parse(text: string): unknown {
  if (text.length === 0) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function sendOnce<T>(url: string, file: Blob, token: string | null, options: UploadOptions): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const { signal, onProgress } = options;
    if (signal?.aborted) {
      reject(signal.reason instanceof Error ? signal.reason : new DOMException('Aborted', 'AbortError'));
      return;
    }
    const xhr = new XMLHttpRequest();
    let timedOut = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const idle = options.idleTimeoutMs ?? HTTP_TIMEOUT_MS;
    const armTimer = () => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        timedOut = true;
        xhr.abort();
      }, idle);
    };
    const onAbortSignal = () => {
      xhr.abort();
    };
    const settle = () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbortSignal);
    };

    xhr.open('POST', url);
    xhr.setRequestHeader('Accept', 'application/json');
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (event) => {
      armTimer();
      if (event.lengthComputable && event.total > 0) onProgress?.(Math.min(1, event.loaded / event.total));
    };
    xhr.onload = () => {
      settle();
      const payload = parse(xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress?.(1);
        resolve(payload as T);
      } else {
        reject(toApiError(xhr.status, payload));
      }
    };
    xhr.onerror = () => {
      settle();
      reject(new ApiError(0, 'NETWORK_ERROR', strings.errors.network));
    };
    xhr.onabort = () => {
      settle();
      if (timedOut) reject(new ApiError(0, 'TIMEOUT', strings.errors.timeout));
      else
        reject(signal?.reason instanceof Error ? signal.reason : new DOMException('Aborted', 'AbortError'));
    };
    signal?.addEventListener('abort', onAbortSignal, { once: true });

    const body = new FormData();
    body.append(options.field ?? 'file', file);
    armTimer();
    xhr.send(body);
  });
}

/** POSTs one file to a main-API path and returns the parsed answer. */
export async function uploadFile<T>(path: string, file: Blob, options: UploadOptions = {}): Promise<T> {
  const url = apiUrl(path);
  const token = readAccessToken();
  try {
    return await sendOnce<T>(url, file, token, options);
  } catch (error) {
    if (!(error instanceof ApiError) || error.status !== 401 || token === null) throw error;
    const fresh = await recoverFromUnauthorized(token);
    if (!fresh) throw error;
    options.onProgress?.(0);
    return sendOnce<T>(url, file, fresh, options);
  }
}
