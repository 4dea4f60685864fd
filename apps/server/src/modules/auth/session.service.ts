import { createHash, randomBytes } from 'node:crypto';
import type { UserRole } from '../../db/schema/index.ts';
import type { LiveSession, SessionsRepository } from './sessions.repository.ts';

/** How long a session lives without use; every use pushes the end forward (sliding renewal). */
export const DEFAULT_SESSION_LIFETIME_MS = 30 * 24 * 60 * 60 * 1000;
/** Writes of `lastUsedAt` are batched: at most one per session per minute. */
const TOUCH_INTERVAL_MS = 60 * 1000;
/** Sessions remembered while the database is unchanged (embedded database only); more empties the memory. */
const CACHED_SESSIONS_MAX = 10_000;

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

export interface SessionServiceOptions {
  lifetimeMs?: number;
  now?: () => Date;
  /**
   * The database's write generation (`DatabaseHandle.writeGeneration`, PGlite only). When given, a
   * token's session and user are remembered until the database next writes anything at all, so a
   * revocation, a sign-out, a disabled, deleted or demoted account counts from the very next request.
   */
  writeGeneration?: () => number;
}

export function createSessionService(
  sessions: SessionsRepository,
  { lifetimeMs = DEFAULT_SESSION_LIFETIME_MS, now = () => new Date(), writeGeneration }: SessionServiceOptions = {},
) {
  const cache = new Map<string, LiveSession>();
  let cachedAt = writeGeneration?.();

  /** The live session behind a token hash: from memory while nothing was written since it was read. */
  async function findLive(tokenHash: string, at: Date): Promise<LiveSession | null> {
    if (!writeGeneration) return sessions.findLiveByTokenHash(tokenHash, at);
    const before = writeGeneration();
    if (cachedAt !== before) {
      cache.clear();
      cachedAt = before;
    }
    const cached = cache.get(tokenHash);
    // The query's own conditions, in memory: revocation wrote (so it is not cached), expiry is a clock.
    if (cached) return cached.session.expiresAt.getTime() > at.getTime() ? cached : null;
    const found = await sessions.findLiveByTokenHash(tokenHash, at);
    // Only what was read while nothing was written: a write that overlapped the read moved the generation.
    if (found && writeGeneration() === before && cachedAt === before) {
      if (cache.size >= CACHED_SESSIONS_MAX) cache.clear();
      cache.set(tokenHash, found);
    }
    return found;
  }

  const revokedListeners: ((sessionIds: string[]) => void)[] = [];
  const userChangedListeners: ((userId: string) => void)[] = [];
  function notifyRevoked(sessionIds: string[]): void {
    if (sessionIds.length === 0) return;
    for (const listener of revokedListeners) listener(sessionIds);
  }

  return {
    /** Starts a session; the plain token is returned once and only its hash is stored. */
    async create(
      userId: string,
      client: { userAgent?: string; ipAddress?: string } = {},
      { lifetimeMs: sessionLifetimeMs = lifetimeMs }: { lifetimeMs?: number } = {},
    ) {
      const token = randomBytes(32).toString('base64url');
      const issuedAt = now();
      const session = await sessions.insert({
        userId,
        tokenHash: hashSessionToken(token),
        userAgent: (client.userAgent ?? '').slice(0, 512),
        ipAddress: client.ipAddress ?? '',
        lastUsedAt: issuedAt,
        expiresAt: new Date(issuedAt.getTime() + sessionLifetimeMs),
      });
      return { token, session };
    },

    /** The caller behind a bearer token, or null for an unknown, expired or revoked one, or a disabled user. */
    async authenticate(token: string): Promise<AuthContext | null> {
      if (token.length < 16 || token.length > 256) return null;
      const at = now();
      const found = await findLive(hashSessionToken(token), at);
      if (!found || found.user.status !== 'active') return null;
      if (at.getTime() - found.session.lastUsedAt.getTime() >= TOUCH_INTERVAL_MS) {
        // Each session keeps the idle lifetime it was created with (the user's setting at sign-in).
        const idleWindow = found.session.expiresAt.getTime() - found.session.lastUsedAt.getTime();
        const sessionWindow = idleWindow > 0 && idleWindow <= 366 * 24 * 60 * 60 * 1000 ? idleWindow : lifetimeMs;
        await sessions.touch(found.session.id, at, new Date(at.getTime() + sessionWindow));
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

    async revoke(sessionId: string, userId: string): Promise<boolean> {
      const revoked = await sessions.revoke(sessionId, userId, now());
      if (revoked) notifyRevoked([sessionId]);
      return revoked;
    },
    /** Revokes every live session of the user but `keepSessionId`; returns how many. */
    async revokeAllForUser(userId: string, keepSessionId?: string): Promise<number> {
      const revoked = await sessions.revokeAllForUser(userId, now(), keepSessionId);
      notifyRevoked(revoked);
      return revoked.length;
    },
    /** Runs `listener` with the ids of sessions as they are revoked (e.g. to close their live sockets). */
    onRevoked(listener: (sessionIds: string[]) => void): void {
      revokedListeners.push(listener);
    },
    /** Tells holders of a user's sessions that the account changed (role, status, verification). */
    notifyUserChanged(userId: string): void {
      for (const listener of userChangedListeners) listener(userId);
    },
    /** Runs `listener` when an account changes, so long-lived connections re-check their rights. */
    onUserChanged(listener: (userId: string) => void): void {
      userChangedListeners.push(listener);
    },
    listForUser: (userId: string) => sessions.listLiveForUser(userId, now()),
  };
}

export type SessionService = ReturnType<typeof createSessionService>;
