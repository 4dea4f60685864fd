import { AppError } from '../../plugins/errors.ts';
import type { AccountsRepository } from './accounts.repository.ts';

/**
 * Brute-force protection for sign-in, per account and per client IP (DESIGN §7: both keys). Failures
 * in a 15-minute window first slow the answer down, then block the key for 15 minutes.
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
  const ipKey = (ip: string) => `ip:${ip}`;

  return {
    /** Throws TOO_MANY_ATTEMPTS (429) while the account or the IP is blocked. */
    async assertAllowed(email: string, ip: string): Promise<void> {
      const at = now();
      for (const key of [accountKey(email), ipKey(ip)]) {
        const row = await repository.findThrottle(key);
        if (row?.blockedUntil && row.blockedUntil > at) throw tooManyAttempts(row.blockedUntil, at);
      }
    },

    /** Counts a failure; slows the answer down, and blocks (throwing 429) when a limit is reached. */
    async recordFailure(email: string, ip: string): Promise<void> {
      const at = now();
      const windowStart = new Date(at.getTime() - policy.windowMs);
      const account = await repository.addThrottleFailure(accountKey(email), at, windowStart);
      const address = await repository.addThrottleFailure(ipKey(ip), at, windowStart);
      const blockedUntil = new Date(at.getTime() + policy.blockMs);
      let blocked = false;
      if (account.failures >= policy.accountMaxFailures) {
        await repository.blockThrottle(accountKey(email), blockedUntil, at);
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

    async recordSuccess(email: string): Promise<void> {
      await repository.clearThrottle(accountKey(email));
    },
  };
}

export type LoginThrottle = ReturnType<typeof createLoginThrottle>;
