import type { TokenSource } from '../oauth.ts';
import type { Outbound } from '../outbound.ts';
import { ConnectorError, httpStatusError, retryAfterMs, toConnectorError } from './connector.ts';

/** Small pieces the hand-written HTTP connectors share (those without a vendor SDK). */

/** Keeps the cookies a response sets (a wiki's session and auth cookies) and drops those it deletes. */
export function keepCookies(cookies: Map<string, string>, headers: Headers): void {
  for (const header of headers.getSetCookie()) {
    const [pair = '', ...attributes] = header.split(';');
    const separator = pair.indexOf('=');
    if (separator <= 0) continue;
    const name = pair.slice(0, separator).trim();
    const value = pair.slice(separator + 1).trim();
    const expired = attributes.some((attribute) => {
      const [key = '', setting = ''] = attribute.split('=').map((part) => part.trim());
      if (/^max-age$/i.test(key)) return Number(setting) <= 0;
      if (/^expires$/i.test(key)) return Date.parse(setting) < Date.now();
      return false;
    });
    if (expired || value === '' || value === 'deleted') cookies.delete(name);
    else cookies.set(name, value);
  }
}

/** A response's body as text, refused once it is larger than `maxBytes`. */
export async function readCapped(response: Response, maxBytes: number): Promise<string> {
  return Buffer.from(await readBytesCapped(response, maxBytes)).toString('utf8');
}

/** A response's body, refused once it is larger than `maxBytes` (read no further than that). */
export async function readBytesCapped(response: Response, maxBytes: number): Promise<Uint8Array> {
  const tooLarge = () => new ConnectorError('INTEGRATION_REMOTE_ERROR', `larger than ${maxBytes} bytes`);
  const declared = Number(response.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > maxBytes) {
    await response.body?.cancel().catch(() => undefined);
    throw tooLarge();
  }
  if (!response.body) return new Uint8Array();
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      total += value.byteLength;
      if (total > maxBytes) {
        await reader.cancel().catch(() => undefined);
        throw tooLarge();
      }
      chunks.push(value);
    }
  } catch (error) {
    throw toConnectorError(error);
  }
  return new Uint8Array(Buffer.concat(chunks));
}

/**
 * One call of an OAuth connection through the guarded fetch, with its bearer token: a 401 refreshes the
 * token once and sends the call again (so a body must be a string or bytes). Any other answer is handed
 * back as it is; a network failure is a ConnectorError.
 */
export async function fetchWithToken(
  outbound: Outbound,
  tokens: TokenSource,
  url: string,
  init: Omit<RequestInit, 'body'> & { body?: string | Uint8Array },
): Promise<Response> {
  const attempt = async (token: string) => {
    const headers = new Headers(init.headers);
    headers.set('authorization', `Bearer ${token}`);
    try {
      return await outbound.fetch(url, { ...init, headers });
    } catch (error) {
      throw toConnectorError(error);
    }
  };
  const token = await tokens.current();
  const response = await attempt(token);
  if (response.status !== 401) return response;
  await response.body?.cancel().catch(() => undefined);
  return attempt(await tokens.refresh(token));
}

/**
 * A fetch that waits out a 429 whose Retry-After asks for at most `maxWaitMs` (`retries` times at most) and
 * hands back any other answer — a longer wait included, which the connector reports as rate limited. Request
 * bodies must be strings (they are sent again).
 */
export function waitingOutRateLimits(
  fetch: typeof globalThis.fetch,
  { maxWaitMs = 10_000, retries = 2 }: { maxWaitMs?: number; retries?: number } = {},
): typeof globalThis.fetch {
  return async (input, init) => {
    for (let attempt = 0; ; attempt++) {
      const response = await fetch(input, init);
      if (response.status !== 429 || attempt >= retries) return response;
      const wait = retryAfterMs(response.headers.get('retry-after'));
      if (wait > maxWaitMs) return response;
      await response.body?.cancel().catch(() => undefined);
      await new Promise((resolve) => setTimeout(resolve, wait));
    }
  };
}

export interface JsonCall {
  method: 'GET' | 'POST' | 'PUT';
  headers: Record<string, string>;
  /** Sent as JSON. */
  body?: unknown;
  /** The product's name, for the detail of an error ("Zendesk answered 500 to GET /api/v2/…"). */
  vendor: string;
  /** The remote's own words in an error answer's JSON, if any. */
  messageOf: (payload: unknown) => string | null;
}

/**
 * One call of a JSON REST API: the answer's JSON, or the ConnectorError its status means (a 429 with its
 * Retry-After) with the remote's own words as the detail. Network failures, answers larger than 16 MiB and
 * answers that are not JSON are ConnectorErrors too.
 */
export async function callJson(fetch: typeof globalThis.fetch, url: URL, call: JsonCall): Promise<unknown> {
  let response: Response;
  let text: string;
  try {
    response = await fetch(url, {
      method: call.method,
      headers: {
        accept: 'application/json',
        ...(call.body === undefined ? {} : { 'content-type': 'application/json' }),
        ...call.headers,
      },
      ...(call.body === undefined ? {} : { body: JSON.stringify(call.body) }),
    });
    // An error answer's words are only a detail: one too long to read still fails with its status.
    text = response.ok
      ? await readCapped(response, 16 * 1024 * 1024)
      : await readCapped(response, 64 * 1024).catch(() => '');
  } catch (error) {
    throw toConnectorError(error);
  }
  let payload: unknown = undefined;
  try {
    payload = text ? JSON.parse(text) : undefined;
  } catch {
    // Not JSON: a proxy's or a login page, or not this product at all.
  }
  if (!response.ok) {
    const words = payload === undefined ? null : call.messageOf(payload);
    const detail = `${call.vendor} answered ${response.status} to ${call.method} ${url.pathname}${words ? `: ${words.slice(0, 300)}` : ''}`;
    throw httpStatusError(response.status, detail, response.headers.get('retry-after'));
  }
  if (typeof payload !== 'object' || payload === null) {
    throw new ConnectorError('INTEGRATION_REMOTE_ERROR', `not a ${call.vendor} API answer`);
  }
  return payload;
}

/** A "not found" answer said in the connector's own words ("ticket 12 not found"); any other error as it is. */
export function notFoundAs(error: unknown, detail: string): unknown {
  return error instanceof ConnectorError && error.code === 'INTEGRATION_REMOTE_NOT_FOUND'
    ? new ConnectorError('INTEGRATION_REMOTE_NOT_FOUND', detail)
    : error;
}
