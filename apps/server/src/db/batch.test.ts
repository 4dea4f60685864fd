import { describe, expect, it } from 'vitest';
import { createBatcher } from './batch.ts';

describe('createBatcher', () => {
  it('runs the calls of one turn together and answers each its own result', async () => {
    const batches: number[][] = [];
    const double = createBatcher(async (items: number[]) => {
      batches.push(items);
      return items.map((item) => item * 2);
    });
    const results = await Promise.all([1, 2, 3].map((item) => double(item)));
    expect(results).toEqual([2, 4, 6]);
    expect(batches).toEqual([[1, 2, 3]]);
    expect(await double(5)).toBe(10);
    expect(batches).toEqual([[1, 2, 3], [5]]);
  });

  it('splits a turn into batches of at most `max` items', async () => {
    const sizes: number[] = [];
    const echo = createBatcher(
      async (items: number[]) => {
        sizes.push(items.length);
        return items;
      },
      { max: 2 },
    );
    expect(await Promise.all([1, 2, 3, 4, 5].map((item) => echo(item)))).toEqual([1, 2, 3, 4, 5]);
    expect(sizes).toEqual([2, 2, 1]);
  });

  it('fails only the bad item: a failed batch runs again one item at a time', async () => {
    const runs: string[][] = [];
    const check = createBatcher(async (items: string[]) => {
      runs.push(items);
      if (items.includes('bad')) throw new Error('bad item');
      return items.map((item) => item.toUpperCase());
    });
    const results = await Promise.allSettled(['a', 'bad', 'c'].map((item) => check(item)));
    expect(results).toEqual([
      { status: 'fulfilled', value: 'A' },
      { status: 'rejected', reason: new Error('bad item') },
      { status: 'fulfilled', value: 'C' },
    ]);
    expect(runs).toEqual([['a', 'bad', 'c'], ['a'], ['bad'], ['c']]);
  });

  it('fails every call of a batch that answers the wrong number of results, one by one', async () => {
    const broken = createBatcher(async (items: number[]) => items.slice(1));
    const results = await Promise.allSettled([1, 2].map((item) => broken(item)));
    expect(results.map((result) => result.status)).toEqual(['rejected', 'rejected']);
  });
});
