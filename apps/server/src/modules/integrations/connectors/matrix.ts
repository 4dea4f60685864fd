import { randomUUID } from 'node:crypto';
import type { MatrixSettings } from '@compliance/shared/integrations';
import type { Outbound } from '../outbound.ts';
import { ConnectorError, httpStatusError, retryAfterMs, toConnectorError, type MessageConnector } from './connector.ts';
import { renderHtml, renderPlain } from './render-message.ts';

/** Matrix's errcodes that mean the access token is not (or no longer) good. */
const AUTH_ERRCODES = new Set(['M_UNKNOWN_TOKEN', 'M_MISSING_TOKEN', 'M_USER_DEACTIVATED', 'M_USER_LOCKED']);
/** The room does not exist, or the account may not see or post to it. */
const ROOM_ERRCODES = new Set(['M_FORBIDDEN', 'M_NOT_FOUND', 'M_UNKNOWN']);

interface MatrixError {
  errcode?: unknown;
  error?: unknown;
  retry_after_ms?: unknown;
}

/**
 * A Matrix room (Synapse, Dendrite, Conduit, …) through the client-server API, with the access token of
 * an account joined to the room. Messages are `m.room.message` events of type `m.text` with the answer
 * as plain `body` and as HTML (`org.matrix.custom.html`) with its sources linked. Sent with
 * `PUT …/send/m.room.message/{txnId}`, which the homeserver de-duplicates by transaction id. There is
 * no Matrix SDK for servers that stays small; these three calls are plain JSON.
 */
export function createMatrixConnector(
  settings: MatrixSettings,
  accessToken: string,
  outbound: Outbound,
): MessageConnector {
  const base = settings.homeserverUrl.replace(/\/+$/, '');
  outbound.checkUrl(base);
  const room = encodeURIComponent(settings.roomId);

  async function call<T>(method: 'GET' | 'PUT', endpoint: string, body?: unknown): Promise<T> {
    const response = await outbound
      .fetch(`${base}/_matrix/client/v3${endpoint}`, {
        method,
        headers: {
          authorization: `Bearer ${accessToken}`,
          accept: 'application/json',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      })
      .catch((error: unknown) => {
        throw toConnectorError(error);
      });
    const text = await response.text().catch((error: unknown) => {
      throw toConnectorError(error);
    });
    let payload: unknown = undefined;
    try {
      payload = text ? JSON.parse(text) : undefined;
    } catch {
      // Not JSON: a proxy's page, or not a homeserver at all.
    }
    if (response.ok) {
      if (typeof payload !== 'object' || payload === null) {
        throw new ConnectorError('INTEGRATION_REMOTE_ERROR', 'not a Matrix homeserver answer');
      }
      return payload as T;
    }
    const { errcode, error, retry_after_ms: retryAfter } = (payload ?? {}) as MatrixError;
    const code = typeof errcode === 'string' ? errcode : '';
    const detail =
      [code, typeof error === 'string' ? error.slice(0, 300) : ''].filter(Boolean).join(': ') ||
      `Matrix answered ${response.status}`;
    if (response.status === 429 || code === 'M_LIMIT_EXCEEDED') {
      // retry_after_ms in the body (Matrix ≤ 1.9), or the Retry-After header (Matrix 1.10 and later).
      const waitMs =
        typeof retryAfter === 'number' && Number.isFinite(retryAfter) && retryAfter >= 0
          ? Math.min(retryAfter, 3_600_000)
          : retryAfterMs(response.headers.get('retry-after'));
      throw new ConnectorError('INTEGRATION_RATE_LIMITED', detail, waitMs);
    }
    if (AUTH_ERRCODES.has(code)) throw new ConnectorError('INTEGRATION_AUTH_FAILED', detail);
    if (ROOM_ERRCODES.has(code) && endpoint.startsWith('/rooms/')) {
      throw new ConnectorError('INTEGRATION_REMOTE_NOT_FOUND', detail);
    }
    throw httpStatusError(response.status, detail, response.headers.get('retry-after'));
  }

  return {
    describe: () => `${settings.roomId} @ ${new URL(base).host}`,

    /** The token must be an account's, and that account must be in the room. */
    async check() {
      const me = await call<{ user_id?: unknown }>('GET', '/account/whoami');
      if (typeof me.user_id !== 'string') {
        throw new ConnectorError('INTEGRATION_REMOTE_ERROR', 'not a Matrix homeserver answer');
      }
      const joined = await call<{ joined_rooms?: unknown }>('GET', '/joined_rooms');
      const rooms = Array.isArray(joined.joined_rooms) ? joined.joined_rooms : [];
      if (!rooms.includes(settings.roomId)) {
        throw new ConnectorError('INTEGRATION_REMOTE_NOT_FOUND', `${me.user_id} has not joined ${settings.roomId}`);
      }
      return { testMessage: null };
    },

    async post(message) {
      const sent = await call<{ event_id?: unknown }>(
        'PUT',
        `/rooms/${room}/send/m.room.message/${encodeURIComponent(`ca-${message.idempotencyKey ?? randomUUID()}`)}`,
        {
          msgtype: 'm.text',
          body: renderPlain(message),
          format: 'org.matrix.custom.html',
          formatted_body: renderHtml(message),
        },
      );
      return { externalId: typeof sent.event_id === 'string' ? sent.event_id : null };
    },
  };
}
