import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

/** 6-digit one-time codes and link tokens, stored only as salted hashes. */

export const CODE_LIFETIME_MS = 10 * 60 * 1000;
export const CODE_MAX_FAILED_ATTEMPTS = 5;

export function generateCode(): string {
  return randomInt(0, 1_000_000).toString().padStart(6, '0');
}

export function hashCode(code: string, salt = randomBytes(16).toString('hex')): string {
  return `${salt}:${createHash('sha256').update(`${salt}:${code}`).digest('hex')}`;
}

export function codeMatches(code: string, stored: string): boolean {
  const [salt, expected] = stored.split(':');
  if (!salt || !expected) return false;
  const actual = hashCode(code, salt).split(':')[1] ?? '';
  return actual.length === expected.length && timingSafeEqual(Buffer.from(actual), Buffer.from(expected));
}

export function generateLinkToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashLinkToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
