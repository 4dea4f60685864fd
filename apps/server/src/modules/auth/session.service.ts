import { createHash, randomBytes } from 'node:crypto';
import type { UserRole } from '../../db/schema/index.ts';
import type { SessionsRepository } from './sessions.repository.ts';

/** How long a session lives without use; every use pushes the end forward (sliding renewal). */
export const DEFAULT_SESSION_LIFETIME_MS = 30 * 24 * 60 * 60 * 1000;
/** Writes of `lastUsedAt` are batched: at most one per session per minute. */
const TOUCH_INTERVAL_MS = 60 * 1000;

/** Who is calling, as every service sees it. Never holds the password hash. */
export interface AuthUser {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  companyName: string;
  role: UserRole;
  language: string;
  emailVerified: boolean;
}

export interface AuthContext {
  user: AuthUser;
  sessionId: string;
}

export function hashSessionToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function createSessionService(
  sessions: SessionsRepository,
  { lifetimeMs = DEFAULT_SESSION_LIFETIME_MS, now = () => new Date() }: { lifetimeMs?: number; now?: () => Date } = {},
) {
  return {
    /** Starts a session; the plain token is returned once and only its hash is stored. */
    async create(userId: string, client: { userAgent?: string; ipAddress?: string } = {}) {
      const token = randomBytes(32).toString('base64url');
      const issuedAt = now();
      const session = await sessions.insert({
        userId,
        tokenHash: hashSessionToken(token),
        userAgent: (client.userAgent ?? '').slice(0, 512),
        ipAddress: client.ipAddress ?? '',
        expiresAt: new Date(issuedAt.getTime() + lifetimeMs),
      });
      return { token, session };
    },

    /** The caller behind a bearer token, or null for an unknown, expired or revoked one, or a disabled user. */
    async authenticate(token: string): Promise<AuthContext | null> {
      if (token.length < 16 || token.length > 256) return null;
      const at = now();
      const found = await sessions.findLiveByTokenHash(hashSessionToken(token), at);
      if (!found || found.user.status !== 'active') return null;
      if (at.getTime() - found.session.lastUsedAt.getTime() >= TOUCH_INTERVAL_MS) {
        await sessions.touch(found.session.id, at, new Date(at.getTime() + lifetimeMs));
      }
      const { user } = found;
      return {
        sessionId: found.session.id,
        user: {
          id: user.id,
          email: user.email,
          firstName: user.firstName,
          lastName: user.lastName,
          companyName: user.companyName,
          role: user.role,
          language: user.language,
          emailVerified: user.emailVerifiedAt !== null,
        },
      };
    },

    revoke: (sessionId: string, userId: string) => sessions.revoke(sessionId, userId, now()),
    revokeAllForUser: (userId: string, keepSessionId?: string) =>
      sessions.revokeAllForUser(userId, now(), keepSessionId),
    listForUser: (userId: string) => sessions.listLiveForUser(userId, now()),
  };
}

export type SessionService = ReturnType<typeof createSessionService>;
