import { isErrorCode, readErrorBody, type ErrorCode } from '@compliance/shared/error-codes';
import { ApiError } from './api-error.ts';
import { getAuthToken, handleUnauthorized } from './auth-token.ts';
import { i18n } from './i18n.ts';
import { getRealtimeConnectionId, REALTIME_CONNECTION_HEADER } from './realtime.ts';

/**
 * The one way the web app talks to its server: JSON over `/api/*`, the session token as a bearer
 * header, and every failure turned into an `ApiError` with a stable code (DESIGN §5). Screens show
 * `t(errorMessageKey(error))`, never the server's own text.
 */

export { ApiError, clientErrorCodes, errorMessageKey, isApiError } from './api-error.ts';
export type { ApiErrorCode, ClientErrorCode } from './api-error.ts';
export { setUnauthorizedHandler } from './auth-token.ts';

type QueryValue = string | number | boolean | null | undefined;

export type ApiRequestOptions = Omit<RequestInit, 'body' | 'method' | 'headers'> & {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** A plain value is sent as JSON; FormData, Blob and strings are sent as they are. */
  body?: unknown;
  headers?: Record<string, string>;
  params?: Record<string, QueryValue | QueryValue[]>;
  /**
   * Leave a 401 to the caller instead of ending the session and going to /login — for calls where a
   * 401 means "wrong credentials" (the login form itself).
   */
  skipAuthRedirect?: boolean;
};

/** `/documents` and `/api/documents` both address `/api/documents`. */
export function apiUrl(path: string, params?: ApiRequestOptions['params']): string {
  const normalised =
    path.startsWith('/api/') || path === '/api' ? path : `/api${path.startsWith('/') ? '' : '/'}${path}`;
  if (!params) return normalised;
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    for (const item of Array.isArray(value) ? value : [value]) {
      if (item !== undefined && item !== null) search.append(key, String(item));
    }
  }
  const query = search.toString();
  return query ? `${normalised}?${query}` : normalised;
}

function isRawBody(body: unknown): body is BodyInit {
  return (
    typeof body === 'string' ||
    body instanceof FormData ||
    body instanceof Blob ||
    body instanceof URLSearchParams ||
    body instanceof ArrayBuffer ||
    body instanceof ReadableStream
  );
}

const statusCodes: Record<number, ErrorCode> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHENTICATED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  422: 'VALIDATION_FAILED',
  429: 'RATE_LIMITED',
  503: 'SERVICE_UNAVAILABLE',
};

function codeForStatus(status: number): ErrorCode {
  return statusCodes[status] ?? (status >= 400 && status < 500 ? 'BAD_REQUEST' : 'INTERNAL_ERROR');
}

async function toApiError(response: Response): Promise<ApiError> {
  let payload: unknown;
  try {
    payload = await response.json();
  } catch {
    payload = undefined;
  }
  const details = readErrorBody(payload);
  if (details) return new ApiError(details.code, response.status, details.message, details.fields);
  // An unknown code (a newer server) or no error body (a proxy page): fall back to the status.
  const rawCode = (payload as { error?: { code?: unknown } } | undefined)?.error?.code;
  const code = isErrorCode(rawCode) ? rawCode : codeForStatus(response.status);
  return new ApiError(code, response.status, `HTTP ${response.status}`);
}

/** The headers every call to the API carries: the session, the language and the tab's realtime id. */
function apiHeaders(extraHeaders?: Record<string, string>): Record<string, string> {
  const headers: Record<string, string> = { Accept: 'application/json', ...extraHeaders };
  const token = getAuthToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  if (i18n.language) headers['Accept-Language'] = i18n.language;
  // Lets the server leave this tab out when it announces the change to the user's other tabs.
  const connectionId = getRealtimeConnectionId();
  if (connectionId) headers[REALTIME_CONNECTION_HEADER] = connectionId;
  return headers;
}

/**
 * Sends a request and returns the successful `Response` untouched (for streams and downloads).
 * Throws `ApiError` for every failure; an aborted request rethrows the `AbortError` as it is.
 */
export async function apiRequest(path: string, options: ApiRequestOptions = {}): Promise<Response> {
  const { method = 'GET', body, headers: extraHeaders, params, skipAuthRedirect = false, ...init } = options;
  const headers = apiHeaders(extraHeaders as Record<string, string> | undefined);

  let requestBody: BodyInit | undefined;
  if (body !== undefined) {
    if (isRawBody(body)) {
      requestBody = body;
    } else {
      requestBody = JSON.stringify(body);
      headers['Content-Type'] = 'application/json';
    }
  }

  let response: Response;
  try {
    response = await fetch(apiUrl(path, params), { ...init, method, headers, body: requestBody });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError('NETWORK_ERROR', 0, 'The server could not be reached', undefined, { cause: error });
  }

  if (response.ok) return response;

  const error = await toApiError(response);
  if (response.status === 401 && !skipAuthRedirect) handleUnauthorized();
  throw error;
}

/** Sends a request and returns the parsed JSON body (`undefined` for an empty answer). */
export async function apiFetch<T>(path: string, options?: ApiRequestOptions): Promise<T> {
  const response = await apiRequest(path, options);
  if (response.status === 204) return undefined as T;
  const text = await response.text();
  if (text === '') return undefined as T;
  const contentType = response.headers.get('Content-Type') ?? '';
  if (!contentType.includes('json')) return text as T;
  try {
    return JSON.parse(text) as T;
  } catch (error) {
    throw new ApiError('INTERNAL_ERROR', response.status, 'The server answered with invalid JSON', undefined, {
      cause: error,
    });
  }
}

type BodylessOptions = Omit<ApiRequestOptions, 'method' | 'body'>;

export interface UploadOptions {
  params?: ApiRequestOptions['params'];
  /** 0…1 as the bytes go out. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

/**
 * Uploads one file as multipart field "file", with the same headers and error contract as every
 * other call, plus upload progress (XMLHttpRequest: fetch reports none). Rejects with an `ApiError`,
 * or an `AbortError` when the signal cancels it.
 */
export function apiUpload<T>(path: string, file: File, { params, onProgress, signal }: UploadOptions = {}): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', apiUrl(path, params));
    for (const [name, value] of Object.entries(apiHeaders())) xhr.setRequestHeader(name, value);
    xhr.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable) onProgress?.(event.loaded / event.total);
    });
    xhr.addEventListener('load', () => {
      let payload: unknown;
      try {
        payload = JSON.parse(xhr.responseText);
      } catch {
        payload = undefined;
      }
      if (xhr.status >= 200 && xhr.status < 300) {
        resolve(payload as T);
        return;
      }
      if (xhr.status === 401) handleUnauthorized();
      const details = readErrorBody(payload);
      reject(
        details
          ? new ApiError(details.code, xhr.status, details.message, details.fields)
          : new ApiError(xhr.status === 413 ? 'FILE_TOO_LARGE' : 'UPLOAD_FAILED', xhr.status),
      );
    });
    xhr.addEventListener('error', () => reject(new ApiError('UPLOAD_FAILED', 0, 'Network error')));
    xhr.addEventListener('abort', () => reject(new DOMException('Upload cancelled', 'AbortError')));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    const form = new FormData();
    form.append('file', file, file.name);
    xhr.send(form);
  });
}

export const api = {
  get: <T>(path: string, options?: BodylessOptions) => apiFetch<T>(path, { ...options, method: 'GET' }),
  delete: <T>(path: string, options?: BodylessOptions) => apiFetch<T>(path, { ...options, method: 'DELETE' }),
  post: <T>(path: string, body?: unknown, options?: BodylessOptions) =>
    apiFetch<T>(path, { ...options, method: 'POST', body }),
  put: <T>(path: string, body?: unknown, options?: BodylessOptions) =>
    apiFetch<T>(path, { ...options, method: 'PUT', body }),
  patch: <T>(path: string, body?: unknown, options?: BodylessOptions) =>
    apiFetch<T>(path, { ...options, method: 'PATCH', body }),
  upload: apiUpload,
};
