/**
 * Calls made in one turn of the event loop, run together: `run` gets the items collected since the
 * first call (at most `max` at a time) and answers one result per item, in their order. With many
 * answers streaming at once, one statement per turn costs the driver, the socket and the database a
 * round trip instead of one per answer (docs/performance.md, "Session 19"). A lone call waits only
 * for the end of the current turn.
 *
 * When a batch fails, its items run again one by one, so that a bad item fails only its own call.
 */
export function createBatcher<Item, Result>(
  run: (items: Item[]) => Promise<Result[]>,
  { max = 100 }: { max?: number } = {},
): (item: Item) => Promise<Result> {
  interface Waiting {
    item: Item;
    resolve(result: Result): void;
    reject(error: unknown): void;
  }
  let waiting: Waiting[] = [];

  async function settle(batch: Waiting[]): Promise<void> {
    try {
      const results = await run(batch.map(({ item }) => item));
      if (results.length !== batch.length) throw new Error(`A batch of ${batch.length} answered ${results.length}`);
      batch.forEach((entry, index) => entry.resolve(results[index]!));
    } catch (error) {
      if (batch.length === 1) batch[0]!.reject(error);
      else for (const entry of batch) void settle([entry]);
    }
  }

  function flush() {
    const taken = waiting;
    waiting = [];
    for (let start = 0; start < taken.length; start += max) void settle(taken.slice(start, start + max));
  }

  return (item) =>
    new Promise<Result>((resolve, reject) => {
      waiting.push({ item, resolve, reject });
      if (waiting.length === 1) setImmediate(flush);
    });
}
