import { beforeAll, describe, expect, it } from 'vitest';
import { attacks } from '../security/attacks.ts';
import { runReplay, type AttackResult } from '../security/replay.ts';
import { createTestDatabase } from './helpers/test-database.ts';

/**
 * `npm run security` inside the suite: every hostile attack class of security/attacks.ts replayed
 * against the real server over HTTP (on the suite's test database), each expected safe.
 */

let results: AttackResult[];

beforeAll(async () => {
  const { handle } = await createTestDatabase();
  results = await runReplay({ database: handle });
}, 240_000);

describe('security replay', () => {
  it.each(attacks.map((attack) => [attack.id, attack.title]))('%s: %s', (id) => {
    const result = results.find((candidate) => candidate.id === id);
    expect(result, `no result for ${id}`).toBeDefined();
    expect(result?.safe, `${id} UNSAFE: ${result?.evidence}`).toBe(true);
  });
});
