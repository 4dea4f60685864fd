import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createSessionService, type AuthContext, type SessionService } from '../modules/auth/session.service.ts';
import { createSessionsRepository } from '../modules/auth/sessions.repository.ts';
import { AppError } from './errors.ts';

declare module 'fastify' {
  interface FastifyInstance {
    sessions: SessionService;
    /** preHandler: a signed-in, verified, active user. */
    requireUser: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /** preHandler: a signed-in user whose e-mail may still be unverified (the verification flow itself). */
    requireSession: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /** preHandler: a signed-in, verified admin. Added automatically to every /api/admin/* route. */
    requireAdmin: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
  interface FastifyRequest {
    /** The caller, when the request carries a live session token; null for anonymous requests. */
    auth: AuthContext | null;
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
 * Resolves the session on every request (DESIGN §5: opaque bearer token, stored hashed) and offers
 * the guards routes use. Admin routes get the admin guard whether or not they ask for it, so a
 * forgotten preHandler cannot open an admin API.
 */
export function registerAuth(app: FastifyInstance): void {
  const sessions = createSessionService(createSessionsRepository(app.db));
  app.decorate('sessions', sessions);
  app.decorateRequest('auth', null);

  app.addHook('onRequest', async (request) => {
    const token = bearerToken(request);
    request.auth = token ? await sessions.authenticate(token) : null;
  });

  async function requireSession(request: FastifyRequest): Promise<void> {
    if (!request.auth) throw new AppError('UNAUTHENTICATED', 401, 'Sign in to continue');
  }
  async function requireUser(request: FastifyRequest): Promise<void> {
    await requireSession(request);
    if (!request.auth?.user.emailVerified) {
      throw new AppError('EMAIL_NOT_VERIFIED', 403, 'Verify your e-mail address to continue');
    }
  }
  async function requireAdmin(request: FastifyRequest): Promise<void> {
    await requireUser(request);
    if (request.auth?.user.role !== 'admin') throw new AppError('FORBIDDEN', 403, 'Administrators only');
  }
  app.decorate('requireSession', requireSession);
  app.decorate('requireUser', requireUser);
  app.decorate('requireAdmin', requireAdmin);

  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith(ADMIN_API_PREFIX)) return;
    const existing = route.preHandler ? [route.preHandler].flat() : [];
    route.preHandler = [requireAdmin, ...existing];
  });
}
