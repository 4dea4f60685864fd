import { LRUCache } from 'lru-cache';
import type { Glossary } from '../search/glossary.ts';
import type { AnswerSource } from './answer-provider.ts';
import { passageUnits, type PassageUnit } from './passage-units.ts';
import { answerKind, holdsAnswer, type AnswerKind } from './question.ts';
import { contentTerms, stem, termsMatch, words } from './text-tools.ts';

/**
 * The offline engine's reading of the retrieved passages: every statement scored against the
 * question, the one that answers chosen to lead, supporting statements after it, whole lists when
 * a list is asked for — and, before any of it, whether the passages answer the question at all.
 */

export interface ScoredUnit {
  unit: PassageUnit;
  sourceIndex: number;
  /** The question's terms the statement holds, weighted by rarity. */
  termScore: number;
  score: number;
  /** It holds the kind of fact the question asks for (a date for "when", a figure for "how much"). */
  holdsFact: boolean;
}

interface QueryTerm {
  stem: string;
  /** The stem and the other stems that count as the same term (its names in the other languages, from
   * the glossary), ready to be looked up. */
  probes: { own: Probe; alternatives: Probe[] };
  idf: number;
}

export interface Reading {
  kind: AnswerKind;
  /** The share of the question's terms the best passage holds (0–1). */
  coverage: number;
  units: ScoredUnit[];
  /** Per source: the weight of the question's terms its title and heading hold. */
  titleWeight: number[];
  /** Per source: how much its place in the search ranking and its language count (1 = best). */
  sourceWeight: number[];
}

const stemsOf = (text: string) => words(text).map(stem);

/**
 * A statement's stems ready for `termsMatch` by lookups: the stems, and every stem's first 4, 5, …
 * letters (a term of four letters or more matches a stem it begins). Kept with the passage's reading:
 * comparing every term and its other names with every word was the largest part of reading sources.
 */
export interface Stems {
  words: Set<string>;
  prefixes: Set<string>;
}

export function stemSet(stems: readonly string[]): Stems {
  const prefixes = new Set<string>();
  for (const word of stems)
    for (let length = 4; length <= word.length; length += 1) prefixes.add(word.slice(0, length));
  return { words: new Set(stems), prefixes };
}

/** A term ready to be looked up: itself, and its first 4, 5, … letters short of the whole. */
export interface Probe {
  word: string;
  shorter: readonly string[];
}

export function probe(term: string): Probe {
  const shorter: string[] = [];
  for (let length = 4; length < term.length; length += 1) shorter.push(term.slice(0, length));
  return { word: term, shorter };
}

/** Whether any of the stems matches the term as `termsMatch` decides. */
export function matchesAny(stems: Stems, { word, shorter }: Probe): boolean {
  return (
    stems.words.has(word) ||
    (word.length >= 4 && (stems.prefixes.has(word) || shorter.some((part) => stems.words.has(part))))
  );
}

interface ReadPassage {
  heading: string | null | undefined;
  units: readonly PassageUnit[];
  /** Each unit's stems, in order and as a set. */
  stems: readonly string[][];
  sets: readonly Stems[];
  /** The stems of the title and heading the passage was last read with. */
  title?: { text: string; stems: Stems };
  /** Per kind of question, whether each unit holds the kind of fact it asks for (filled when asked). */
  facts: Map<AnswerKind, readonly boolean[]>;
}

/**
 * Passages read before (the least recently used go first). Reading is a function of the text alone, and
 * the knowledge base's passages are retrieved by answer after answer: with 1,000 answers at once,
 * reading them again was a tenth of the server's CPU.
 */
const readPassages = new LRUCache<string, ReadPassage>({ max: 2_000 });

function readPassage(text: string, heading: string | null | undefined): ReadPassage {
  const known = readPassages.get(text);
  if (known && known.heading === heading) return known;
  const units = passageUnits(text, heading).map((unit) => Object.freeze(unit));
  const stems = units.map((unit) => stemsOf(unit.text));
  const read = { heading, units, stems, sets: stems.map(stemSet), facts: new Map() };
  readPassages.set(text, read);
  return read;
}

/** Which units of a passage hold the kind of fact a question asks for: found once per passage and kind. */
function factsOf(read: ReadPassage, kind: AnswerKind): readonly boolean[] {
  let facts = read.facts.get(kind);
  if (!facts) read.facts.set(kind, (facts = read.units.map((unit) => holdsAnswer(kind, unit.text))));
  return facts;
}

/** The stems of the question's words written with capitals inside: abbreviations and names ("LSerFi", "SEC", "GwG"). */
function namedTerms(question: string): Set<string> {
  const written = question.match(/[\p{L}\p{N}][\p{L}\p{N}'’-]*/gu) ?? [];
  return new Set(written.filter((word) => /\p{Lu}.*\p{Lu}/u.test(word)).map((word) => stem(word.toLowerCase())));
}

type BaseTerm = Omit<QueryTerm, 'idf'>;

function questionTerms(question: string, glossary: Glossary): BaseTerm[] {
  const concepts = glossary.concepts(question);
  return contentTerms(question).map((term) => {
    const alternatives = concepts
      .filter(({ used }) => used.some((form) => stemsOf(form).some((other) => termsMatch(term, other))))
      .flatMap(({ forms }) => forms.flatMap(stemsOf));
    const others = [...new Set(alternatives)].filter((alternative) => alternative !== term);
    return { stem: term, probes: { own: probe(term), alternatives: others.map(probe) } };
  });
}

const holds = (stems: Stems, { probes }: BaseTerm) =>
  matchesAny(stems, probes.own)
    ? 1
    : probes.alternatives.some((alternative) => matchesAny(stems, alternative))
      ? 0.8
      : 0;

/** The stems of a source's title and heading, kept with the reading of its passage. */
function titleStems(read: ReadPassage, source: AnswerSource): Stems {
  const text = `${source.title} ${source.heading ?? ''}`;
  if (read.title?.text !== text) read.title = { text, stems: stemSet(stemsOf(text)) };
  return read.title.stems;
}

/** Whether two terms follow each other in the question. */
function adjacentInQuestion(question: string, first: string, second: string): boolean {
  const stems = stemsOf(question);
  return stems.some((word, index) => word === first && stems[index + 1] === second);
}

/** Whether a statement holds two terms side by side. */
const holdsPair = (stems: string[], first: QueryTerm, second: QueryTerm) =>
  stems.some((word, index) => termsMatch(first.stem, word) && termsMatch(second.stem, stems[index + 1] ?? ''));

/** Scores every statement of the sources for the question. */
export function readSources(question: string, sources: AnswerSource[], glossary: Glossary, language?: string): Reading {
  const kind = answerKind(question);
  const perSource = sources.map((source) => readPassage(source.text, source.heading));
  const all = perSource.flatMap(({ units, stems, sets }, sourceIndex) =>
    units.map((unit, index) => ({ unit, sourceIndex, stems: stems[index]!, set: sets[index]! })),
  );
  const baseTerms = questionTerms(question, glossary);
  if (baseTerms.length === 0 || all.length === 0)
    return { kind, coverage: 0, units: [], titleWeight: [], sourceWeight: [] };

  // Whether each statement holds each term, found once: the rarity, the scores and the coverage all read it.
  const held = all.map(({ set }) => baseTerms.map((term) => holds(set, term)));
  // Rarer terms weigh more: inverse frequency over the statements of the retrieved passages.
  const terms: QueryTerm[] = baseTerms.map((term, index) => {
    const frequency = held.filter((row) => row[index]! > 0).length;
    return { ...term, idf: Math.log(1 + all.length / (1 + frequency)) };
  });

  // A source whose title or heading names the question's terms lends weight to all its statements;
  // an identifier in the title ("Rule 204-2", "2023/1") names the very instrument asked about.
  const titleHeld = sources.map((source, index) => {
    const stems = titleStems(perSource[index]!, source);
    return terms.map((term) => holds(stems, term));
  });
  const sourcePrior = titleHeld.map((row) =>
    terms.reduce((sum, term, index) => sum + row[index]! * term.idf * (/\d/.test(term.stem) ? 3 : 1), 0),
  );
  // Identifiers and abbreviations ("204-2", "LSerFi", "FINMA") read the same in every language: a
  // passage holding them holds more of the question than its share of words says.
  const named = namedTerms(question);
  const nameWeight = (term: QueryTerm) => (/\d/.test(term.stem) || named.has(term.stem) ? 3 : 1);

  const pairs = terms.slice(1).flatMap((term, index) => {
    const previous = terms[index];
    return previous && adjacentInQuestion(question, previous.stem, term.stem) ? [[previous, term] as const] : [];
  });

  // The question's language reads best; English (the US documents) next; a third language last.
  const languageWeight = sources.map((source) =>
    !language || !source.language || source.language === language ? 1 : source.language === 'en' ? 0.85 : 0.5,
  );
  // A list item or table row also counts its lead-in's terms ("The thresholds are:" → the rows).
  const leadInScores = new Map<string, number>();
  const leadInScore = (leadIn: string) => {
    if (!leadInScores.has(leadIn)) {
      const stems = stemSet(stemsOf(leadIn));
      leadInScores.set(
        leadIn,
        terms.reduce((sum, term) => sum + holds(stems, term) * term.idf, 0),
      );
    }
    return leadInScores.get(leadIn) ?? 0;
  };

  // In the order of `all`: each passage's units, passage after passage.
  const facts = perSource.flatMap((read) => factsOf(read, kind));
  const scored: ScoredUnit[] = [];
  let previous: { sourceIndex: number; termScore: number } | null = null;
  for (const [unitIndex, { unit, sourceIndex, stems }] of all.entries()) {
    // A passage that starts mid-sentence (the chunk before it holds the beginning) opens with a
    // fragment ("es. autorità …"): it cannot stand as a statement of its own.
    if (unit.position === 0 && unit.kind === 'sentence' && /^\p{Ll}/u.test(unit.text)) continue;
    const row = held[unitIndex]!;
    const ownScore = terms.reduce((sum, term, index) => sum + row[index]! * term.idf, 0);
    const termScore = ownScore + (unit.leadIn ? 0.6 * leadInScore(unit.leadIn) : 0);
    // A statement right after a relevant one often carries its answer ("It must … within 30 days.").
    const carried = previous && previous.sourceIndex === sourceIndex ? 0.35 * previous.termScore : 0;
    let score = termScore + carried + 0.5 * (sourcePrior[sourceIndex] ?? 0);
    score *= 1 + 0.3 * (1 - sourceIndex / Math.max(sources.length, 1));
    // The statement holding the kind of fact asked for (a date for "when") leads among equals.
    const holdsFact = facts[unitIndex]!;
    if (holdsFact) score += 0.6 * termScore;
    // The question's word pairs as written ("qualified custodian") tell apart statements with the same words.
    score += pairs.reduce(
      (sum, [first, second]) => sum + (holdsPair(stems, first, second) ? 0.5 * (first.idf + second.idf) : 0),
      0,
    );
    if (unit.text.length > 500) score *= 0.8;
    score *= languageWeight[sourceIndex] ?? 1;
    scored.push({ unit, sourceIndex, termScore, score, holdsFact });
    previous = { sourceIndex, termScore };
  }

  // Coverage: the share of the question's terms one passage holds, with its title and heading —
  // a question the knowledge base answers finds most of its words together in one place.
  // A source holds a term when its title, its heading or any of its statements does.
  const sourceHolds = titleHeld.map((row) => row.map((value) => value > 0));
  all.forEach(({ sourceIndex }, unitIndex) =>
    held[unitIndex]!.forEach((value, index) => {
      if (value > 0) sourceHolds[sourceIndex]![index] = true;
    }),
  );
  const coverage = Math.max(
    0,
    ...sources.map((source, sourceIndex) => {
      const share =
        terms.reduce((sum, term, index) => sum + (sourceHolds[sourceIndex]![index] ? nameWeight(term) : 0), 0) /
        terms.reduce((sum, term) => sum + nameWeight(term), 0);
      // A passage in another language can only hold the words the glossary translates: its share
      // weighs more (a question's own grammar words have no equivalent to find).
      const otherLanguage = Boolean(language && source.language && source.language !== language);
      return Math.min(1, otherLanguage ? share / 0.7 : share);
    }),
  );
  const sourceWeight = sources.map(
    (_, index) => (1 + 0.3 * (1 - index / Math.max(sources.length, 1))) * (languageWeight[index] ?? 1),
  );
  return { kind, coverage, units: scored, titleWeight: sourcePrior, sourceWeight };
}

export interface Composition {
  lead: ScoredUnit;
  /** The short list that comes with the lead: the items it introduces, or its own list's items. */
  leadList: ScoredUnit[];
  /** Supporting statements, grouped by source in reading order. */
  support: ScoredUnit[];
}

/**
 * A statement's list, when it is short enough to read as one statement: the items a sentence
 * introduces ("FINMA set these deadlines:" → its items), or an item's siblings, in reading order.
 */
function shortListOf(reading: Reading, item: ScoredUnit, max = 8): ScoredUnit[] {
  const sameSource = reading.units.filter((other) => other.sourceIndex === item.sourceIndex);
  const members =
    item.unit.kind === 'sentence'
      ? item.unit.text.endsWith(':')
        ? sameSource.filter((other) => other.unit.kind !== 'sentence' && other.unit.leadIn === item.unit.text)
        : []
      : item.unit.leadIn
        ? sameSource.filter((other) => other.unit.kind === item.unit.kind && other.unit.leadIn === item.unit.leadIn)
        : [];
  return members.length <= max ? members : [];
}

const normalise = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

/**
 * For a question that asks for a date or a figure, the statement that gives one leads, when it is
 * about the question at all: a passage's topic sentence without the date answers nothing. Cited
 * words count less across languages, so "about the question" is measured against the best match.
 */
function factLead(
  ranked: ScoredUnit[],
  reading: Reading,
  bestPassage: number,
  passageScore: (index: number) => number,
): ScoredUnit | undefined {
  const bestTerms = Math.max(0, ...ranked.map((item) => item.termScore));
  // Only from passages on the same subject (their titles name the question's terms as much) that
  // answer nearly as well as the best one: a date in another document answers another question.
  const bestScore = passageScore(bestPassage);
  const bestTitle = reading.titleWeight[bestPassage] ?? 0;
  const fitting = ranked.filter(
    (item) =>
      item.holdsFact &&
      item.termScore >= 0.4 * bestTerms &&
      passageScore(item.sourceIndex) >= 0.6 * bestScore &&
      (reading.titleWeight[item.sourceIndex] ?? 0) >= 0.8 * bestTitle,
  );
  const [first] = fitting;
  if (!first) return undefined;
  const inBestPassage = fitting.find((item) => item.sourceIndex === bestPassage);
  return inBestPassage && inBestPassage.score >= 0.7 * first.score ? inBestPassage : first;
}

/** Chooses the statement that leads and the ones that support it. */
export function compose(reading: Reading, { maxSupport = 6 }: { maxSupport?: number } = {}): Composition | null {
  // A statement without the question's words may still carry its answer after one that has them
  // ("It entered into force on 1 October 2026."): its score counts what it follows and its passage.
  const ranked = reading.units.filter((item) => item.score > 0).toSorted((a, b) => b.score - a.score);
  if (ranked.length === 0) return null;
  // The passage that answers best — its title and its two best statements together — gives the lead:
  // a document named after the instrument asked about beats a passing mention elsewhere.
  const passageScores = new Map<number, number[]>();
  for (const item of ranked)
    passageScores.set(item.sourceIndex, [...(passageScores.get(item.sourceIndex) ?? []), item.termScore]);
  const passageScore = (index: number) => {
    const [first = 0, second = 0] = passageScores.get(index) ?? [];
    // The search's ranking and the question's language count here as they do for each statement.
    return ((reading.titleWeight[index] ?? 0) + first + 0.5 * second) * (reading.sourceWeight[index] ?? 1);
  };
  const bestPassage = [...passageScores.keys()].reduce((best, index) =>
    passageScore(index) > passageScore(best) ? index : best,
  );
  const lead =
    factLead(ranked, reading, bestPassage, passageScore) ??
    ranked.find((item) => item.sourceIndex === bestPassage) ??
    ranked[0];
  if (!lead) return null;

  const seen = new Set([normalise(lead.unit.text)]);
  const leadList = shortListOf(reading, lead).filter((item) => {
    const key = normalise(item.unit.text);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  const support: ScoredUnit[] = [];
  const take = (item: ScoredUnit) => {
    const key = normalise(item.unit.text);
    if (seen.has(key)) return false;
    seen.add(key);
    support.push(item);
    return true;
  };

  // A list question gets the whole list the best statement belongs to.
  if (reading.kind === 'list') {
    const listed = ranked.find((item) => item.unit.kind !== 'sentence' && item.score >= lead.score * 0.5);
    if (listed) {
      const members = reading.units.filter(
        (item) =>
          item.sourceIndex === listed.sourceIndex &&
          item.unit.kind === listed.unit.kind &&
          item.unit.leadIn === listed.unit.leadIn,
      );
      for (const member of members.slice(0, 30)) take(member);
    }
  }

  const perSource = new Map<number, number>();
  const sources = new Set([lead.sourceIndex]);
  for (const item of ranked) {
    if (item === lead) continue;
    if (support.length >= maxSupport + (reading.kind === 'list' ? 30 : 0)) break;
    if (item.score < lead.score * 0.3) break;
    const count = perSource.get(item.sourceIndex) ?? 0;
    // The lead's own passage may say more than the others.
    if (count >= (item.sourceIndex === lead.sourceIndex ? 5 : 3)) continue;
    if (!sources.has(item.sourceIndex) && sources.size >= 3) continue;
    if (take(item)) {
      perSource.set(item.sourceIndex, count + 1);
      sources.add(item.sourceIndex);
    }
  }
  // A short list is one statement: an item chosen brings its siblings ("within 24 hours; and" → "72 hours"),
  // a sentence that introduces a list brings its items.
  for (const item of [...support]) for (const member of shortListOf(reading, item)) take(member);
  support.sort((a, b) => a.sourceIndex - b.sourceIndex || a.unit.position - b.unit.position);
  return { lead, leadList, support };
}
