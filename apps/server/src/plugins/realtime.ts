import { randomUUID } from 'node:crypto';
import type { RealtimeEventMap, RealtimeEventType } from '@compliance/shared/realtime';
import websocket from '@fastify/websocket';
import fp from 'fastify-plugin';
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import { isAdmin } from '../modules/access/access.ts';
import { userActor, type UserActor } from '../modules/access/actor.ts';

/**
 * The realtime channel of DESIGN §5: one WebSocket per browser tab at `/api/realtime`, events
 * `{ type, data }` scoped to one user (or to admins), never echoed to the tab that caused them.
 *
 * Protocol: the client opens the socket and sends `{ "type": "auth", "token": "<session token>" }`
 * first — never in the URL, where proxies and logs keep it; the server answers
 * `{ "type": "ready", "data": { "connectionId" } }`.
 * The client sends `{ "type": "ping" }` now and then. A socket's rights are the access module's
 * checks ('realtime.connect', 'admin.access'), re-evaluated on every client message, before every
 * admin event, when the account changes (role, status, verification) and when the session is
 * revoked: a signed-out or disabled session gets its socket closed (code 4001), a demoted admin stops
 * receiving admin events at once. With REDIS_URL set, events fan out to every server instance
 * through Redis pub/sub; otherwise they stay in-process.
 */

export type { RealtimeEventMap, RealtimeEventType } from '@compliance/shared/realtime';

/** One typed event, to spread into a `publish` call: `publish({ userId, ...realtimeEvent(type, data) })`. */
export function realtimeEvent<T extends RealtimeEventType>(type: T, data: RealtimeEventMap[T]) {
  return { type, data };
}

/** What the server itself sends on a socket (besides events): the handshake and the ping's answer. */
type ControlMessage = { type: 'ready'; data: { connectionId: string } } | { type: 'pong'; data: null };

export interface RealtimeMessage {
  /** Deliver to this user's tabs… */
  userId?: string;
  /** …or to every admin's tabs… */
  role?: 'admin';
  /** …or to every signed-in user's tabs (public announcements such as FATF list changes). */
  broadcast?: true;
  type: string;
  data?: unknown;
  /** The connection (tab) that caused the event: it does not receive it. See `realtimeOrigin`. */
  originConnectionId?: string | null;
}

export interface RealtimeHub {
  publish(message: RealtimeMessage): Promise<void>;
  /** Closes the sockets of one session (e.g. on sign-out) on this instance; others notice on their next check. */
  disconnectSession(sessionId: string): void;
  /** Sockets open on this instance (for tests and health). */
  readonly connectionCount: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    realtime: RealtimeHub;
  }
}

/** Header in which the web app sends its tab's connection id, so its own changes are not echoed to it. */
export const REALTIME_CONNECTION_HEADER = 'x-realtime-connection';

export function realtimeOrigin(request: FastifyRequest): string | null {
  const value = request.headers[REALTIME_CONNECTION_HEADER];
  return typeof value === 'string' && /^[0-9a-f-]{36}$/.test(value) ? value : null;
}

export const REALTIME_CLOSE = { unauthenticated: 4001, forbidden: 4003, shuttingDown: 1001 } as const;

export interface RealtimeOptions {
  /** How long a socket may stay open without authenticating. */
  authTimeoutMs?: number;
  /** How often every open socket's session is re-checked even without messages. */
  recheckIntervalMs?: number;
}

/** The parts of a `ws` socket used here (the package ships no types of its own). */
interface WebSocket {
  readonly readyState: number;
  readonly OPEN: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  on(event: 'close', listener: () => void): void;
  on(event: 'error', listener: (error: Error) => void): void;
  on(event: 'message', listener: (data: unknown) => void): void;
}

interface Connection {
  id: string;
  socket: WebSocket;
  token: string;
  /** The socket's caller as of the last check. */
  actor: UserActor;
}

function control(message: ControlMessage): string {
  return JSON.stringify(message);
}

const CHANNEL = 'compliance:realtime';

interface WireMessage extends RealtimeMessage {
  instanceId: string;
}

export async function registerRealtime(
  app: FastifyInstance,
  config: { redisUrl: string | undefined },
  { authTimeoutMs = 10_000, recheckIntervalMs = 60_000 }: RealtimeOptions = {},
): Promise<void> {
  const log = app.log.child({ component: 'realtime' });
  const connections = new Map<string, Connection>();
  const instanceId = randomUUID();
  let closing = false;

  /** The caller behind a token as the access module sees it, null without a live session; throws when the check fails. */
  async function resolveActor(token: string, ip: string): Promise<UserActor | null> {
    const auth = await app.sessions.authenticate(token);
    return auth ? userActor(auth, ip) : null;
  }

  /** Re-evaluates a socket's rights; closes it when it may no longer be open. */
  async function recheck(connection: Connection): Promise<boolean> {
    const actor = await resolveActor(connection.token, connection.actor.ip).catch(() => 'error' as const);
    // The check itself failed (database busy): keep the socket, try again later.
    if (actor === 'error') return true;
    if (!actor || !(await app.access.can(actor, 'realtime.connect'))) {
      connection.socket.close(REALTIME_CLOSE.unauthenticated, 'Session ended');
      connections.delete(connection.id);
      return false;
    }
    connection.actor = actor;
    return true;
  }

  async function deliverLocal(message: RealtimeMessage): Promise<void> {
    const payload = JSON.stringify({ type: message.type, data: message.data ?? null });
    const targets = [...connections.values()].filter((connection) => {
      if (connection.id === message.originConnectionId) return false;
      if (message.userId) return connection.actor.user.id === message.userId;
      if (message.role) return isAdmin(connection.actor);
      return message.broadcast === true;
    });
    await Promise.all(
      targets.map(async (connection) => {
        // Admin events go only to sockets whose session is still an admin's right now.
        if (message.role) {
          if (!(await recheck(connection)) || !(await app.access.can(connection.actor, 'admin.access'))) return;
        }
        if (connection.socket.readyState === connection.socket.OPEN) connection.socket.send(payload);
      }),
    );
  }

  let publisher: Redis | undefined;
  let subscriber: Redis | undefined;
  if (config.redisUrl) {
    const redisOptions = { maxRetriesPerRequest: 3, lazyConnect: true } as const;
    // Loaded only when used: the embedded default never needs the client (docs/performance.md, "Memory").
    const { Redis } = await import('ioredis');
    publisher = new Redis(config.redisUrl, redisOptions);
    subscriber = new Redis(config.redisUrl, redisOptions);
    for (const client of [publisher, subscriber]) {
      client.on('error', (error: Error) => log.warn({ err: error }, 'Redis connection problem'));
    }
    await Promise.all([publisher.connect(), subscriber.connect()]);
    await subscriber.subscribe(CHANNEL);
    subscriber.on('message', (_channel: string, raw: string) => {
      try {
        const message = JSON.parse(raw) as WireMessage;
        void deliverLocal(message).catch((error: unknown) => log.warn({ err: error }, 'Realtime delivery failed'));
      } catch (error) {
        log.warn({ err: error }, 'Ignored a malformed realtime message from Redis');
      }
    });
    log.info('Realtime fan-out through Redis');
  }

  const hub: RealtimeHub = {
    async publish(message) {
      if (!message.userId && !message.role && !message.broadcast) {
        throw new Error('A realtime event needs a userId, the admin role or broadcast');
      }
      if (publisher) {
        const wire: WireMessage = { ...message, instanceId };
        await publisher.publish(CHANNEL, JSON.stringify(wire));
        return;
      }
      await deliverLocal(message);
    },
    disconnectSession(sessionId) {
      for (const connection of connections.values()) {
        if (connection.actor.sessionId === sessionId) {
          connection.socket.close(REALTIME_CLOSE.unauthenticated, 'Session ended');
          connections.delete(connection.id);
        }
      }
    },
    get connectionCount() {
      return connections.size;
    },
  };
  app.decorate('realtime', hub);
  // Sign-out, "sign out other sessions", password changes and disabling an account close the
  // affected sockets on this instance at once; other instances notice at their next check.
  app.sessions.onRevoked((sessionIds) => sessionIds.forEach((sessionId) => hub.disconnectSession(sessionId)));
  // A changed account (role, status, verification) has its sockets' rights re-evaluated at once.
  app.sessions.onUserChanged((userId) => {
    for (const connection of connections.values()) {
      if (connection.actor.user.id === userId) void recheck(connection);
    }
  });

  const recheckTimer = setInterval(() => {
    for (const connection of connections.values()) void recheck(connection);
  }, recheckIntervalMs);
  recheckTimer.unref();

  await app.register(websocket, {
    options: { maxPayload: 16 * 1024 },
    // Our own preClose below closes the sockets; the plugin's default waits for them.
    preClose: async () => undefined,
  });

  app.addHook('preClose', async () => {
    closing = true;
    clearInterval(recheckTimer);
    for (const connection of connections.values()) {
      connection.socket.close(REALTIME_CLOSE.shuttingDown, 'Server shutting down');
    }
    connections.clear();
    for (const client of (app.websocketServer?.clients ?? []) as Set<{ terminate(): void }>) client.terminate();
    await Promise.all([publisher?.quit().catch(() => undefined), subscriber?.quit().catch(() => undefined)]);
  });

  app.get('/api/realtime', { websocket: true, schema: { hide: true } }, (socket, request) => {
    handleSocket(socket as WebSocket, request, log).catch((error: unknown) => {
      log.warn({ err: error }, 'Realtime socket failed');
      socket.close(1011, 'Internal error');
    });
  });

  async function handleSocket(socket: WebSocket, request: FastifyRequest, socketLog: FastifyBaseLogger) {
    if (closing) {
      socket.close(REALTIME_CLOSE.shuttingDown, 'Server shutting down');
      return;
    }
    let connection: Connection | undefined;
    let authenticating: Promise<void> | undefined;

    const accept = async (token: string) => {
      const actor = await resolveActor(token, request.ip).catch((error: unknown) => {
        socketLog.warn({ err: error }, 'Could not check a realtime session');
        return null;
      });
      if (!actor) {
        socket.close(REALTIME_CLOSE.unauthenticated, 'Not signed in');
        return;
      }
      if (!(await app.access.can(actor, 'realtime.connect'))) {
        socket.close(REALTIME_CLOSE.forbidden, 'E-mail address not verified');
        return;
      }
      if (socket.readyState !== socket.OPEN || closing) return;
      connection = { id: randomUUID(), socket, token, actor };
      connections.set(connection.id, connection);
      socket.send(control({ type: 'ready', data: { connectionId: connection.id } }));
    };

    const timer = setTimeout(() => {
      if (!connection) socket.close(REALTIME_CLOSE.unauthenticated, 'Not signed in');
    }, authTimeoutMs);
    timer.unref();

    socket.on('close', () => {
      clearTimeout(timer);
      if (connection) connections.delete(connection.id);
    });
    socket.on('error', (error) => socketLog.debug({ err: error }, 'Realtime socket error'));

    socket.on('message', (raw) => {
      void (async () => {
        let message: { type?: unknown; token?: unknown };
        try {
          message = JSON.parse(String(raw)) as typeof message;
        } catch {
          socket.close(1003, 'Messages are JSON');
          return;
        }
        if (!connection) {
          if (message.type === 'auth' && typeof message.token === 'string' && !authenticating) {
            authenticating = accept(message.token);
            await authenticating;
            return;
          }
          // The first message must sign in.
          if (!authenticating) {
            socket.close(REALTIME_CLOSE.unauthenticated, 'Not signed in');
            return;
          }
          await authenticating;
          if (!connection) return;
        }
        // Every message re-checks the session: a revoked or demoted session loses its socket.
        if (!(await recheck(connection))) return;
        if (message.type === 'ping') socket.send(control({ type: 'pong', data: null }));
      })().catch((error: unknown) => socketLog.warn({ err: error }, 'Realtime message failed'));
    });
  }
}

export const realtimePlugin = fp<RealtimeOptions>(async (app, options) => registerRealtime(app, app.config, options), {
  name: 'realtime',
  dependencies: ['auth'],
});
