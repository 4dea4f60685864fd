import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/**
 * Password hashing with scrypt (memory-hard, built into Node, no native addon). The stored string
 * describes itself — `scrypt$N$r$p$salt$key` (base64url) — so the parameters can be raised later
 * without breaking existing hashes (`needsRehash`).
 */

const CURRENT = { N: 2 ** 15, r: 8, p: 1, keyLength: 32 };

function derive(password: string, salt: Buffer, params: { N: number; r: number; p: number; keyLength: number }) {
  const options: ScryptOptions = {
    N: params.N,
    r: params.r,
    p: params.p,
    maxmem: 256 * params.N * params.r + 1024 * 1024,
  };
  return new Promise<Buffer>((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, params.keyLength, options, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, CURRENT);
  return ['scrypt', CURRENT.N, CURRENT.r, CURRENT.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

function parse(stored: string) {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return null;
  const [, n, r, p, salt, key] = parts;
  const params = { N: Number(n), r: Number(r), p: Number(p) };
  if (!Object.values(params).every((value) => Number.isInteger(value) && value > 0)) return null;
  if (params.N > 2 ** 20 || params.r > 32 || params.p > 16) return null;
  const keyBuffer = Buffer.from(key ?? '', 'base64url');
  if (keyBuffer.length < 16) return null;
  return { ...params, salt: Buffer.from(salt ?? '', 'base64url'), key: keyBuffer };
}

/** A hash of a random password, compared against when the account does not exist (same timing). */
let dummyHash: Promise<string> | undefined;

/**
 * True when `password` matches `stored`. An unknown account (`stored` null) or an unusable hash still
 * costs one full derivation, so response times do not tell which e-mail addresses exist.
 */
export async function verifyPassword(password: string, stored: string | null): Promise<boolean> {
  const parsed = stored ? parse(stored) : null;
  if (!parsed) {
    dummyHash ??= hashPassword(randomBytes(16).toString('hex'));
    const dummy = parse(await dummyHash);
    if (dummy) await derive(password, dummy.salt, { ...dummy, keyLength: dummy.key.length });
    return false;
  }
  const key = await derive(password, parsed.salt, { ...parsed, keyLength: parsed.key.length });
  return timingSafeEqual(key, parsed.key);
}

export function needsRehash(stored: string): boolean {
  const parsed = parse(stored);
  return !parsed || parsed.N < CURRENT.N || parsed.r !== CURRENT.r || parsed.p !== CURRENT.p;
}
