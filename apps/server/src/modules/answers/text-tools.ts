import type { ChatLanguage } from '@compliance/shared/chat';
import { loadLanguageDetector } from '../ingestion/language.ts';

/** Small, language-aware text helpers for the offline engine: terms, sentences, question language. */

const stopwordLists: Record<ChatLanguage, string> = {
  en: `a about above after again all also am an and any are as at be been before being below between both but by can
    could did do does doing down during each few for from further had has have having he her here hers him his how i if in
    into is it its itself just me more most must my no nor not now of off on once only or other our ours out over own
    same shall she should so some such than that the their theirs them then there these they this those through to too
    under until up very was we were what when where which while who whom why will with would you your yours tell explain
    please describe give list need know mean means`,
  de: `aber alle allem allen aller alles als also am an ander andere anderem anderen anderer anderes auch auf aus bei
    bin bis bist da damit dann das dass dasselbe dazu dein deine dem den denn der des dessen die dies diese diesem diesen
    dieser dieses doch dort du durch ein eine einem einen einer eines er es etwas euer für gegen hat hatte haben hier
    hin hinter ich ihr ihre im in ist jede jedem jeden jeder jedes jetzt kann kein keine können man manche mein mit muss
    müssen nach nicht nichts noch nun nur ob oder ohne sehr sein seine sich sie sind so solche soll sollen über um und
    uns unter viel vom von vor wann war was weg weil welche welchem welchen welcher welches wenn wer werden wie wieder
    will wir wird wo zu zum zur zwischen gibt erklären erkläre bitte`,
  fr: `a au aux avec ce ces cette dans de des du elle en et eux il ils je la le les leur lui ma mais me même mes moi mon
    ne nos notre nous on ou où par pas pour qu que quel quelle quelles quels qui sa se ses son sont sur ta te tes toi ton
    tu un une vos votre vous est sont été être avoir ont doit doivent peut faut comment quand pourquoi quoi lequel
    laquelle expliquer expliquez`,
  it: `a ad al alla alle allo ai agli anche che chi ci come con cosa da dal dalla dei del della delle dello di dove e è
    gli ha hanno i il in la le lo ma mi ne nel nella nelle non o per perché più quale quali quando questo questa sono
    su sua suo sul sulla tra un una uno deve devono può essere spiegare spiega`,
};

const stopwords: Record<ChatLanguage, Set<string>> = Object.fromEntries(
  Object.entries(stopwordLists).map(([language, list]) => [language, new Set(list.split(/\s+/).filter(Boolean))]),
) as Record<ChatLanguage, Set<string>>;

const allStopwords = new Set(Object.values(stopwords).flatMap((set) => [...set].map(fold)));

/** Lower case without diacritics. */
export function fold(value: string): string {
  return value.toLowerCase().normalize('NFD').replace(/\p{M}/gu, '');
}

/** Words of a text (letters and digits), as written, lower-cased. */
export function words(value: string): string[] {
  return value.toLowerCase().match(/[\p{L}\p{N}][\p{L}\p{N}'’-]*/gu) ?? [];
}

/** A crude, language-independent stem: folded and cut to six characters. */
export function stem(word: string): string {
  return fold(word)
    .replace(/^(l|d|qu|j|n|s|c|m|t|dell|all|dall|nell|sull|un)['’]/, '')
    .replace(/['’].*$/, '')
    .slice(0, 6);
}

/** The content terms of a text: no stop words (of any of the four languages), stemmed, unique. */
export function contentTerms(value: string): string[] {
  const terms = new Set<string>();
  for (const word of words(value)) {
    const folded = fold(word).replace(/^(l|d|qu|j|n|s|c)['’]/, '');
    if (folded.length < 2 || allStopwords.has(folded)) continue;
    terms.add(stem(folded));
  }
  return [...terms];
}

/** Whether two stems name the same word (prefix match for inflections: grise ~ gris). */
export function termsMatch(a: string, b: string): boolean {
  if (a === b) return true;
  if (Math.min(a.length, b.length) < 4) return false;
  return a.startsWith(b) || b.startsWith(a);
}

/** The words worth searching for, as written (for an OR query). */
export function searchWords(value: string): string[] {
  const seen = new Set<string>();
  const result: string[] = [];
  for (const word of words(value)) {
    const folded = fold(word).replace(/^(l|d|qu|j|n|s|c)['’]/, '');
    if (folded.length < 2 || allStopwords.has(folded)) continue;
    const clean = word.replace(/^(l|d|qu|j|n|s|c)['’]/i, '').replace(/['’-]+$/, '');
    if (!seen.has(clean)) {
      seen.add(clean);
      result.push(clean);
    }
  }
  return result;
}

/**
 * The language a question is written in: stop words first (reliable on short questions), the
 * n-gram detector next, the interface language last.
 */
export async function questionLanguage(question: string, hint: ChatLanguage | undefined): Promise<ChatLanguage> {
  const tokens = words(question).map((word) => word.replace(/^(l|d|qu|j|n|s|c)['’]/, ''));
  const scores = (Object.keys(stopwords) as ChatLanguage[]).map((language) => ({
    language,
    score: tokens.filter((token) => stopwords[language].has(token)).length,
  }));
  scores.sort((a, b) => b.score - a.score);
  const [first, second] = scores;
  if (first && second && first.score > 0 && first.score > second.score) return first.language;
  try {
    const detector = await loadLanguageDetector();
    const detected = detector.detect(question).language;
    if (detected === 'en' || detected === 'de' || detected === 'fr' || detected === 'it') return detected;
  } catch {
    // Fall through to the hint.
  }
  return hint ?? 'en';
}

const LIST_ITEM = '\u2022 ';

/**
 * Markdown to plain text, line by line: emphasis, links and table rules removed; headings dropped
 * (they are not statements); list items kept with a bullet so a lead-in can be joined with them.
 */
export function markdownToPlain(value: string): string {
  return value
    .split('\n')
    .map((line) => {
      if (/^\s{0,3}#{1,6}\s+/.test(line)) return '';
      const item = /^\s*([-*+]|\d+[.)])\s+/.test(line);
      const text = line
        .replace(/^\s*[-*+]\s+/, '')
        .replace(/^\s*\d+[.)]\s+/, '')
        .replace(/^\s*>\s?/, '')
        .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
        .replace(/\[([^\]]+)\]\([^)]*\)/g, '$1')
        .replace(/(\*\*|__)(.+?)\1/g, '$2')
        .replace(/(^|[\s(])[*_]([^*_\n]+)[*_](?=[\s).,;:!?]|$)/g, '$1$2')
        .replace(/`([^`]+)`/g, '$1')
        .trim();
      if (!text || /^\|?[\s:|-]+\|?$/.test(text)) return '';
      const row = text.startsWith('|') ? text.replace(/\s*\|\s*/g, ' · ').replace(/^ · | · $/g, '') : text;
      return item ? `${LIST_ITEM}${row}` : row;
    })
    .filter(Boolean)
    .join('\n');
}

const abbreviations =
  /(?:\b(?:e\.g|i\.e|z\.B|z\. B|bzw|art|abs|no|nr|para|ch|cf|vgl|etc|al|s|p|pp|ff|ziff|lit|let|mr|ms|dr|st|u\.s|v|vs|inc|ltd|sec|approx|resp|mio|mrd|bst|ca|chap|cap|par|ss|al)\.|\b\d{1,2}\.)$/i;

function splitLine(line: string): string[] {
  const result: string[] = [];
  let buffer = '';
  for (const part of line.split(/(?<=[.!?;])\s+(?=[\p{Lu}\p{N}«"(“])/u)) {
    buffer = buffer ? `${buffer} ${part}` : part;
    if (abbreviations.test(buffer) || /\b\p{L}\.$/u.test(buffer)) continue;
    result.push(buffer.trim());
    buffer = '';
  }
  if (buffer.trim()) result.push(buffer.trim());
  return result;
}

/**
 * Splits plain text into sentences. A lead-in ending with a colon is joined with the list items
 * that follow it ("X must: a; b; c"), so it reads as one complete statement.
 */
export function sentences(value: string): string[] {
  const lines = value.split('\n');
  const result: string[] = [];
  for (let index = 0; index < lines.length; index += 1) {
    const line = lines[index] ?? '';
    const isItem = line.startsWith(LIST_ITEM);
    const parts = splitLine(isItem ? line.slice(LIST_ITEM.length) : line);
    const last = parts.at(-1);
    if (last && last.endsWith(':') && lines[index + 1]?.startsWith(LIST_ITEM)) {
      const items: string[] = [];
      while (lines[index + 1]?.startsWith(LIST_ITEM) && items.join('; ').length < 500) {
        index += 1;
        items.push((lines[index] ?? '').slice(LIST_ITEM.length).replace(/[;.,]\s*$/, ''));
      }
      parts[parts.length - 1] = `${last} ${items.join('; ')}.`.replace(/;\s*(oder|or|and|und|et|ou|e|o);/g, '; $1');
    }
    result.push(...parts);
  }
  // Headings and labels are not statements: keep what ends like a sentence (or is long).
  return result.filter(
    (sentence) => sentence.length >= 25 && (/[.!?]["»”)]?$/.test(sentence) || sentence.length >= 100),
  );
}

/** Cuts a quote to at most `max` characters on a word boundary. */
export function shorten(value: string, max = 220): string {
  const clean = value.replace(/\s+/g, ' ').trim();
  if (clean.length <= max) return clean;
  const cut = clean.slice(0, max);
  const space = cut.lastIndexOf(' ');
  return `${cut.slice(0, space > max * 0.6 ? space : max).trimEnd()}…`;
}
