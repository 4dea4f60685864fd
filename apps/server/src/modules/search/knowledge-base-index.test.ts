import { describe, expect, it } from 'vitest';
import { parsePhraseQuery, parseTsvector } from './knowledge-base-index.ts';
import { lengthNormalised, singleTermRank } from './ranking.ts';

describe('parseTsvector', () => {
  it('reads lexemes, positions and weights as PostgreSQL writes them', () => {
    expect(parseTsvector("'bank':7 'uberblick':1A,2 'finma-beaufsichtigt':51C,60B 'x'")).toEqual([
      { lexeme: 'bank', positions: [7], weights: [0] },
      { lexeme: 'uberblick', positions: [1, 2], weights: [3, 0] },
      { lexeme: 'finma-beaufsichtigt', positions: [51, 60], weights: [1, 2] },
      { lexeme: 'x', positions: [], weights: [] },
    ]);
  });

  it('undoes the quoting of quotes and backslashes inside a lexeme', () => {
    expect(parseTsvector("'l''art':3 'a\\\\b':4").map((entry) => entry.lexeme)).toEqual(["l'art", 'a\\b']);
  });

  it('reads an empty vector as no entries', () => {
    expect(parseTsvector('')).toEqual([]);
  });
});

describe('parsePhraseQuery', () => {
  it('reads a chain of lexemes and their distances', () => {
    expect(parsePhraseQuery("'qualifi' <-> 'custodian'")).toEqual({ lexemes: ['qualifi', 'custodian'], gaps: [0, 1] });
    expect(parsePhraseQuery("'art' <2> '4' <-> 'gwg'")).toEqual({ lexemes: ['art', '4', 'gwg'], gaps: [0, 2, 1] });
  });

  it('refuses anything but a chain', () => {
    expect(parsePhraseQuery("'a' & 'b'")).toBeUndefined();
    expect(parsePhraseQuery('')).toBeUndefined();
    expect(parsePhraseQuery("'a' <->")).toBeUndefined();
  });
});

describe('singleTermRank', () => {
  // Values PostgreSQL 15 returns for ts_rank(to_tsvector(…), 'lexeme'::tsquery, 1) (the last one normalised by length).
  it('matches ts_rank for one occurrence, repeated occurrences and a heading', () => {
    expect(singleTermRank([0])).toBeCloseTo(0.0607927, 6);
    expect(singleTermRank([0, 0, 0])).toBeCloseTo(0.0827456, 6);
    expect(singleTermRank([3, 0])).toBeCloseTo(0.6231253, 6);
    expect(lengthNormalised(singleTermRank([0]), 12)).toBeCloseTo(0.0164285, 6);
  });
});
