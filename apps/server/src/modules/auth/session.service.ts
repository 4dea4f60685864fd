import { hash, randomBytes } from 'node:crypto';
import type { UserRole } from '../../db/schema/index.ts';
import type { LiveSession, SessionsRepository } from './sessions.repository.ts';

/** How long a session lives without use; every use pushes the end forward (sliding renewal). */
export const DEFAULT_SESSION_LIFETIME_MS = 30 * 24 * 60 * 60 * 1000;
/** Writes of `lastUsedAt` are batched: at most one per session per minute. */
const TOUCH_INTERVAL_MS = 60 * 1000;
/** Sessions remembered while nothing they depend on is written; more empties the memory. */
const CACHED_SESSIONS_MAX = 10_000;
/**
 * A safety net, not the mechanism: a remembered session is read again after this long even if no
 * write was seen (e.g. a row changed by hand in psql while the server runs without Redis).
 */
const CACHED_SESSION_TTL_MS = 30_000;

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

/** On every signed-in request: the one-shot `hash` skips building a Hash object. */
export function hashSessionToken(token: string): string {
  return hash('sha256', token, 'hex');
}

/**
 * When the session service may answer from memory (ADR 027). A token's session and user are kept
 * while `generation()` has not moved since they were read, and, in scale mode, while the version all
 * instances share has not moved either; every write that may change a session or a user moves one
 * of them before it is answered, so a revocation counts from the very next request.
 */
export interface SessionMemoryGuard {
  /**
   * Moves before and after every statement of this process that may change a session or a user (and,
   * for the transaction it is in, again when that ends). PGlite: every write (`writeGeneration`).
   */
  generation(): number;
  /**
   * Scale mode: the version that every instance bumps after such a write (Redis), read on each
   * request; null when it cannot be read, and then the request reads the database.
   */
  sharedVersion?: () => Promise<string | null>;
}

export interface SessionServiceOptions {
  lifetimeMs?: number;
  now?: () => Date;
  /** Without it every request reads its session from the database. */
  memory?: SessionMemoryGuard;
}

export function createSessionService(
  sessions: SessionsRepository,
  { lifetimeMs = DEFAULT_SESSION_LIFETIME_MS, now = () => new Date(), memory }: SessionServiceOptions = {},
) {
  const cache = new Map<string, { found: LiveSession; readAt: number }>();
  let cachedAt = memory?.generation();
  let cachedVersion: string | null | undefined;

  /** The live session behind a token hash: from memory while nothing that it depends on was written. */
  async function findLive(tokenHash: string, at: Date): Promise<LiveSession | null> {
    if (!memory) return sessions.findLiveByTokenHash(tokenHash, at);
    const before = memory.generation();
    const version = memory.sharedVersion ? await memory.sharedVersion() : undefined;
    if (version === null) return sessions.findLiveByTokenHash(tokenHash, at);
    if (cachedAt !== before || cachedVersion !== version) {
      cache.clear();
      cachedAt = before;
      cachedVersion = version;
    }
    const cached = cache.get(tokenHash);
    // The query's own conditions, in memory: revocation wrote (so it is not cached), expiry is a clock.
    // A session that looks expired is read again: another instance may have renewed it.
    if (
      cached &&
      cached.found.session.expiresAt.getTime() > at.getTime() &&
      at.getTime() - cached.readAt < CACHED_SESSION_TTL_MS
    ) {
      return cached.found;
    }
    const found = await sessions.findLiveByTokenHash(tokenHash, at);
    // Only what was read while nothing was written: a write that overlapped the read moved the generation.
    // (A shared bump during the read is seen by the next request, which then reads again.)
    if (found && memory.generation() === before && cachedAt === before && cachedVersion === version) {
      if (cache.size >= CACHED_SESSIONS_MAX) cache.clear();
      cache.set(tokenHash, { found, readAt: at.getTime() });
    } else if (cached) {
      cache.delete(tokenHash);
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
        const expiresAt = new Date(at.getTime() + sessionWindow);
        await sessions.touch(found.session.id, at, expiresAt);
        // The renewal is not a change that empties the memory (on PostgreSQL): the entry follows it here.
        found.session = { ...found.session, lastUsedAt: at, expiresAt };
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
