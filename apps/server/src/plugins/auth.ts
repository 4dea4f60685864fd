import type { FastifyRequest } from 'fastify';
import { VISITOR_ID_HEADER } from '@compliance/shared/chat';
import fp from 'fastify-plugin';
import { createAccessRepository } from '../modules/access/access.repository.ts';
import { createAccess, type Access } from '../modules/access/access.ts';
import { anonymousActor, userActor, type Actor, type AnonymousActor } from '../modules/access/actor.ts';
import { createSessionService, type AuthContext, type SessionService } from '../modules/auth/session.service.ts';
import { createSessionsRepository } from '../modules/auth/sessions.repository.ts';
import { sessionMemoryGuard } from './session-memory.ts';

declare module 'fastify' {
  interface FastifyInstance {
    sessions: SessionService;
    /** The one access check: `await app.access.require(actor, permission, resource?)`. */
    access: Access;
  }
  interface FastifyRequest {
    /** The caller's session, when the request carries a live session token. */
    auth: AuthContext | null;
    /** Who is calling, resolved once per request; routes pass it to every service call. */
    actor: Actor;
  }
}

const ADMIN_API_PREFIX = '/api/admin';

function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const [scheme, token] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && token ? token.trim() : null;
}

/**
 * Resolves the caller once per request (DESIGN §5: opaque bearer token, stored hashed) into
 * `request.actor`, and offers the one access check. Every /api/admin/* route runs the admin check
 * before its handler whether or not its service asks too, so a forgotten check cannot open an
 * admin API.
 */
export const authPlugin = fp(
  async (app) => {
    // A signed-in request reads its session from memory while nothing it depends on was written (ADR 027).
    const sessions = createSessionService(createSessionsRepository(app.db), {
      memory: await sessionMemoryGuard(app),
    });
    const access = createAccess(createAccessRepository(app.db));
    app.decorate('sessions', sessions);
    app.decorate('access', access);
    app.decorateRequest('auth', null);
    app.decorateRequest('actor', null as unknown as AnonymousActor);

    app.addHook('onRequest', async (request) => {
      const token = bearerToken(request);
      request.auth = token ? await sessions.authenticate(token) : null;
      request.actor = request.auth
        ? userActor(request.auth, request.ip)
        : anonymousActor(request.headers[VISITOR_ID_HEADER], request.ip);
    });

    app.addHook('onRoute', (route) => {
      if (!route.url.startsWith(ADMIN_API_PREFIX)) return;
      const existing = route.preHandler ? [route.preHandler].flat() : [];
      const requireAdmin = async (request: FastifyRequest) => {
        await access.require(request.actor, 'admin.access');
      };
      route.preHandler = [requireAdmin, ...existing];
    });
  },
  { name: 'auth', dependencies: ['db'] },
);
