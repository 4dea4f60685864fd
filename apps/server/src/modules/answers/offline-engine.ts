import type { ChatLanguage } from '@compliance/shared/chat';
import {
  zeroUsage,
  type AnswerChunk,
  type AnswerProvider,
  type AnswerRequest,
  type AnswerSource,
} from './answer-provider.ts';
import { contentTerms, markdownToPlain, sentences, shorten, stem, termsMatch, words } from './text-tools.ts';

/**
 * The built-in offline engine (DESIGN §2): an extractive answer composed only from the best
 * sentences of the retrieved passages, each sentence cited with a numbered marker that maps to
 * exactly one source. When no sentence is relevant enough it says so instead of guessing.
 */

const phrases: Record<
  ChatLanguage,
  {
    lead: string;
    more: string;
    nothing: string;
    nothingHint: string;
    noSources: string;
    promptIntro: string;
    promptTips: string[];
    promptSections: [string, string, string, string, string];
    promptFill: string;
  }
> = {
  en: {
    lead: 'According to the sources I found:',
    more: 'In more detail:',
    nothing: 'I could not find anything relevant to this question in the knowledge base, so I will not guess.',
    nothingHint:
      'Try rephrasing it with the regulation’s terms (for example the law, rule or form it concerns), or add your own documents to the library.',
    noSources:
      'Knowledge-base search is off, and the built-in engine only answers from sources. Turn knowledge-base search on to get an answer with citations.',
    promptIntro:
      'Here is a structured version of your prompt. Replace the parts in {{double braces}} and remove what does not apply:',
    promptTips: [
      'State the role and the audience: the model adapts depth and vocabulary to them.',
      'Name the jurisdiction, the regulation and the date that matter; compliance answers depend on them.',
      'Ask for sources and for “I don’t know” when the sources do not cover the question.',
      'Say what the output should look like (length, structure, language).',
    ],
    promptSections: ['Role', 'Task', 'Context', 'Constraints', 'Output format'],
    promptFill: 'You are an experienced compliance specialist.',
  },
  de: {
    lead: 'Laut den gefundenen Quellen:',
    more: 'Im Einzelnen:',
    nothing: 'Zu dieser Frage habe ich in der Wissensdatenbank nichts Relevantes gefunden – ich rate deshalb nicht.',
    nothingHint:
      'Formulieren Sie die Frage mit den Begriffen der Regulierung (etwa Gesetz, Verordnung oder Formular), oder laden Sie eigene Dokumente in die Bibliothek.',
    noSources:
      'Die Suche in der Wissensdatenbank ist ausgeschaltet, und die eingebaute Engine antwortet nur aus Quellen. Schalten Sie die Wissensdatenbank-Suche ein, um eine Antwort mit Quellenangaben zu erhalten.',
    promptIntro:
      'Hier ist eine strukturierte Fassung Ihres Prompts. Ersetzen Sie die Teile in {{doppelten Klammern}} und entfernen Sie, was nicht passt:',
    promptTips: [
      'Nennen Sie Rolle und Zielpublikum: Das Modell passt Tiefe und Wortwahl daran an.',
      'Geben Sie Rechtsordnung, Regulierung und Stichtag an; Compliance-Antworten hängen davon ab.',
      'Verlangen Sie Quellen und ein «Ich weiss es nicht», wenn die Quellen die Frage nicht abdecken.',
      'Beschreiben Sie die gewünschte Ausgabe (Länge, Struktur, Sprache).',
    ],
    promptSections: ['Rolle', 'Aufgabe', 'Kontext', 'Vorgaben', 'Ausgabeformat'],
    promptFill: 'Sie sind eine erfahrene Compliance-Fachperson.',
  },
  fr: {
    lead: 'Selon les sources trouvées :',
    more: 'En détail :',
    nothing:
      'Je n’ai rien trouvé de pertinent sur cette question dans la base de connaissances ; je préfère ne pas deviner.',
    nothingHint:
      'Reformulez la question avec les termes de la réglementation (loi, ordonnance ou formulaire concerné), ou ajoutez vos propres documents à la bibliothèque.',
    noSources:
      'La recherche dans la base de connaissances est désactivée, et le moteur intégré ne répond qu’à partir de sources. Activez-la pour obtenir une réponse avec citations.',
    promptIntro:
      'Voici une version structurée de votre prompt. Remplacez les parties entre {{doubles accolades}} et supprimez ce qui ne s’applique pas :',
    promptTips: [
      'Indiquez le rôle et le public : le modèle adapte la profondeur et le vocabulaire.',
      'Précisez la juridiction, la réglementation et la date pertinentes ; les réponses de conformité en dépendent.',
      'Demandez des sources, et un « je ne sais pas » lorsque les sources ne couvrent pas la question.',
      'Décrivez le résultat attendu (longueur, structure, langue).',
    ],
    promptSections: ['Rôle', 'Tâche', 'Contexte', 'Contraintes', 'Format de sortie'],
    promptFill: 'Vous êtes un spécialiste expérimenté de la conformité.',
  },
  it: {
    lead: 'Secondo le fonti trovate:',
    more: 'Nel dettaglio:',
    nothing:
      'Non ho trovato nulla di pertinente a questa domanda nella base di conoscenza, quindi preferisco non tirare a indovinare.',
    nothingHint:
      'Riformuli la domanda con i termini della normativa (legge, ordinanza o modulo interessato) oppure aggiunga i suoi documenti alla biblioteca.',
    noSources:
      'La ricerca nella base di conoscenza è disattivata e il motore integrato risponde solo a partire da fonti. La attivi per ottenere una risposta con citazioni.',
    promptIntro:
      'Ecco una versione strutturata del suo prompt. Sostituisca le parti tra {{doppie graffe}} e tolga ciò che non serve:',
    promptTips: [
      'Indichi ruolo e destinatari: il modello adatta profondità e linguaggio.',
      'Precisi giurisdizione, normativa e data rilevanti; le risposte di compliance ne dipendono.',
      'Chieda le fonti e un «non lo so» quando le fonti non coprono la domanda.',
      'Descriva il risultato atteso (lunghezza, struttura, lingua).',
    ],
    promptSections: ['Ruolo', 'Compito', 'Contesto', 'Vincoli', 'Formato di output'],
    promptFill: 'Lei è uno specialista esperto di compliance.',
  },
};

interface Candidate {
  source: AnswerSource;
  sourceIndex: number;
  position: number;
  sentence: string;
  score: number;
  matched: number;
}

export interface OfflineEngineOptions {
  /** Pause between streamed pieces, so the answer reads as it is written (0 in tests and benches). */
  paceMs?: number;
  maxSentences?: number;
}

/** Picks the sentences that answer the question best, at most `max`, from the retrieved sources. */
export function selectSentences(question: string, sources: AnswerSource[], max = 5): Candidate[] {
  const queryTerms = contentTerms(question);
  if (queryTerms.length === 0 || sources.length === 0) return [];

  const candidates: Candidate[] = [];
  sources.forEach((source, sourceIndex) => {
    const plain = markdownToPlain(source.text);
    sentences(plain).forEach((sentence, position) => {
      const sentenceTerms = new Set(words(sentence).map(stem));
      const matchedTerms = queryTerms.filter((term) => [...sentenceTerms].some((other) => termsMatch(term, other)));
      candidates.push({ source, sourceIndex, position, sentence, score: 0, matched: matchedTerms.length });
    });
  });
  if (candidates.length === 0) return [];

  // Rarer terms weigh more (inverse sentence frequency over the candidates).
  const weights = new Map<string, number>();
  for (const term of queryTerms) {
    const frequency = candidates.filter((candidate) =>
      words(candidate.sentence).some((word) => termsMatch(term, stem(word))),
    ).length;
    weights.set(term, Math.log(1 + candidates.length / (1 + frequency)));
  }
  // A source whose title or heading names the question's terms lends weight to all its sentences.
  const sourcePrior = sources.map((source) => {
    const titleWords = words(`${source.title} ${source.heading ?? ''}`).map(stem);
    return queryTerms.reduce(
      (sum, term) => sum + (titleWords.some((word) => termsMatch(term, word)) ? (weights.get(term) ?? 0) : 0),
      0,
    );
  });
  for (const candidate of candidates) {
    const sentenceWords = words(candidate.sentence).map(stem);
    let score = 0;
    for (const term of queryTerms) {
      if (sentenceWords.some((word) => termsMatch(term, word))) score += weights.get(term) ?? 0;
    }
    score += 0.8 * (sourcePrior[candidate.sourceIndex] ?? 0);
    // Earlier-ranked passages and earlier sentences lead; table rows and very long sentences count a little less.
    score *= 1 + 0.25 * (1 - candidate.sourceIndex / Math.max(sources.length, 1));
    score *= 1 - Math.min(candidate.position, 20) * 0.005;
    if (candidate.sentence.includes(' · ')) score *= 0.8;
    if (candidate.sentence.length > 600) score *= 0.85;
    candidate.score = score;
  }

  const needed = queryTerms.length === 1 ? 1 : 2;
  const ranked = candidates
    .filter((candidate) => candidate.matched >= Math.min(needed, queryTerms.length))
    .sort((a, b) => b.score - a.score);
  const best = ranked[0];
  if (!best) return [];

  const chosen: Candidate[] = [];
  const perSource = new Map<number, number>();
  const seen = new Set<string>();
  for (const candidate of ranked) {
    if (chosen.length >= max) break;
    if (candidate.score < best.score * 0.45) break;
    const key = candidate.sentence.toLowerCase();
    if (seen.has(key)) continue;
    const count = perSource.get(candidate.sourceIndex) ?? 0;
    if (count >= 3) continue;
    const distinctSources = new Set(chosen.map((item) => item.sourceIndex));
    if (!distinctSources.has(candidate.sourceIndex) && distinctSources.size >= 3) continue;
    seen.add(key);
    perSource.set(candidate.sourceIndex, count + 1);
    chosen.push(candidate);
  }
  return chosen;
}

function pieces(text: string): string[] {
  return text.match(/\S+\s*|\s+/g) ?? [];
}

async function pause(ms: number, signal: AbortSignal): Promise<void> {
  if (ms <= 0) {
    await new Promise<void>((resolve) => setImmediate(resolve));
    return;
  }
  await new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        resolve();
      },
      { once: true },
    );
  });
}

export function createOfflineEngine({ paceMs = 12, maxSentences = 5 }: OfflineEngineOptions = {}): AnswerProvider {
  async function* streamText(text: string, signal: AbortSignal): AsyncGenerator<AnswerChunk> {
    const parts = pieces(text);
    for (let index = 0; index < parts.length; index += 3) {
      if (signal.aborted) return;
      yield { type: 'text', text: parts.slice(index, index + 3).join('') };
      await pause(paceMs, signal);
    }
  }

  async function* promptEngineer(request: AnswerRequest): AsyncGenerator<AnswerChunk> {
    const say = phrases[request.language];
    const task = request.question.replace(/\s+/g, ' ').trim();
    const [role, taskLabel, context, constraints, output] = say.promptSections;
    const text = [
      say.promptIntro,
      '',
      '```text',
      `# ${role}`,
      say.promptFill,
      '',
      `# ${taskLabel}`,
      task,
      '',
      `# ${context}`,
      '{{jurisdiction, regulation, date, client or product}}',
      '',
      `# ${constraints}`,
      '{{what to avoid, sources to rely on, tone}}',
      '',
      `# ${output}`,
      '{{length, structure, language}}',
      '```',
      '',
      ...say.promptTips.map((tip) => `- ${tip}`),
    ].join('\n');
    yield* streamText(text, request.signal);
    yield { type: 'usage', usage: zeroUsage };
  }

  return {
    kind: 'offline',
    async *answer(request) {
      if (request.assistant.slug === 'prompt-engineer') {
        yield* promptEngineer(request);
        return;
      }
      const say = phrases[request.language];
      if (!request.grounded) {
        yield* streamText(say.noSources, request.signal);
        yield { type: 'usage', usage: zeroUsage };
        return;
      }
      const chosen = selectSentences(request.question, request.sources, maxSentences);
      if (chosen.length === 0) {
        yield* streamText(`${say.nothing}\n\n${say.nothingHint}`, request.signal);
        yield { type: 'usage', usage: zeroUsage };
        return;
      }

      // Number the sources in the order the answer first uses them.
      const numbers = new Map<number, number>();
      const numberFor = (candidate: Candidate) => {
        let number = numbers.get(candidate.sourceIndex);
        if (number === undefined) {
          number = numbers.size + 1;
          numbers.set(candidate.sourceIndex, number);
        }
        return number;
      };
      const [lead, ...rest] = chosen;
      if (!lead) return;
      // The rest reads in document order, grouped by source.
      rest.sort((a, b) => a.sourceIndex - b.sourceIndex || a.position - b.position);

      const cite = function* (candidate: Candidate): Generator<AnswerChunk> {
        const known = numbers.has(candidate.sourceIndex);
        const number = numberFor(candidate);
        if (!known) yield { type: 'citation', number, source: candidate.source, quote: shorten(candidate.sentence) };
      };
      const marker = (candidate: Candidate) => ` [${numbers.get(candidate.sourceIndex)}]`;

      yield* streamText(`${say.lead}\n\n`, request.signal);
      yield* cite(lead);
      yield* streamText(`${lead.sentence}${marker(lead)}`, request.signal);
      if (rest.length > 0) {
        yield* streamText(`\n\n${say.more}\n`, request.signal);
        for (const candidate of rest) {
          if (request.signal.aborted) return;
          yield* cite(candidate);
          yield* streamText(`\n- ${candidate.sentence}${marker(candidate)}`, request.signal);
        }
      }
      yield { type: 'usage', usage: zeroUsage };
    },
  };
}
