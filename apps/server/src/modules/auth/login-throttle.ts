import { AppError } from '../../plugins/errors.ts';
import type { AccountsRepository } from './accounts.repository.ts';

/**
 * Brute-force protection for sign-in (DESIGN §7). Failures in a 15-minute window are counted three
 * ways: per account (every further failure is answered more slowly, whoever sends it), per account
 * and address (that address is blocked for the account after five), and per address (an address
 * spraying many accounts is blocked). Nobody can lock the owner out from elsewhere: the owner's own
 * address stays open, and a password reset by e-mail code clears every counter of the account.
 */
export interface LoginThrottlePolicy {
  windowMs: number;
  blockMs: number;
  accountMaxFailures: number;
  ipMaxFailures: number;
  /** Failures after which every further failure is answered more slowly. */
  slowDownAfter: number;
  baseDelayMs: number;
  maxDelayMs: number;
}

export const defaultLoginThrottlePolicy: LoginThrottlePolicy = {
  windowMs: 15 * 60 * 1000,
  blockMs: 15 * 60 * 1000,
  accountMaxFailures: 5,
  ipMaxFailures: 20,
  slowDownAfter: 2,
  baseDelayMs: 250,
  maxDelayMs: 2000,
};

function tooManyAttempts(blockedUntil: Date, now: Date): AppError {
  const seconds = Math.max(1, Math.ceil((blockedUntil.getTime() - now.getTime()) / 1000));
  return new AppError('TOO_MANY_ATTEMPTS', 429, `Too many attempts, try again in ${Math.ceil(seconds / 60)} minutes`, {
    fields: { retryAfterSeconds: String(seconds) },
  });
}

export function createLoginThrottle(
  repository: AccountsRepository,
  {
    policy = defaultLoginThrottlePolicy,
    now = () => new Date(),
    sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)),
  }: { policy?: LoginThrottlePolicy; now?: () => Date; sleep?: (ms: number) => Promise<void> } = {},
) {
  const accountKey = (email: string) => `account:${email.toLowerCase()}`;
  const pairPrefix = (email: string) => `pair:${email.toLowerCase()}|`;
  const pairKey = (email: string, ip: string) => `${pairPrefix(email)}${ip}`;
  const ipKey = (ip: string) => `ip:${ip}`;

  return {
    /** Throws TOO_MANY_ATTEMPTS (429) while this address is blocked, for this account or for all. */
    async assertAllowed(email: string, ip: string): Promise<void> {
      const at = now();
      for (const key of [pairKey(email, ip), ipKey(ip)]) {
        const row = await repository.findThrottle(key);
        if (row?.blockedUntil && row.blockedUntil > at) throw tooManyAttempts(row.blockedUntil, at);
      }
    },

    /** Counts a failure; slows the answer down, and blocks (throwing 429) when a limit is reached. */
    async recordFailure(email: string, ip: string): Promise<void> {
      const at = now();
      const windowStart = new Date(at.getTime() - policy.windowMs);
      const account = await repository.addThrottleFailure(accountKey(email), at, windowStart);
      const pair = await repository.addThrottleFailure(pairKey(email, ip), at, windowStart);
      const address = await repository.addThrottleFailure(ipKey(ip), at, windowStart);
      const blockedUntil = new Date(at.getTime() + policy.blockMs);
      let blocked = false;
      if (pair.failures >= policy.accountMaxFailures) {
        await repository.blockThrottle(pairKey(email, ip), blockedUntil, at);
        blocked = true;
      }
      if (address.failures >= policy.ipMaxFailures) {
        await repository.blockThrottle(ipKey(ip), blockedUntil, at);
        blocked = true;
      }
      if (blocked) throw tooManyAttempts(blockedUntil, at);
      const over = account.failures - policy.slowDownAfter;
      if (over > 0) await sleep(Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (over - 1)));
    },

    /** A right password (or a reset by e-mail code) clears the account's counters from every address. */
    async recordSuccess(email: string): Promise<void> {
      await repository.clearThrottle(accountKey(email));
      await repository.clearThrottlesStartingWith(pairPrefix(email));
    },
  };
}

export type LoginThrottle = ReturnType<typeof createLoginThrottle>;
