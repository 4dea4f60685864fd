import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError, isApiPath } from './errors.ts';

declare module 'fastify' {
  interface FastifyInstance {
    lifecycle: Lifecycle;
  }
}

/** Seconds a client refused during a stop is told to wait: about the time a restart takes. */
export const RESTART_RETRY_AFTER_SECONDS = 5;

/** Why an answer stream was ended by the server: passed as the abort reason, told to the client. */
export const serverStopping = Symbol('server stopping');

/** Whether work was aborted because the server is stopping (not because its client left). */
export function stoppedByServer(signal: AbortSignal): boolean {
  return signal.aborted && signal.reason === serverStopping;
}

export interface Lifecycle {
  /** True once a stop has begun: new API work is refused with 503 and `Retry-After`. */
  readonly stopping: boolean;
  /** Requests (answer streams and uploads included) that have not finished yet. */
  readonly inFlight: number;
  /**
   * The first step of a stop: refuses new work, then waits until the requests running now have
   * finished or `graceMs` has passed. `app.close()` then ends what is left.
   */
  drain(graceMs: number): Promise<{ unfinished: number }>;
}

// The probes answer while the process drains: liveness stays up, readiness says 'stopping' (503) so a
// load balancer sends the next requests to another instance.
const stillServedWhileStopping = new Set(['/api/health', '/api/ready']);

export function registerLifecycle(app: FastifyInstance): void {
  let stopping = false;
  let inFlight = 0;
  const idleWaiters = new Set<() => void>();

  const finished = () => {
    inFlight -= 1;
    if (inFlight === 0) for (const wake of idleWaiters) wake();
  };

  // Callback hooks, not async ones: they run on every request, and a promise each is work for nothing.
  app.addHook('onRequest', (request, reply, done) => {
    // A realtime socket stays open for the whole visit: it is closed by the realtime plugin, not awaited.
    if (request.headers.upgrade?.toLowerCase() === 'websocket') return done();
    if (stopping && isApiPath(request.url) && !stillServedWhileStopping.has(request.url.split('?')[0]!)) {
      reply.header('retry-after', String(RESTART_RETRY_AFTER_SECONDS));
      return done(new AppError('SERVER_RESTARTING', 503, 'The server is restarting; retry in a few seconds'));
    }
    inFlight += 1;
    // 'close' fires for every ending (sent, hijacked stream ended, client gone), exactly once. A response
    // that ends during a stop ends its connection too, streams included (their headers went out before
    // the stop): a keep-alive client would otherwise hold it, and the close would wait for it.
    reply.raw.once('close', () => {
      finished();
      if (stopping) request.raw.socket?.end();
    });
    done();
  });

  // Answers sent during a stop end their connection: a keep-alive client would otherwise hold it open
  // (and the stop would wait for it) until the keep-alive timeout.
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (stopping) reply.header('connection', 'close');
    done(null, payload);
  });

  const lifecycle: Lifecycle = {
    get stopping() {
      return stopping;
    },
    get inFlight() {
      return inFlight;
    },
    async drain(graceMs) {
      stopping = true;
      if (inFlight > 0) {
        let wake!: () => void;
        const idle = new Promise<void>((resolve) => (wake = resolve));
        idleWaiters.add(wake);
        const timer = setTimeout(wake, graceMs);
        await idle;
        clearTimeout(timer);
        idleWaiters.delete(wake);
      }
      if (inFlight > 0) app.log.warn({ unfinished: inFlight }, 'Stop: the grace has passed, ending what still runs');
      return { unfinished: inFlight };
    },
  };
  app.decorate('lifecycle', lifecycle);
  // A close without a drain first (tests, a failed start) refuses new work from here on too.
  app.addHook('preClose', async () => {
    stopping = true;
  });
}

/** Counts running requests and refuses new ones once a stop begins (`app.lifecycle`). */
export const lifecyclePlugin = fp(async (app) => registerLifecycle(app), { name: 'lifecycle' });
