import { errorCodes } from '@compliance/shared/errors';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import de from '@/locales/de/errors.json';
import en from '@/locales/en/errors.json';
import fr from '@/locales/fr/errors.json';
import it_ from '@/locales/it/errors.json';
import { api, ApiError, apiUrl, clientErrorCodes, errorMessageKey, setUnauthorizedHandler } from './api-client.ts';
import { AUTH_TOKEN_KEY } from './auth-token.ts';

function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

const fetchMock = vi.fn<typeof fetch>();
let onUnauthorized = vi.fn();
let restoreHandler: () => void = () => {};

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  onUnauthorized = vi.fn();
  restoreHandler = setUnauthorizedHandler(onUnauthorized);
});

afterEach(() => {
  restoreHandler();
  vi.unstubAllGlobals();
});

async function caught(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('expected the call to fail');
}

describe('api client', () => {
  it('addresses /api, sends JSON and the bearer token, and parses the answer', async () => {
    localStorage.setItem(AUTH_TOKEN_KEY, 'secret-token');
    fetchMock.mockResolvedValueOnce(jsonResponse(201, { id: 'f1' }));

    await expect(api.post('/folders', { name: 'Circulars' })).resolves.toEqual({ id: 'f1' });

    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/folders');
    expect(init?.method).toBe('POST');
    expect(init?.body).toBe(JSON.stringify({ name: 'Circulars' }));
    const headers = init?.headers as Record<string, string>;
    expect(headers.Authorization).toBe('Bearer secret-token');
    expect(headers['Content-Type']).toBe('application/json');
  });

  it('sends no Authorization header without a token (an empty one counts as none)', async () => {
    localStorage.setItem(AUTH_TOKEN_KEY, '');
    fetchMock.mockResolvedValueOnce(new Response(null, { status: 204 }));
    await expect(api.get('/health')).resolves.toBeUndefined();
    expect((fetchMock.mock.calls[0]?.[1]?.headers as Record<string, string>).Authorization).toBeUndefined();
  });

  it('builds query strings and leaves /api paths alone', () => {
    expect(apiUrl('/api/documents', { q: 'finma circular', page: 2, tag: ['a', 'b'], empty: undefined })).toBe(
      '/api/documents?q=finma+circular&page=2&tag=a&tag=b',
    );
    expect(apiUrl('documents')).toBe('/api/documents');
  });

  it('turns { error: { code, message } } into an ApiError with code and status', async () => {
    fetchMock.mockResolvedValueOnce(
      jsonResponse(409, { error: { code: 'CONFLICT', message: 'Folder exists', fields: { name: 'CONFLICT' } } }),
    );
    const error = await caught(api.get('/folders/1'));
    expect(error.code).toBe('CONFLICT');
    expect(error.status).toBe(409);
    expect(error.fields).toEqual({ name: 'CONFLICT' });
    expect(errorMessageKey(error)).toBe('errors:CONFLICT');
  });

  it('falls back to a code for the status when the body is not an error body', async () => {
    fetchMock.mockResolvedValueOnce(new Response('<html>Bad gateway</html>', { status: 502 }));
    expect((await caught(api.get('/x'))).code).toBe('INTERNAL_ERROR');

    fetchMock.mockResolvedValueOnce(jsonResponse(429, { error: { code: 'SOMETHING_NEW', message: 'later' } }));
    const error = await caught(api.get('/x'));
    expect(error.code).toBe('RATE_LIMITED');
    expect(error.status).toBe(429);
  });

  it('reports an unreachable server as NETWORK_ERROR', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    const error = await caught(api.get('/x'));
    expect(error.code).toBe('NETWORK_ERROR');
    expect(error.status).toBe(0);
  });

  it('lets an aborted request fail as an AbortError', async () => {
    fetchMock.mockRejectedValueOnce(new DOMException('The operation was aborted.', 'AbortError'));
    await expect(api.get('/x')).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('on 401 clears the token and sends the user to /login', async () => {
    localStorage.setItem(AUTH_TOKEN_KEY, 'expired');
    fetchMock.mockResolvedValueOnce(
      jsonResponse(401, { error: { code: 'UNAUTHENTICATED', message: 'Session expired' } }),
    );
    const error = await caught(api.get('/me'));
    expect(error.code).toBe('UNAUTHENTICATED');
    expect(localStorage.getItem(AUTH_TOKEN_KEY)).toBeNull();
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('leaves a 401 to the caller when asked (wrong credentials on the login form)', async () => {
    localStorage.setItem(AUTH_TOKEN_KEY, 'kept');
    fetchMock.mockResolvedValueOnce(
      jsonResponse(401, { error: { code: 'UNAUTHENTICATED', message: 'Wrong password' } }),
    );
    await caught(api.post('/auth/login', {}, { skipAuthRedirect: true }));
    expect(localStorage.getItem(AUTH_TOKEN_KEY)).toBe('kept');
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('has a translation for every error code in every language', () => {
    for (const [locale, messages] of Object.entries({ en, de, fr, it: it_ })) {
      for (const code of [...errorCodes, ...clientErrorCodes]) {
        expect(typeof (messages as Record<string, unknown>)[code], `${locale}: ${code}`).toBe('string');
      }
    }
  });
});
