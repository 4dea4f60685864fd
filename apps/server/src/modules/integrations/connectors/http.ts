import { ConnectorError, retryAfterMs } from './connector.ts';

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
  const tooLarge = () => new ConnectorError('INTEGRATION_REMOTE_ERROR', `larger than ${maxBytes} bytes`);
  const declared = Number(response.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > maxBytes) {
    await response.body?.cancel().catch(() => undefined);
    throw tooLarge();
  }
  if (!response.body) return '';
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
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
  return Buffer.concat(chunks).toString('utf8');
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
