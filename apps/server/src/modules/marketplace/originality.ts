import { createHash } from 'node:crypto';

/**
 * How the marketplace tells a copy from an original at publishing: instructions are compared
 * after normalising Unicode, case and whitespace. The same text (equal hashes) is refused; a text
 * whose three-word shingles overlap another's by at least `NEAR_DUPLICATE_SIMILARITY` (Jaccard) is
 * published but goes to the admins' moderation queue.
 */

export const NEAR_DUPLICATE_SIMILARITY = 0.9;
const SHINGLE_WORDS = 3;

/** The text as compared: NFKC, lower case, every run of whitespace one space, trimmed. */
export function normaliseInstructions(text: string): string {
  return text.normalize('NFKC').toLowerCase().replace(/\s+/gu, ' ').trim();
}

export function instructionsHash(text: string): string {
  return createHash('sha256').update(normaliseInstructions(text)).digest('hex');
}

/** The text's word shingles (its words alone when it has fewer than three). */
export function shingles(text: string): Set<string> {
  const words = normaliseInstructions(text).match(/[\p{L}\p{N}{}_]+/gu) ?? [];
  if (words.length < SHINGLE_WORDS) return new Set(words.length > 0 ? [words.join(' ')] : []);
  const result = new Set<string>();
  for (let index = 0; index + SHINGLE_WORDS <= words.length; index += 1) {
    result.add(words.slice(index, index + SHINGLE_WORDS).join(' '));
  }
  return result;
}

/** Jaccard similarity of two shingle sets: 1 for the same, 0 for nothing in common. */
export function jaccard(a: ReadonlySet<string>, b: ReadonlySet<string>): number {
  if (a.size === 0 && b.size === 0) return 1;
  let shared = 0;
  for (const shingle of a) if (b.has(shingle)) shared += 1;
  return shared / (a.size + b.size - shared);
}

export interface PublishedText {
  listingId: string;
  instructions: string;
}

export type Originality =
  | { verdict: 'original' }
  | { verdict: 'duplicate'; listingId: string }
  | { verdict: 'nearDuplicate'; listingId: string; similarity: number };

/**
 * Compares the prompts about to be published with other authors' published ones: the first exact
 * copy decides; otherwise the most similar text at or above the threshold.
 */
export function checkOriginality(texts: string[], published: PublishedText[]): Originality {
  const hashes = new Set(texts.map(instructionsHash));
  for (const other of published) {
    if (hashes.has(instructionsHash(other.instructions))) return { verdict: 'duplicate', listingId: other.listingId };
  }
  const own = texts.map(shingles);
  let best: { listingId: string; similarity: number } | null = null;
  for (const other of published) {
    const theirs = shingles(other.instructions);
    for (const mine of own) {
      const similarity = jaccard(mine, theirs);
      if (similarity >= NEAR_DUPLICATE_SIMILARITY && (!best || similarity > best.similarity)) {
        best = { listingId: other.listingId, similarity };
      }
    }
  }
  return best ? { verdict: 'nearDuplicate', ...best } : { verdict: 'original' };
}
