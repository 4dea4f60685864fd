import { describe, expect, it } from 'vitest';
import { createAnswerGate } from './answer-gate.ts';

describe('answer gate', () => {
  it('lets at most `limit` answers start at once and the others in the order they came', async () => {
    const gate = createAnswerGate(2);
    const signal = new AbortController().signal;
    const admitted: string[] = [];
    const leave: Record<string, () => void> = {};
    const enter = (name: string) =>
      gate.enter(signal).then((release) => {
        admitted.push(name);
        leave[name] = release;
      });
    const entries = ['a', 'b', 'c', 'd'].map(enter);
    await Promise.all(entries.slice(0, 2));
    expect(admitted).toEqual(['a', 'b']);
    leave.b!();
    leave.b!(); // twice is harmless: it gives back one place only
    await entries[2];
    expect(admitted).toEqual(['a', 'b', 'c']);
    leave.a!();
    await entries[3];
    expect(admitted).toEqual(['a', 'b', 'c', 'd']);
  });

  it('forgets an answer whose client leaves while it waits', async () => {
    const gate = createAnswerGate(1);
    const first = await gate.enter(new AbortController().signal);
    const leaving = new AbortController();
    const waiting = gate.enter(leaving.signal);
    const next = gate.enter(new AbortController().signal);
    leaving.abort();
    (await waiting)();
    first();
    const release = await next;
    // The place the aborted one never took is still free for the one after it.
    const after = gate.enter(new AbortController().signal);
    release();
    await expect(after).resolves.toBeTypeOf('function');
  });
});
