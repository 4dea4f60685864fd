import type { DocumentOrigin } from '@compliance/shared/documents';
import { sql } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import { queryRows, type Db, type WriteGeneration } from '../../db/client.ts';
import { tsConfigFor } from '../../db/text-search.ts';
import {
  commonTermLimit,
  dfCap,
  inverseDocumentFrequency,
  lengthNormalised,
  openingBoost,
  phraseBonus,
  shortPassageFactor,
  shortPassageLexemes,
  singleTermRank,
  textSearchConfigs,
  titleBonus,
  titleTermInBody,
} from './ranking.ts';
import type { PassageRow, QueryTerm } from './search.repository.ts';

/**
 * The knowledge base's passages held in this process, ranked as the SQL ranking ranks them
 * (search.repository.ts; ADR 031). An answer searches before its first word; in the database that
 * search cost 10–20 ms of its CPU per question, here well under one. The index holds what
 * PostgreSQL's own parser and stemmers wrote (each passage's tsvector), so a word is found here
 * exactly when the database would find it; a question's words go through the database's parser too,
 * once per word and language (they never change).
 *
 * It is used only while it is known to be current: built from one write generation of `files` and
 * `file_chunks` and built again as soon as either moves.
 */
export interface KnowledgeBaseIndex {
  /** The index as the database is now (built again first if it is stale); undefined when too large or not trusted here. */
  current(): Promise<BuiltIndex | undefined>;
}

export interface IndexSearch {
  terms: QueryTerm[];
  phrases: string[];
  language?: string;
  limit: number;
  /** As in SQL: the share of candidates a very common word may bring is this divided among the terms. */
  candidateLimit: number;
}

export interface BuiltIndex {
  readonly passages: number;
  search(search: IndexSearch, words: WordParser): Promise<PassageRow[]>;
}

interface Passage {
  id: string;
  document: Document;
  chunkIndex: number;
  page: number;
  heading: string | null;
  text: string;
  /** Its opening, as SQL's `left(text, 300)`: the snippet when none is highlighted. */
  snippet: string;
  config: string;
  /** Distinct lexemes: `length(tsv)`. */
  lexemes: number;
}

interface Document {
  id: string;
  title: string | null;
  name: string;
  language: string | null;
  origin: DocumentOrigin | null;
  asOf: string | null;
  jurisdiction: string | null;
  titleLexemes: ReadonlySet<string>;
}

/** One lexeme's passages, in passage order, with its length-normalised rank and positions in each. */
interface Postings {
  passages: number[];
  ranks: number[];
  positions: Uint16Array[];
}

/** One entry of a tsvector: the lexeme, its positions and their weights (0 = D … 3 = A). */
export interface TsvectorEntry {
  lexeme: string;
  positions: number[];
  weights: number[];
}

/**
 * PostgreSQL's text form of a tsvector (`'lexeme':1A,5 'other'`), read back: quotes are doubled and
 * backslashes escape inside a lexeme.
 */
export function parseTsvector(text: string): TsvectorEntry[] {
  const entries: TsvectorEntry[] = [];
  let index = 0;
  while (index < text.length) {
    if (text[index] !== "'") {
      index += 1;
      continue;
    }
    let lexeme = '';
    index += 1;
    while (index < text.length) {
      const char = text[index]!;
      if (char === '\\') {
        lexeme += text[index + 1] ?? '';
        index += 2;
      } else if (char === "'" && text[index + 1] === "'") {
        lexeme += "'";
        index += 2;
      } else if (char === "'") {
        index += 1;
        break;
      } else {
        lexeme += char;
        index += 1;
      }
    }
    const positions: number[] = [];
    const weights: number[] = [];
    if (text[index] === ':') {
      index += 1;
      const match = /^[0-9A-D,]+/.exec(text.slice(index, index + 4096));
      const list = match?.[0] ?? '';
      for (const item of list.split(',')) {
        if (!item) continue;
        positions.push(Number.parseInt(item, 10));
        const letter = item.at(-1)!;
        weights.push(letter === 'A' ? 3 : letter === 'B' ? 2 : letter === 'C' ? 1 : 0);
      }
      index += list.length;
    }
    entries.push({ lexeme, positions, weights });
  }
  return entries;
}

/**
 * A phrase as `phraseto_tsquery` writes it (`'qualifi' <-> 'custodian'`, `'art' <2> '4'`): its lexemes
 * and each one's distance from the one before; undefined for anything but such a chain.
 */
export function parsePhraseQuery(text: string): { lexemes: string[]; gaps: number[] } | undefined {
  const lexemes: string[] = [];
  const gaps: number[] = [];
  const pattern = /\s*(?:'((?:[^'\\]|''|\\.)*)'|<(-|\d+)>)/gy;
  let expectLexeme = true;
  let gap = 0;
  let match: RegExpExecArray | null;
  let end = 0;
  while ((match = pattern.exec(text))) {
    end = pattern.lastIndex;
    if (match[1] !== undefined) {
      if (!expectLexeme) return undefined;
      lexemes.push(match[1].replace(/''/g, "'").replace(/\\(.)/g, '$1'));
      gaps.push(gap);
      expectLexeme = false;
    } else {
      if (expectLexeme) return undefined;
      gap = match[2] === '-' ? 1 : Number(match[2]);
      expectLexeme = true;
    }
  }
  if (text.slice(end).trim() !== '' || expectLexeme || lexemes.length === 0) return undefined;
  return { lexemes, gaps };
}

/** Turns a query's words into the database's lexemes; the index module keeps the answers (they never change). */
export interface WordParser {
  lexemes(config: string, text: string): readonly string[];
  phrase(config: string, text: string): { lexemes: string[]; gaps: number[] } | undefined;
  /** Looks up what is not known yet, in one statement. */
  learn(pairs: { config: string; text: string }[], phrases: { config: string; text: string }[]): Promise<void>;
}

export function createWordParser(db: Db, { maxEntries = 50_000 }: { maxEntries?: number } = {}): WordParser {
  const words = new LRUCache<string, readonly string[]>({ max: maxEntries });
  // `false`: the text makes no phrase (a cache holds no undefined).
  const phrases = new LRUCache<string, { lexemes: string[]; gaps: number[] } | false>({ max: maxEntries });
  const keyOf = (config: string, text: string) => `${config}\u0000${text}`;
  return {
    lexemes: (config, text) => words.get(keyOf(config, text)) ?? [],
    phrase: (config, text) => phrases.get(keyOf(config, text)) || undefined,
    async learn(pairs, phrasePairs) {
      const newWords = pairs.filter((pair) => !words.has(keyOf(pair.config, pair.text)));
      const newPhrases = phrasePairs.filter((pair) => !phrases.has(keyOf(pair.config, pair.text)));
      if (newWords.length === 0 && newPhrases.length === 0) return;
      const rows = await queryRows<{
        kind: 'word' | 'phrase';
        config: string;
        text: string;
        result: string | string[];
      }>(
        db,
        sql`select 'word' as kind, q.config, q.text,
                   coalesce(array_to_json(tsvector_to_array(to_tsvector(q.config::regconfig, q.text))), '[]'::json) as result
            from jsonb_to_recordset(${JSON.stringify(newWords)}::jsonb) as q(config text, text text)
            union all
            select 'phrase', q.config, q.text,
                   to_json(case when numnode(phraseto_tsquery(q.config::regconfig, q.text)) >= 3
                                then phraseto_tsquery(q.config::regconfig, q.text)::text else '' end)
            from jsonb_to_recordset(${JSON.stringify(newPhrases)}::jsonb) as q(config text, text text)`,
      );
      for (const row of rows) {
        const result = typeof row.result === 'string' && row.kind === 'word' ? JSON.parse(row.result) : row.result;
        if (row.kind === 'word') words.set(keyOf(row.config, row.text), result as string[]);
        else phrases.set(keyOf(row.config, row.text), (result && parsePhraseQuery(result as string)) || false);
      }
    },
  };
}

/** A passage as the index reads it: its tsvector in PostgreSQL's text form. */
interface ChunkRow extends Record<string, unknown> {
  id: string;
  fileId: string;
  chunkIndex: number;
  page: number;
  heading: string | null;
  text: string;
  config: string;
  tsv: string;
}

/** Builds the index from the knowledge base's ready passages. */
export async function loadIndex(db: Db): Promise<BuiltIndex> {
  const documentRows = await queryRows<{
    id: string;
    title: string | null;
    name: string;
    language: string | null;
    origin: DocumentOrigin | null;
    asOf: string | null;
    jurisdiction: string | null;
    titleTsv: string;
  }>(
    db,
    sql`select f.id, f.title, f.name, f.language, f.origin,
               coalesce(f.metadata->>'lastVerified', f.metadata->>'asOf') as "asOf",
               f.metadata->>'jurisdiction' as "jurisdiction", f.title_tsv::text as "titleTsv"
        from files f where f.scope = 'kb' and f.status = 'ready'`,
  );
  const documents = new Map<string, Document>();
  for (const row of documentRows) {
    documents.set(row.id, {
      id: row.id,
      title: row.title,
      name: row.name,
      language: row.language,
      origin: row.origin,
      asOf: row.asOf,
      jurisdiction: row.jurisdiction,
      titleLexemes: new Set(parseTsvector(row.titleTsv ?? '').map((entry) => entry.lexeme)),
    });
  }
  const chunkRows = await queryRows<ChunkRow>(
    db,
    sql`select c.id, c.file_id as "fileId", c.chunk_index as "chunkIndex", c.page, c.heading, c.text,
               c.ts_config as config, c.tsv::text as tsv
        from file_chunks c join files f on f.id = c.file_id
        where f.scope = 'kb' and f.status = 'ready'
        order by c.id`,
  );
  return buildIndex(documents, chunkRows);
}

function buildIndex(documents: Map<string, Document>, rows: ChunkRow[]): BuiltIndex {
  const passages: Passage[] = [];
  // Per configuration, each lexeme's postings: a word is only ever matched in its own language.
  const postings = new Map<string, Map<string, Postings>>();
  for (const row of rows) {
    const document = documents.get(row.fileId);
    if (!document) continue;
    const entries = parseTsvector(row.tsv);
    const words = entries.reduce((sum, entry) => sum + Math.max(entry.positions.length, 1), 0);
    const number = passages.length;
    passages.push({
      id: row.id,
      document,
      chunkIndex: row.chunkIndex,
      page: row.page,
      heading: row.heading,
      text: row.text,
      snippet: row.text.length > 300 ? [...row.text].slice(0, 300).join('') : row.text,
      config: row.config,
      lexemes: entries.length,
    });
    let byLexeme = postings.get(row.config);
    if (!byLexeme) postings.set(row.config, (byLexeme = new Map()));
    for (const entry of entries) {
      let list = byLexeme.get(entry.lexeme);
      if (!list) byLexeme.set(entry.lexeme, (list = { passages: [], ranks: [], positions: [] }));
      list.passages.push(number);
      list.ranks.push(lengthNormalised(singleTermRank(entry.weights), words));
      list.positions.push(Uint16Array.from(entry.positions));
    }
  }
  const configs = textSearchConfigs.filter((config) => postings.has(config));
  // Each search's candidates and scores, in arrays indexed by passage number and kept with the index:
  // a search runs from its first candidate to its result without awaiting, so searches never share
  // them. A Set and a Map per search made it twice as slow (docs/performance.md, "Session 19").
  const score = new Float64Array(passages.length);
  const candidateOf = new Uint32Array(passages.length);
  let searchNumber = 0;

  return {
    passages: passages.length,
    async search({ terms, phrases, language, limit, candidateLimit }, parser) {
      const wanted = language ? [tsConfigFor(language)].filter((config) => postings.has(config)) : configs;
      const pairs = wanted.flatMap((config) =>
        terms.filter((term) => !term.config || term.config === config).map((term) => ({ config, text: term.text })),
      );
      await parser.learn(
        pairs,
        wanted.flatMap((config) => phrases.map((text) => ({ config, text }))),
      );
      // Each (configuration, lexeme) once, at the highest weight a term gave it.
      const weights = new Map<string, { config: string; lexeme: string; weight: number }>();
      for (const config of wanted) {
        for (const term of terms) {
          if (term.config && term.config !== config) continue;
          for (const lexeme of parser.lexemes(config, term.text)) {
            const key = `${config}\u0000${lexeme}`;
            const known = weights.get(key);
            if (!known || known.weight < term.weight) weights.set(key, { config, lexeme, weight: term.weight });
          }
        }
      }
      if (weights.size === 0) return [];
      const perTermLimit = Math.max(50, Math.floor(candidateLimit / weights.size));
      const total = passages.length;
      const weighted = [...weights.values()].flatMap(({ config, lexeme, weight }) => {
        const list = postings.get(config)?.get(lexeme);
        if (!list) return [];
        const df = Math.min(list.passages.length, dfCap);
        return [{ config, lexeme, list, common: df >= dfCap, idf: inverseDocumentFrequency(weight, total, df) }];
      });
      // Every passage of a rarer word is a candidate; a very common word brings a sample, as in SQL.
      searchNumber = (searchNumber % 0xffff_ffff) + 1;
      if (searchNumber === 1) candidateOf.fill(0);
      const candidates: number[] = [];
      for (const term of weighted) {
        const taken = term.common ? Math.min(commonTermLimit, perTermLimit) : term.list.passages.length;
        for (let index = 0; index < taken; index += 1) {
          const number = term.list.passages[index]!;
          if (candidateOf[number] === searchNumber) continue;
          candidateOf[number] = searchNumber;
          score[number] = 0;
          candidates.push(number);
        }
      }
      const isCandidate = (number: number) => candidateOf[number] === searchNumber;
      for (const term of weighted) {
        const { passages: numbers, ranks } = term.list;
        for (let index = 0; index < numbers.length; index += 1) {
          const number = numbers[index]!;
          if (!isCandidate(number)) continue;
          const rank = ranks[index]! * 10;
          const inTitle = passages[number]!.document.titleLexemes.has(term.lexeme);
          score[number] = score[number]! + term.idf * (inTitle ? rank * titleTermInBody + titleBonus : rank);
        }
      }
      const hits = phraseHits(phrases, new Set(weighted.map((term) => term.config)), parser, isCandidate);
      const ranked = candidates.map((number) => {
        const passage = passages[number]!;
        const rank =
          (passage.chunkIndex === 0 ? openingBoost : 1) *
            (passage.lexemes < shortPassageLexemes ? shortPassageFactor : 1) *
            score[number]! +
          phraseBonus * (hits.get(number) ?? 0);
        return { number, rank };
      });
      // Passages are numbered in the database's order of their ids: its tie-break.
      ranked.sort((a, b) => b.rank - a.rank || a.number - b.number);
      return ranked.slice(0, limit).map(({ number, rank }) => toRow(passages[number]!, rank));
    },
  };

  /** For each candidate, how many of the query's word pairs (each once per language) it holds as written. */
  function phraseHits(
    phrases: string[],
    used: Set<string>,
    parser: WordParser,
    isCandidate: (number: number) => boolean,
  ) {
    const hits = new Map<number, number>();
    for (const config of used) {
      const seen = new Set<string>();
      for (const text of phrases) {
        const phrase = parser.phrase(config, text);
        if (!phrase || phrase.lexemes.length < 2) continue;
        const key = `${phrase.lexemes.join('\u0000')}\u0001${phrase.gaps.join(',')}`;
        if (seen.has(key)) continue;
        seen.add(key);
        const lists = phrase.lexemes.map((lexeme) => postings.get(config)?.get(lexeme));
        if (lists.some((list) => !list)) continue;
        const first = lists[0]!;
        for (let index = 0; index < first.passages.length; index += 1) {
          const number = first.passages[index]!;
          if (!isCandidate(number)) continue;
          if (holdsPhrase(number, first.positions[index]!, lists as Postings[], phrase.gaps)) {
            hits.set(number, (hits.get(number) ?? 0) + 1);
          }
        }
      }
    }
    return hits;
  }
}

/** Whether the passage holds the lexemes in sequence, each at its distance from the one before. */
function holdsPhrase(number: number, starts: Uint16Array, lists: Postings[], gaps: number[]): boolean {
  const positionsOf = lists.map((list) => {
    const at = binarySearch(list.passages, number);
    return at < 0 ? undefined : list.positions[at];
  });
  if (positionsOf.some((positions) => !positions)) return false;
  return Array.from(starts).some((start) => {
    let position = start;
    for (let index = 1; index < lists.length; index += 1) {
      position += gaps[index]!;
      if (!positionsOf[index]!.includes(position)) return false;
    }
    return true;
  });
}

function binarySearch(sorted: number[], value: number): number {
  let low = 0;
  let high = sorted.length - 1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    const found = sorted[middle]!;
    if (found === value) return middle;
    if (found < value) low = middle + 1;
    else high = middle - 1;
  }
  return -1;
}

function toRow(passage: Passage, rank: number): PassageRow {
  const { document } = passage;
  return {
    chunkId: passage.id,
    documentId: document.id,
    title: document.title,
    fileName: document.name,
    scope: 'kb',
    page: passage.page,
    heading: passage.heading,
    text: passage.text,
    snippet: passage.snippet,
    language: document.language,
    rank,
    asOf: document.asOf,
    jurisdiction: document.jurisdiction,
    origin: document.origin,
  };
}

/**
 * The index kept in step with the database: current while the write generation of `files` and
 * `file_chunks` has not moved (and, on PostgreSQL, for at most `maxAgeMs`, for a row changed by
 * hand). A search that finds it stale waits for it to be built again, one build for all waiting: it is
 * then as fresh as a query run at that moment, and every search ranks the same way. Without a trusted
 * generation (PostgreSQL with REDIS_URL: other instances write too) there is none.
 */
export function createKnowledgeBaseIndex(
  db: Db,
  trusted: { generation: WriteGeneration; maxAgeMs: number } | undefined,
  // About 7 MiB of heap and 100 ms of this thread per 1,000 passages: a larger knowledge base stays in SQL.
  { maxPassages = 5_000 }: { maxPassages?: number } = {},
): KnowledgeBaseIndex {
  let state: { index: BuiltIndex | undefined; stamp: number; builtAt: number } | undefined;
  let building: Promise<BuiltIndex | undefined> | undefined;
  const stamp = () => (trusted ? trusted.generation.of('files') + trusted.generation.of('file_chunks') : 0);
  const isCurrent = () =>
    state !== undefined &&
    state.stamp === stamp() &&
    (trusted!.maxAgeMs === Infinity || performance.now() - state.builtAt <= trusted!.maxAgeMs);

  async function build(): Promise<BuiltIndex | undefined> {
    const before = stamp();
    const startedAt = performance.now();
    const [count] = await queryRows<{ passages: number }>(
      db,
      sql`select count(*)::int as passages from file_chunks c join files f on f.id = c.file_id
          where f.scope = 'kb' and f.status = 'ready'`,
    );
    // A knowledge base this large stays in the database: its passages would hold too much memory here.
    const index = (count?.passages ?? 0) > maxPassages ? undefined : await loadIndex(db);
    // Kept only when nothing was written while it was read: such a write moved the stamp.
    if (stamp() === before) state = { index, stamp: before, builtAt: startedAt };
    return index;
  }

  return {
    async current() {
      if (!trusted) return undefined;
      if (isCurrent()) return state!.index;
      building ??= build().finally(() => {
        building = undefined;
      });
      return building;
    },
  };
}
