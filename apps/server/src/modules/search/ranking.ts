// The ranking's constants and PostgreSQL's per-term rank, shared by the SQL ranking
// (search.repository.ts) and the in-process knowledge-base index (knowledge-base-index.ts): both
// must order passages the same way (test/knowledge-base-index.test.ts compares them).

export const textSearchConfigs = ['english', 'german', 'french', 'italian', 'simple'] as const;

/** A document's first passage (its summary, as a rule) ranks this much higher. */
export const openingBoost = 1.15;

/** A term in the document's title counts about as much as one in the passage's heading. */
export const titleBonus = 0.6;

/**
 * A term the document's title holds tells this document from others (the title bonus); within the
 * document it says little about which passage answers, so in the body it counts for less: the
 * passage holding the question's other words ("fines" in the data protection act) comes first.
 */
export const titleTermInBody = 0.4;

/** What a query's word pair found as written adds to a passage's rank: about one more matching word. */
export const phraseBonus = 3;

/** Document frequencies above this count all weigh the same (a very common word). */
export const dfCap = 1_000;

/**
 * Candidates a very common term (one in at least `dfCap` passages) brings. Its matches are taken in
 * index order, not by relevance, so 1,000 of them are no better a sample than this many; the rarer
 * terms of the question keep their whole share, and ranking does the rest.
 */
export const commonTermLimit = 150;

/** A passage of fewer distinct words than this is a heading alone: it says too little to be an answer. */
export const shortPassageLexemes = 8;
export const shortPassageFactor = 0.3;

/** A term's weight in the ranking: rarer terms count more (BM25's idf), glossary terms less. */
export function inverseDocumentFrequency(weight: number, passages: number, df: number): number {
  return weight * Math.log(1 + (passages - df + 0.5) / (df + 0.5));
}

/** ts_rank's default weights for D, C, B and A positions (single precision, as PostgreSQL holds them). */
const positionWeights = [0.1, 0.2, 0.4, 1].map(Math.fround);

/**
 * `ts_rank(tsv, 'lexeme'::tsquery)` before length normalisation, for one lexeme found at these
 * positions of these weights (0 = D … 3 = A). PostgreSQL's calc_rank_or, in its single precision:
 * the heaviest occurrence counts fully, the others less and less.
 */
export function singleTermRank(weights: ArrayLike<number>): number {
  let sum = Math.fround(0);
  let heaviest = Math.fround(-1);
  let heaviestAt = 0;
  // A lexeme stored without positions counts as one occurrence of weight D.
  const count = Math.max(weights.length, 1);
  for (let index = 0; index < count; index += 1) {
    const weight = positionWeights[weights[index] ?? 0]!;
    sum = Math.fround(sum + Math.fround(weight / ((index + 1) * (index + 1))));
    if (weight > heaviest) {
      heaviest = weight;
      heaviestAt = index;
    }
  }
  const heaviestShare = Math.fround(heaviest / ((heaviestAt + 1) * (heaviestAt + 1)));
  return Math.fround(Math.fround(Math.fround(heaviest + sum) - heaviestShare) / 1.64493406685);
}

/** ts_rank's normalisation 1: the rank divided by log2(1 + the passage's length in words). */
export function lengthNormalised(rank: number, words: number): number {
  return Math.fround(rank / (Math.log(words + 1) / Math.log(2)));
}
