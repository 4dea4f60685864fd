import { createHash, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local Matrix homeserver stand-in: an HTTP server on 127.0.0.1 that speaks the part of the Matrix
 * client-server API (v1.x, `/_matrix/client/v3`) a messaging connector calls:
 *
 * - `GET /account/whoami` → `{ user_id, device_id }`;
 * - `GET /joined_rooms` → `{ joined_rooms: [...] }`;
 * - `PUT /rooms/{roomId}/send/{eventType}/{txnId}` → `{ event_id }`, idempotent per access token and
 *   transaction id as the specification requires (the same txnId again answers the same event id and
 *   stores nothing new);
 * - `GET /versions` (unauthenticated), as clients probe it.
 *
 * It answers like Synapse: errors are `{ errcode, error }` — 401 `M_MISSING_TOKEN` / `M_UNKNOWN_TOKEN`
 * (with `soft_logout: false`), 403 `M_FORBIDDEN` for a room the user has not joined, 404
 * `M_UNRECOGNIZED` for an unknown endpoint, 400 `M_NOT_JSON` / `M_BAD_JSON` for a broken body, and 429
 * `M_LIMIT_EXCEEDED` with `retry_after_ms` in the body and a `Retry-After` header (seconds, rounded up).
 * The token is read from `Authorization: Bearer` (or the deprecated `access_token` query parameter).
 *
 * One deliberate strictness: an `m.room.message` must have a string `msgtype` and `body`, and a
 * `formatted_body` needs `format: 'org.matrix.custom.html'`; a real server stores anything, but a client
 * would then show nothing, so the mistake is refused here with 400 `M_BAD_JSON`.
 */

export interface MatrixStandInEvent {
  roomId: string;
  eventId: string;
  type: string;
  txnId: string;
  sender: string;
  content: Record<string, unknown>;
}

export async function startMatrixStandIn({
  userId = '@compliance-bot:stand-in.test',
  accessToken = `syt_${randomBytes(18).toString('base64url')}`,
  joinedRooms = ['!compliance:stand-in.test'],
}: { userId?: string; accessToken?: string; joinedRooms?: string[] } = {}) {
  const events: MatrixStandInEvent[] = [];
  /** Every request received: method, decoded path and whether it carried the token. */
  const requests: { method: string; path: string }[] = [];
  const transactions = new Map<string, string>();
  let rateLimited = 0;
  let retryAfterMs = 1_000;
  let validToken = accessToken;

  function send(response: http.ServerResponse, status: number, body: unknown, headers: http.OutgoingHttpHeaders = {}) {
    const text = JSON.stringify(body);
    response.writeHead(status, {
      'content-type': 'application/json',
      'content-length': Buffer.byteLength(text),
      ...headers,
    });
    response.end(text);
  }
  const fail = (response: http.ServerResponse, status: number, errcode: string, error: string, extra = {}) =>
    send(response, status, { errcode, error, ...extra });

  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const url = new URL(request.url ?? '/', 'http://localhost');
      const prefix = '/_matrix/client/';
      if (!url.pathname.startsWith(prefix)) return fail(response, 404, 'M_UNRECOGNIZED', 'Unrecognized request');
      const parts = url.pathname.slice(prefix.length).split('/').map(decodeURIComponent);
      requests.push({ method: request.method ?? '', path: `/${parts.join('/')}` });

      if (parts[0] === 'versions' && request.method === 'GET') {
        return send(response, 200, { versions: ['v1.10', 'v1.11', 'v1.12'], unstable_features: {} });
      }
      if (parts[0] !== 'v3') return fail(response, 404, 'M_UNRECOGNIZED', 'Unrecognized request');

      const header = request.headers.authorization;
      const token = header?.startsWith('Bearer ')
        ? header.slice('Bearer '.length)
        : url.searchParams.get('access_token');
      if (!token) return fail(response, 401, 'M_MISSING_TOKEN', 'Missing access token');
      if (token !== validToken) {
        return fail(response, 401, 'M_UNKNOWN_TOKEN', 'Invalid access token passed.', { soft_logout: false });
      }
      if (rateLimited > 0) {
        rateLimited -= 1;
        return send(
          response,
          429,
          { errcode: 'M_LIMIT_EXCEEDED', error: 'Too Many Requests', retry_after_ms: retryAfterMs },
          { 'retry-after': String(Math.ceil(retryAfterMs / 1000)) },
        );
      }

      const route = parts.slice(1);
      if (request.method === 'GET' && route.join('/') === 'account/whoami') {
        return send(response, 200, { user_id: userId, device_id: 'STANDINDEV', is_guest: false });
      }
      if (request.method === 'GET' && route.join('/') === 'joined_rooms') {
        return send(response, 200, { joined_rooms: joinedRooms });
      }
      if (route[0] === 'rooms' && route[2] === 'send' && route.length === 5) {
        if (request.method !== 'PUT') return fail(response, 405, 'M_UNRECOGNIZED', 'Unrecognized request');
        const [, roomId, , type, txnId] = route as [string, string, string, string, string];
        if (!joinedRooms.includes(roomId)) {
          return fail(response, 403, 'M_FORBIDDEN', `User ${userId} not in room ${roomId}`);
        }
        const transaction = `${token}\n${txnId}`;
        const previous = transactions.get(transaction);
        if (previous) return send(response, 200, { event_id: previous });
        let content: unknown;
        try {
          content = JSON.parse(Buffer.concat(chunks).toString('utf8'));
        } catch {
          return fail(response, 400, 'M_NOT_JSON', 'Content not JSON.');
        }
        if (typeof content !== 'object' || content === null || Array.isArray(content)) {
          return fail(response, 400, 'M_BAD_JSON', 'Content must be a JSON object.');
        }
        const body = content as Record<string, unknown>;
        if (type === 'm.room.message') {
          if (typeof body.msgtype !== 'string' || typeof body.body !== 'string') {
            return fail(response, 400, 'M_BAD_JSON', "'msgtype' and 'body' must be strings");
          }
          if (body.formatted_body !== undefined && body.format !== 'org.matrix.custom.html') {
            return fail(response, 400, 'M_BAD_JSON', "'formatted_body' needs 'format': 'org.matrix.custom.html'");
          }
        }
        const eventId = `$${createHash('sha256').update(`${transaction}\n${events.length}`).digest('base64url')}`;
        transactions.set(transaction, eventId);
        events.push({ roomId, eventId, type, txnId, sender: userId, content: body });
        return send(response, 200, { event_id: eventId });
      }
      return fail(response, 404, 'M_UNRECOGNIZED', 'Unrecognized request');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    userId,
    accessToken,
    roomId: joinedRooms[0]!,
    events,
    requests,
    /** The next `count` authenticated calls answer 429 M_LIMIT_EXCEEDED with `retry_after_ms`. */
    rateLimitNext(count: number, afterMs = 1_000) {
      rateLimited = count;
      retryAfterMs = afterMs;
    },
    /** Logs the token out: from now on it answers M_UNKNOWN_TOKEN. */
    revokeToken() {
      validToken = `revoked-${randomBytes(8).toString('hex')}`;
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export type MatrixStandIn = Awaited<ReturnType<typeof startMatrixStandIn>>;
