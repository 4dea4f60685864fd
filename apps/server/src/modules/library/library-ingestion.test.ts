import { describe, expect, it } from 'vitest';
import { CHUNK_BATCH, chunkBatches } from './library-ingestion.ts';

const passage = (length: number) => ({ text: 'x'.repeat(length) });

describe('chunkBatches', () => {
  it('bounds each batch by passages and by characters, keeping the order, a long passage alone', () => {
    const short = Array.from({ length: 60 }, () => passage(100));
    expect(chunkBatches(short).map((batch) => batch.length)).toEqual([25, 25, 10]);

    const long = [passage(9_000), passage(9_000), passage(20_000), passage(10)];
    const batches = chunkBatches(long);
    expect(batches.map((batch) => batch.map((chunk) => chunk.text.length))).toEqual([[9_000], [9_000], [20_000], [10]]);
    expect(batches.flat()).toEqual(long);
    for (const batch of batches.filter((batch) => batch.length > 1)) {
      expect(batch.reduce((sum, chunk) => sum + chunk.text.length, 0)).toBeLessThanOrEqual(CHUNK_BATCH.characters);
    }
    expect(chunkBatches([])).toEqual([]);
  });
});
