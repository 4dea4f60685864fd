import { fold } from './text-tools.ts';

/**
 * What kind of answer a question asks for, from its wording in the four languages. The kind
 * decides which statement leads (a date for "when", a figure for "how much") and whether a whole
 * list is wanted ("which", "list").
 */
export type AnswerKind = 'when' | 'amount' | 'list' | 'yesno' | 'general';

const kinds: { kind: AnswerKind; pattern: RegExp }[] = [
  {
    kind: 'when',
    pattern:
      /\b(when|by when|how long|how soon|how quickly|how fast|how often|wie schnell|wie rasch|en combien de temps|dans quels delais|quanto rapidamente|in quanto tempo|entro quanto tempo|deadline|time limit|within how|wann|bis wann|wie lange|wie oft|innert welcher|frist|quand|dans quel delai|delai|combien de temps|a quelle frequence|quando|entro quando|entro quale|termine|per quanto tempo|ogni quanto|con quale frequenza)\b/,
  },
  {
    kind: 'amount',
    pattern:
      /\b(how much|how many|how high|thresholds?|amounts?|limits?|wie viel|wie viele|wie hoch|schwellenwerte?n?|schwellen?|betrage?|combien|seuils?|montants?|plafonds?|quanto|quanti|quante|soglia|soglie|importi|importo)\b/,
  },
  {
    kind: 'list',
    pattern:
      /(^|\b)(which \w+s\b|what are the|list|name the|welche|nenne|liste|was sind die|quels|quelles|quels sont|quelles sont|quali|elenca|elenco)\b/,
  },
  {
    kind: 'yesno',
    pattern:
      /^(is|are|does|do|must|can|may|should|has|have|will|ist|sind|muss|mussen|kann|konnen|darf|durfen|gibt es|hat|haben|wird|est-ce|faut-il|doit|doivent|peut|peuvent|y a-t-il|existe-t-il|e |sono|deve|devono|puo|possono|esiste|c'e)\b/,
  },
];

export function answerKind(question: string): AnswerKind {
  const folded = fold(question).replaceAll('’', "'").trim();
  return kinds.find(({ pattern }) => pattern.test(folded))?.kind ?? 'general';
}

const month =
  '(january|february|march|april|may|june|july|august|september|october|november|december|januar|februar|marz|mai|juni|juli|oktober|dezember|janvier|fevrier|mars|avril|juin|juillet|aout|septembre|octobre|novembre|decembre|gennaio|febbraio|marzo|aprile|maggio|giugno|luglio|agosto|settembre|ottobre|dicembre)';
const timeUnit =
  '(business days?|days?|weeks?|months?|years?|hours?|tagen?|wochen?|monaten?|jahren?|stunden?|jours?|semaines?|mois|ans|annees?|heures?|giorni|settimane|mesi|anni|ore)';
// Durations are often written in words ("zehn Jahre", "at least five years", "un an", "dieci anni"),
// folded; after a word a unit may be singular.
const unitAfterWord = `(${timeUnit.slice(1, -1)}|jahr|tag|monat|an|giorno|mese|anno|settimana)`;
const numberWord =
  '(one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|thirty|sixty|ninety|eine?[mn]?|zwei|drei|vier|funf|sechs|sieben|acht|neun|zehn|elf|zwolf|funfzehn|zwanzig|dreissig|sechzig|neunzig|une?|deux|trois|quatre|cinq|sept|huit|neuf|dix|onze|douze|quinze|vingt|trente|soixante|quatre-vingt-dix|un[oa]|due|tre|quattro|cinque|sei|sette|otto|nove|dieci|undici|dodici|quindici|venti|trenta|sessanta|novanta)';

const whenEvidence = new RegExp(
  `\\b\\d+\\s*${timeUnit}\\b|\\b${numberWord}\\s+${unitAfterWord}\\b|\\b\\d{1,2}\\.?\\s+${month}\\b|\\b${month}\\s+\\d{4}\\b|\\b(19|20)\\d{2}-\\d{2}-\\d{2}\\b|\\b(annually|quarterly|yearly|monthly|at least once|jahrlich|quartalsweise|vierteljahrlich|monatlich|annuel|annuellement|trimestriel|mensuel|annuale|annualmente|trimestrale|mensile|immediately|unverzuglich|immediatement|immediatamente|without delay|promptly)\\b`,
);
// A figure with thousands separators ("250,000", "250'000", "1 000 000"), not a dotted identifier
// ("17 CFR 275.206(4)-5", "SR 955.033.0").
const amountEvidence =
  /(\$|chf|usd|eur|€|%|\bpercent\b|\bprozent\b|\bpour cent\b|\bper cento\b|\bmillion|\bmio\b|\bmrd\b|\bbillion|\bmilliard|\bthousand\b|\b\d{1,3}(?:[',.\s]\d{3})+\b(?![(]|[./-]?\d))/;

// A count of things ("11 recognised SROs", "15 clients"), not an article, rule or date ("Art. 24", "1 October").
const countEvidence = new RegExp(
  `(?<!\\b(?:art|arts|para|rule|r|no|nr|sr|cfr|section|recommendation|circular|§)\\.?\\s?)(?<![\\d./(§-])\\b\\d{1,3}\\s+(?!${month}\\b)\\p{L}`,
  'u',
);

/** Whether a statement holds the kind of fact the question asks for. */
export function holdsAnswer(kind: AnswerKind, text: string): boolean {
  if (kind === 'when') return whenEvidence.test(fold(text));
  if (kind === 'amount') {
    const folded = fold(text);
    return amountEvidence.test(folded) || countEvidence.test(folded);
  }
  return false;
}

/** A national rulebook of the knowledge base (`INT`, the FATF's texts, belongs to neither). */
export type NationalJurisdiction = 'CH' | 'US';

// Names that point at one rulebook only, in the four languages: its authorities, acts and the
// instruments known by name or number ("Rule 204-2", "Section 206", "the custody rule"). No bare "us"
// ("tell us") and no "SRO" (FINRA is one too).
const jurisdictionNames: Record<NationalJurisdiction, RegExp> = {
  CH: /\b(swiss|switzerland|schweiz\w*|suisse|svizzer\w*|finma|amla|gwg|lba|lrd|finsa|fidleg|lsfin|finia|finig|lefin|finmag|lfinma|finfrag|limf|linfi|mros|oar|oad|chf)\b/,
  US: /\b(sec|advisers act|investment advisers act|form adv|form crs|finra|fincen|cftc|united states|usa|americans?|americaine?s?|amerikanisch\w*|etats-unis|vereinigte\w* staaten|stati uniti|statunitens[ei]|custody rule|marketing rule|pay[- ]to[- ]play|regulation s-p|reg s-p|qualified clients?|access persons?|(rule|regel|regle|regola) 20\d[a-z]?(\(\d+\))?-\d+|section 2[0-2]\d)\b|\bu\.s\.?(?!\w)/,
};

/** The national rulebooks a question names: "the SEC", "FINMA", "Swiss", "Form ADV"... */
export function namedJurisdictions(question: string): Set<NationalJurisdiction> {
  const folded = fold(question).replaceAll('’', "'");
  return new Set(
    (Object.keys(jurisdictionNames) as NationalJurisdiction[]).filter((name) => jurisdictionNames[name].test(folded)),
  );
}
