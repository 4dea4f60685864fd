import type { ChatLanguage } from '@compliance/shared/chat';
import { locales } from '@compliance/shared/locales';
import { LRUCache } from 'lru-cache';

/** Small, language-aware text helpers for the offline engine: terms, stems, question language, quotes. */

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

/**
 * The language a question is written in: stop words first (reliable on short questions), the
 * n-gram detector next, the interface language last.
 */
export async function questionLanguage(question: string, hint: ChatLanguage | undefined): Promise<ChatLanguage> {
  const key = `${hint ?? ''}\u0000${question}`;
  let language = questionLanguages.get(key);
  if (!language) questionLanguages.set(key, (language = await detectQuestionLanguage(question, hint)));
  return language;
}

/** The languages of recent questions: the same question is often asked again (a course, a team, a FAQ). */
const questionLanguages = new LRUCache<string, ChatLanguage>({ max: 1_000 });

async function detectQuestionLanguage(question: string, hint: ChatLanguage | undefined): Promise<ChatLanguage> {
  const tokens = words(question).map((word) => word.replace(/^(l|d|qu|j|n|s|c)['’]/, ''));
  const scores = (Object.keys(stopwords) as ChatLanguage[]).map((language) => ({
    language,
    score: tokens.filter((token) => stopwords[language].has(token)).length,
  }));
  scores.sort((a, b) => b.score - a.score);
  const [first, second] = scores;
  if (first && second && first.score > 0 && first.score > second.score) return first.language;
  try {
    const detector = await loadQuestionLanguageDetector();
    const detected = detector.detect(question).language;
    if (detected === 'en' || detected === 'de' || detected === 'fr' || detected === 'it') return detected;
  } catch {
    // Fall through to the hint.
  }
  return hint ?? 'en';
}

type QuestionDetector = { detect(text: string): { language: string } };
let questionDetector: Promise<QuestionDetector> | null = null;

/**
 * The n-gram detector for questions: eld's smallest database, limited to the four languages. On the
 * labelled questions it decides as well as the medium one that documents use (ingestion/language.ts),
 * and it loads in about a third of the time and half the memory (docs/performance.md, "Session 19").
 * The chat loads it when the server starts, so no question waits for it.
 */
export function loadQuestionLanguageDetector(): Promise<QuestionDetector> {
  questionDetector ??= import('eld/extrasmall').then(({ eld }) => {
    eld.setLanguageSubset([...locales]);
    return eld;
  });
  return questionDetector;
}

/** Cuts a quote to at most `max` characters on a word boundary. */
export function shorten(value: string, max = 220): string {
  const clean = value.replace(/\s+/g, ' ').trim();
  if (clean.length <= max) return clean;
  const cut = clean.slice(0, max);
  const space = cut.lastIndexOf(' ');
  return `${cut.slice(0, space > max * 0.6 ? space : max).trimEnd()}…`;
}
