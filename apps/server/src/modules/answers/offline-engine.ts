import { setImmediate as nextTurn, setTimeout as sleep } from 'node:timers/promises';
import type { ChatLanguage } from '@compliance/shared/chat';
import { createGlossary, loadGlossary, type Glossary } from '../search/glossary.ts';
import {
  zeroUsage,
  type AnswerChunk,
  type AnswerProvider,
  type AnswerRequest,
  type AnswerSource,
} from './answer-provider.ts';
import { compose, readSources, type ScoredUnit } from './composer.ts';
import { asksAboutFatf } from './fatf-facts.ts';
import { engineerPrompt } from './prompt-engineer.ts';
import { loadScopeCheck, type ScopeCheck } from './scope.ts';
import { isSourceNotesHeading } from './passage-units.ts';
import { contentTerms, shorten, termsMatch } from './text-tools.ts';

/**
 * The built-in offline engine (DESIGN §2, ADR 011): an extractive answer composed only from the
 * retrieved statements, each cited with a numbered marker that maps to exactly one source. It leads
 * with the statement that answers, adds supporting ones, and says so instead of guessing when the
 * sources do not answer the question or the question is about something the knowledge base does
 * not cover.
 */

const phrases: Record<
  ChatLanguage,
  { more: string; nothing: string; elsewhere: string; advice: string; covers: string; hint: string; noSources: string }
> = {
  en: {
    more: 'In more detail:',
    nothing: 'I could not find an answer to this question in the knowledge base, so I will not guess.',
    elsewhere:
      'This question is about rules the knowledge base does not cover, so I will not answer it from unrelated sources.',
    advice:
      'I do not make forecasts or give personal investment advice: the knowledge base explains rules, it does not pick investments.',
    covers:
      'The knowledge base covers Swiss financial-market regulation (AMLA, FinSA, FinIA, FINMA circulars and more), US investment-adviser regulation (the Advisers Act and its rules, Form ADV and Form CRS, FinCEN) and the FATF lists.',
    hint: 'Try rephrasing the question with the regulation’s terms, or add your own documents to the library.',
    noSources:
      'Knowledge-base search is off, and the built-in engine only answers from sources. Turn knowledge-base search on to get an answer with citations.',
  },
  de: {
    more: 'Im Einzelnen:',
    nothing: 'Auf diese Frage habe ich in der Wissensdatenbank keine Antwort gefunden – ich rate deshalb nicht.',
    advice:
      'Prognosen oder persönliche Anlageempfehlungen gebe ich nicht: Die Wissensdatenbank erklärt Regeln, sie wählt keine Anlagen aus.',
    elsewhere:
      'Diese Frage betrifft Regeln, die die Wissensdatenbank nicht abdeckt; ich beantworte sie deshalb nicht aus sachfremden Quellen.',
    covers:
      'Die Wissensdatenbank deckt die Schweizer Finanzmarktregulierung (GwG, FIDLEG, FINIG, FINMA-Rundschreiben u. a.), die US-Regulierung der Anlageberater (Advisers Act und seine Regeln, Form ADV und Form CRS, FinCEN) und die FATF-Listen ab.',
    hint: 'Formulieren Sie die Frage mit den Begriffen der Regulierung, oder laden Sie eigene Dokumente in die Bibliothek.',
    noSources:
      'Die Suche in der Wissensdatenbank ist ausgeschaltet, und die eingebaute Engine antwortet nur aus Quellen. Schalten Sie die Wissensdatenbank-Suche ein, um eine Antwort mit Quellenangaben zu erhalten.',
  },
  fr: {
    more: 'En détail :',
    nothing:
      'Je n’ai pas trouvé de réponse à cette question dans la base de connaissances ; je préfère ne pas deviner.',
    advice:
      'Je ne fais pas de prévisions et ne donne pas de conseils de placement personnels : la base de connaissances explique des règles, elle ne choisit pas de placements.',
    elsewhere:
      'Cette question porte sur des règles que la base de connaissances ne couvre pas ; je n’y réponds donc pas à partir de sources sans rapport.',
    covers:
      'La base de connaissances couvre la réglementation suisse des marchés financiers (LBA, LSFin, LEFin, circulaires FINMA, etc.), la réglementation américaine des conseillers en placement (Advisers Act et ses règles, Form ADV et Form CRS, FinCEN) et les listes du GAFI.',
    hint: 'Reformulez la question avec les termes de la réglementation, ou ajoutez vos propres documents à la bibliothèque.',
    noSources:
      'La recherche dans la base de connaissances est désactivée, et le moteur intégré ne répond qu’à partir de sources. Activez-la pour obtenir une réponse avec citations.',
  },
  it: {
    more: 'Nel dettaglio:',
    nothing:
      'Non ho trovato una risposta a questa domanda nella base di conoscenza, quindi preferisco non tirare a indovinare.',
    advice:
      'Non faccio previsioni né do consigli d’investimento personali: la base di conoscenza spiega norme, non sceglie investimenti.',
    elsewhere:
      'Questa domanda riguarda norme che la base di conoscenza non copre; non rispondo quindi a partire da fonti non pertinenti.',
    covers:
      'La base di conoscenza copre la regolamentazione svizzera dei mercati finanziari (LRD, LSerFi, LIsFi, circolari FINMA e altro), la regolamentazione statunitense dei consulenti in investimenti (Advisers Act e relative regole, Form ADV e Form CRS, FinCEN) e le liste del GAFI.',
    hint: 'Riformuli la domanda con i termini della normativa oppure aggiunga i suoi documenti alla biblioteca.',
    noSources:
      'La ricerca nella base di conoscenza è disattivata e il motore integrato risponde solo a partire da fonti. La attivi per ottenere una risposta con citazioni.',
  },
};

export interface OfflineEngineOptions {
  /** Pause between streamed pieces, so the answer reads as it is written (0 in tests and benches). */
  paceMs?: number;
  /** Supporting statements after the lead. */
  maxSupport?: number;
  /** Below this share of the question's weighted terms found in the best passages, the engine refuses. */
  coverageFloor?: number;
  glossary?: Glossary;
  scope?: ScopeCheck;
}

/** Numbers that name an instrument: `2017/1`, `204-2`, `206(4)-7`, `955.0` (not plain years or counts). */
export function instrumentNumbers(question: string): string[] {
  return (question.toLowerCase().match(/\b\d+[a-z]?(?:[/.-]\d+[a-z]?|\(\d+\))+(?:-\d+)?/g) ?? []).filter(
    (number) => !/^\d{1,2}\.\d{1,2}\.\d{2,4}$/.test(number),
  );
}

/**
 * Words sent together, one piece every `paceMs`: about 250 words a second, as fast as anyone reads,
 * in 25 pieces a second. Each piece is one write to the socket: pieces of three words every 12 ms
 * made the socket writes a third of the server's CPU with 1,000 answers streaming (docs/performance.md).
 */
const wordsPerPiece = 10;

/**
 * The pieces all answers together write in a second. Past 40 streams at once each stream pauses
 * longer, so the socket writes stay near this budget; the pacer's clock keeps the words on time, so
 * a piece carries more words and the answer ends as soon as it would have. The CPU saved goes to
 * the questions still waiting for their first words.
 */
export const piecesPerSecond = 1_000;

/** The pause between two pieces of one stream, with `streaming` answers streaming at once. */
export function pauseBetweenPieces(paceMs: number, streaming: number): number {
  return paceMs > 0 ? Math.max(paceMs, (streaming * 1_000) / piecesPerSecond) : 0;
}

function pieces(text: string): string[] {
  return text.match(/\S+\s*|\s+/g) ?? [];
}

/** The clock of one answer's stream: how many words the next piece carries. */
export interface Pacer {
  take(available: number): number;
}

/**
 * Words fall due at `wordsPerPiece` every `paceMs` from the answer's start, and a piece carries every
 * word due by now. A stream woken late (a server busy with a burst of questions) catches up in one
 * larger write instead of falling behind one small write at a time: under load the writes thin out
 * by themselves, and the CPU goes to the questions still waiting for their first words.
 */
export function createPacer(paceMs: number, now = () => performance.now()): Pacer {
  const started = now();
  let sent = 0;
  return {
    take(available) {
      const due = paceMs > 0 ? Math.floor((now() - started) / paceMs + 1) * wordsPerPiece : 0;
      const count = Math.min(available, Math.max(wordsPerPiece, due - sent));
      sent += count;
      return count;
    },
  };
}

/**
 * Waits between two pieces of the stream; an abort ends the wait early. The timers' own signal option
 * removes its abort listener when the wait ends: one added per pause and left behind would pile up
 * on the answer's signal (about a hundred per answer, each `addEventListener` slower than the last).
 */
async function pause(ms: number, signal: AbortSignal): Promise<void> {
  if (signal.aborted) return;
  try {
    await (ms <= 0 ? nextTurn(undefined, { signal }) : sleep(ms, undefined, { signal }));
  } catch {
    // Aborted: the stream checks the signal itself.
  }
}

/** One line of the answer: a statement and the source it is quoted from. */
interface Line {
  text: string;
  source: AnswerSource;
  bullet: boolean;
  /** A list's lead-in: context for the items after it, which carry the citation. */
  leadIn?: boolean;
}

/**
 * The heading of the section the lead is quoted from, as a line above it, when it names what the
 * question asks about and the statement does not ("R.13 – Correspondent banking" above "Shell banks
 * are prohibited."): it is often the answer to "which recommendation / article / rule".
 */
function sectionLine(lead: ScoredUnit, passages: AnswerSource[], question: string): Line | null {
  const source = passages[lead.sourceIndex];
  const heading = source?.heading?.trim();
  if (!source || !heading || isSourceNotesHeading(heading) || heading === source.title) return null;
  if (lead.unit.text.includes(heading) || (lead.unit.leadIn ?? '').includes(heading)) return null;
  // A heading that cites an article or recommendation ("R.11", "Art. 4 und 5") says where the rule is;
  // a plain title ("Core requirements") is shown only for question words the statement lacks: above
  // a statement that already says "required" it adds nothing to "Does the rule require …?".
  const citesProvision = /\d/.test(heading.replace(/^\d+\.\s*/, ''));
  const said = citesProvision ? [] : contentTerms(`${lead.unit.leadIn ?? ''} ${lead.unit.text}`);
  const asked = contentTerms(question).filter((term) => !said.some((other) => termsMatch(term, other)));
  const named = contentTerms(heading).some((term) => asked.some((other) => termsMatch(term, other)));
  return named ? { text: `**${heading}**`, source, bullet: false, leadIn: true } : null;
}

export function createOfflineEngine({
  paceMs = 40,
  maxSupport = 8,
  coverageFloor = 0.42,
  glossary = createGlossary(loadGlossary()),
  scope = loadScopeCheck(),
}: OfflineEngineOptions = {}): AnswerProvider {
  /** Answers of this engine streaming now. */
  let streaming = 0;

  /**
   * Streams the answer's parts at the pacer's speed: each piece carries the words due, across line
   * breaks, and a citation goes out no later than the first words of the line that cites it.
   */
  async function* stream(parts: (string | AnswerChunk)[], signal: AbortSignal): AsyncGenerator<AnswerChunk> {
    const pacer = createPacer(paceMs);
    const items = parts.flatMap((part): (string | AnswerChunk)[] => (typeof part === 'string' ? pieces(part) : [part]));
    let wordsLeft = items.filter((item) => typeof item === 'string').length;
    let index = 0;
    streaming += 1;
    try {
      while (index < items.length) {
        if (signal.aborted) return;
        let count = pacer.take(wordsLeft);
        wordsLeft -= count;
        let text = '';
        for (; index < items.length; index += 1) {
          const item = items[index]!;
          if (typeof item === 'string') {
            if (count === 0) break;
            text += item;
            count -= 1;
          } else {
            if (text) yield { type: 'text', text };
            text = '';
            yield item;
          }
        }
        if (text) yield { type: 'text', text };
        if (index < items.length) await pause(pauseBetweenPieces(paceMs, streaming), signal);
      }
    } finally {
      streaming -= 1;
    }
  }

  async function* say(text: string, signal: AbortSignal): AsyncGenerator<AnswerChunk> {
    yield* stream([text], signal);
    yield { type: 'usage', usage: zeroUsage };
  }

  /** Streams the lines, numbering the sources in the order the answer first uses them. */
  async function* cite(lead: Line[], support: Line[], request: AnswerRequest): AsyncGenerator<AnswerChunk> {
    const parts: (string | AnswerChunk)[] = [];
    const numbers = new Map<AnswerSource, number>();
    const tagOf = (line: Line): string => {
      if (line.leadIn) return '';
      let number = numbers.get(line.source);
      if (number === undefined) {
        number = numbers.size + 1;
        numbers.set(line.source, number);
        parts.push({ type: 'citation', number, source: line.source, quote: shorten(line.text) });
      }
      return ` [${number}]`;
    };
    for (const [index, line] of lead.entries()) {
      const tag = tagOf(line);
      parts.push(`${index === 0 ? '' : line.bullet ? '\n' : '\n\n'}${line.bullet ? '- ' : ''}${line.text}${tag}`);
    }
    if (support.length > 0) {
      parts.push(`\n\n${phrases[request.language].more}`);
      let previousBullet = false;
      for (const [index, line] of support.entries()) {
        const tag = tagOf(line);
        // Bullets of one list stay together; a paragraph stands apart.
        const gap = index === 0 ? '\n' : line.bullet && previousBullet ? '\n' : '\n\n';
        parts.push(`${gap}${line.bullet ? '- ' : ''}${line.text}${tag}`);
        previousBullet = line.bullet;
      }
    }
    yield* stream(parts, request.signal);
    yield { type: 'usage', usage: zeroUsage };
  }

  /** Statements as lines: a list's lead-in once before its first item. */
  function toLines(units: ScoredUnit[], sources: AnswerSource[], already: Set<string>): Line[] {
    const lines: Line[] = [];
    for (const { unit, sourceIndex } of units) {
      const source = sources[sourceIndex];
      if (!source) continue;
      if (unit.leadIn && !already.has(unit.leadIn)) {
        already.add(unit.leadIn);
        lines.push({ text: unit.leadIn, source, bullet: false, leadIn: true });
      }
      if (already.has(unit.text)) continue;
      already.add(unit.text);
      lines.push({ text: unit.text, source, bullet: unit.kind !== 'sentence' });
    }
    return lines;
  }

  return {
    kind: 'offline',
    async *answer(request) {
      if (request.assistant.slug === 'prompt-engineer') {
        yield* say(engineerPrompt(request.question, request.language, { scope }), request.signal);
        return;
      }
      const text = phrases[request.language];
      if (!request.grounded) {
        yield* say(text.noSources, request.signal);
        return;
      }
      if (scope.asksForAdvice(request.question)) {
        yield* say(`${text.advice}\n\n${text.covers}`, request.signal);
        return;
      }
      const fatf = asksAboutFatf(request.question);
      if (scope.isElsewhere(request.question, { fatf })) {
        yield* say(`${text.elsewhere}\n\n${text.covers}`, request.signal);
        return;
      }

      // Statements made from the FATF data answer first; document passages support them.
      const factSources = request.sources.filter((source) => source.kind === 'fatf');
      const passages = request.sources.filter((source) => source.kind !== 'fatf');
      const facts: Line[] = factSources.flatMap((source) =>
        source.text.split('\n\n').map((statement) => ({ text: statement, source, bullet: false })),
      );

      const reading = readSources(request.question, passages, glossary, request.language);
      // A question naming an instrument by its number ("Circular 2017/1", "Rule 204-2") that no passage
      // holds is about something the knowledge base does not have.
      const missingInstrument = instrumentNumbers(request.question).some(
        (number) => !passages.some((source) => `${source.title} ${source.text}`.toLowerCase().includes(number)),
      );
      const answers = (reading.coverage >= coverageFloor && !missingInstrument) || facts.length > 0;
      const composition = answers ? compose(reading, { maxSupport: facts.length > 0 ? 2 : maxSupport }) : null;
      if (facts.length === 0 && !composition) {
        yield* say(`${text.nothing}\n\n${text.covers} ${text.hint}`, request.signal);
        return;
      }
      const used = new Set<string>();
      // The lead reads with its short list in document order: the lead-in, then the items.
      const leadUnits = composition
        ? [composition.lead, ...composition.leadList].toSorted((a, b) => a.unit.position - b.unit.position)
        : [];
      const lead = facts.length > 0 ? facts : toLines(leadUnits, passages, used);
      const section =
        composition && facts.length === 0 ? sectionLine(composition.lead, passages, request.question) : null;
      if (section && lead[0] && !lead[0].leadIn) lead.unshift(section);
      const support = composition
        ? toLines(facts.length > 0 ? [...leadUnits, ...composition.support] : composition.support, passages, used)
        : [];
      yield* cite(lead, support, request);
    },
  };
}
