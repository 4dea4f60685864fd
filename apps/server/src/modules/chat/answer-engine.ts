import type { Citation, ChatLanguage, StreamUsage } from '@compliance/shared/chat';
import { SNIPPET_MARK_END, SNIPPET_MARK_START } from '@compliance/shared/documents';
import type { FastifyBaseLogger } from 'fastify';
import type { StoredCitation } from '../../db/schema/index.ts';
import { stoppedByServer } from '../../plugins/lifecycle.ts';
import { ProviderError, zeroUsage, type AnswerProvider, type AnswerSource } from '../answers/answer-provider.ts';
import { fatfFactSources } from '../answers/fatf-facts.ts';
import { namedJurisdictions } from '../answers/question.ts';
import { loadScopeCheck, type ScopeCheck } from '../answers/scope.ts';
import { shorten } from '../answers/text-tools.ts';
import type { Actor } from '../access/actor.ts';
import type { FatfFacts } from '../countries/country-list.service.ts';
import type { AssistantDefinition as AssistantRow } from '../assistants/assistants.service.ts';
import type { SearchService } from '../search/search.service.ts';
import type { WebSearch } from '../web-search/web-search.ts';
import { createAnswerGate, type AnswerGate } from './answer-gate.ts';
import { documentHref } from './chat.mappers.ts';
import { streamEvents, type StreamSink } from './stream-events.ts';

export interface AnswerEngineDeps {
  search: SearchService;
  provider: AnswerProvider;
  webSearch: WebSearch | undefined;
  log: FastifyBaseLogger;
  /** Passages handed to the provider. */
  sourceLimit?: number;
  /** The FATF country data, for list and country questions (the countries module). */
  fatfFacts?: (actor: Actor) => Promise<FatfFacts>;
  /** The jurisdictions whose passages come first for this asker (their areas of work, or their company's). */
  preferredJurisdictions?: (actor: Actor) => Promise<string[]>;
  scope?: ScopeCheck;
  /** How many answers may be in their start (retrieval, composing) at once; the rest wait in order. */
  gate?: AnswerGate;
}

/** What one answer needs: the assistant, the question with its history, and where to look. */
export interface AnswerRequest {
  /** Who asks: the FATF data is read with their rights. */
  actor: Actor;
  assistant: AssistantRow;
  question: string;
  language: ChatLanguage;
  history: { role: 'user' | 'assistant'; content: string }[];
  scope: { userId: string | null; includeKnowledgeBase: boolean };
  /**
   * Documents the question is about (chosen in a prompt's `document` placeholder, readable by the
   * asker): their passages come first, even when the conversation does not search the library.
   */
  documentIds?: string[];
  knowledgeBase: boolean;
  web: boolean;
  send: StreamSink;
  signal: AbortSignal;
}

const plainSnippet = (snippet: string) => snippet.replaceAll(SNIPPET_MARK_START, '').replaceAll(SNIPPET_MARK_END, '');

/**
 * Answers one question: retrieval in the question's language, web results when asked, the answer
 * provider's stream turned into delta and citation events (each citation maps to exactly one
 * source). Internal to the chat module: its callers made the access check.
 */
export function createAnswerEngine({
  search,
  provider,
  webSearch,
  log,
  sourceLimit = 10,
  fatfFacts,
  preferredJurisdictions,
  scope = loadScopeCheck(),
  gate = createAnswerGate(4),
}: AnswerEngineDeps) {
  /**
   * Ranked retrieval across languages (the glossary finds a passage in another language), at most
   * four passages per document first, so one long document does not crowd out the others.
   */
  async function retrieve(
    question: string,
    language: ChatLanguage,
    scopeOf: { userId: string | null; includeKnowledgeBase: boolean },
    { documentIds, jurisdictions = [] }: { documentIds?: string[]; jurisdictions?: string[] } = {},
  ) {
    const found = await search.searchChunks({
      query: question,
      scope: scopeOf,
      ...(documentIds ? { documentIds } : {}),
      limit: sourceLimit * 3,
      acrossLanguages: true,
      // The offline engine reads whole passages; a model's citation may quote the highlighted snippet.
      snippets: provider.kind !== 'offline',
    });
    // A question that names one national rulebook ("the SEC", "FINMA") is not answered from the
    // other's: a Swiss passage sharing the words of a US question would lead with the wrong law. The
    // named one comes first; the FATF's texts and the asker's own documents (no jurisdiction) stay.
    const named = namedJurisdictions(question);
    const rulebook = (passage: (typeof found)[number]): 'named' | 'other' | 'neither' => {
      if (named.size !== 1 || (passage.jurisdiction !== 'CH' && passage.jurisdiction !== 'US')) return 'neither';
      return named.has(passage.jurisdiction) ? 'named' : 'other';
    };
    // A passage in the question's language reads best; English (the US documents) next; a third
    // language only when nothing closer answers.
    // The asker's own frameworks first, by a margin small enough that the words of the question
    // still decide: a question that names Swiss or US rules finds them whatever the preference.
    const preference = (passage: (typeof found)[number]) =>
      (passage.language === language ? 1.25 : passage.language === 'en' || !passage.language ? 1 : 0.6) *
      (passage.jurisdiction && jurisdictions.includes(passage.jurisdiction) ? 1.15 : 1) *
      (rulebook(passage) === 'named' ? 1.3 : 1);
    const all = found
      .filter((passage) => rulebook(passage) !== 'other')
      .map((passage) => ({ passage, score: passage.rank * preference(passage) }))
      .sort((a, b) => b.score - a.score)
      .map(({ passage }) => passage);
    const perDocument = new Map<string, number>();
    const diverse = all.filter((passage) => {
      const count = perDocument.get(passage.documentId) ?? 0;
      perDocument.set(passage.documentId, count + 1);
      return count < 4;
    });
    const rest = all.filter((passage) => !diverse.includes(passage));
    return [...diverse, ...rest].slice(0, sourceLimit);
  }

  async function gatherSources(input: {
    actor: Actor;
    question: string;
    language: ChatLanguage;
    scope: { userId: string | null; includeKnowledgeBase: boolean };
    documentIds?: string[] | undefined;
    knowledgeBase: boolean;
    web: boolean;
    signal: AbortSignal;
  }): Promise<AnswerSource[]> {
    const sources: AnswerSource[] = [];
    const chosen = input.documentIds ?? [];
    const chosenScope = { userId: input.scope.userId, includeKnowledgeBase: true };
    const passages =
      chosen.length > 0 ? await retrieve(input.question, input.language, chosenScope, { documentIds: chosen }) : [];
    // A chosen document none of whose passages holds the question's words still answers: its opening.
    const unmatched = chosen.filter((id) => !passages.some((passage) => passage.documentId === id));
    if (unmatched.length > 0) {
      passages.push(...(await search.openingPassages({ documentIds: unmatched, scope: chosenScope })));
    }
    if (input.knowledgeBase) {
      const seen = new Set(passages.map((passage) => passage.chunkId));
      const jurisdictions = preferredJurisdictions ? await preferredJurisdictions(input.actor) : [];
      const more = await retrieve(input.question, input.language, input.scope, { jurisdictions });
      passages.push(...more.filter((passage) => !seen.has(passage.chunkId)).slice(0, sourceLimit));
    }
    if (input.knowledgeBase && fatfFacts) {
      try {
        const facts = await fatfFacts(input.actor);
        for (const source of fatfFactSources({ question: input.question, language: input.language, facts, scope })) {
          sources.push({ ...source, number: sources.length + 1 });
        }
      } catch (error) {
        log.warn({ err: error }, 'FATF data unavailable; answering from documents only');
      }
    }
    for (const passage of passages.slice(0, sourceLimit)) {
      sources.push({
        number: sources.length + 1,
        kind: 'document',
        documentId: passage.documentId,
        title: passage.title,
        language: passage.language,
        page: passage.page > 0 ? passage.page : null,
        heading: passage.heading,
        text: passage.text,
        snippet: plainSnippet(passage.snippet),
        href: documentHref(passage.documentId, passage.page > 0 ? passage.page : null),
        asOf: passage.asOf,
        origin: passage.origin ?? null,
      });
    }
    if (input.web && webSearch) {
      try {
        const results = await webSearch.search(input.question, {
          language: input.language,
          limit: 4,
          signal: input.signal,
        });
        for (const result of results) {
          sources.push({
            number: sources.length + 1,
            kind: 'web',
            documentId: null,
            title: result.title,
            page: null,
            heading: null,
            text: result.content,
            snippet: result.content,
            href: result.url,
            asOf: null,
            language: null,
          });
        }
      } catch (error) {
        log.warn({ err: error }, 'Web search failed; answering without web sources');
      }
    }
    return sources;
  }

  /**
   * Streams one answer: sources, provider chunks → delta and citation events, then done (or
   * error). Returns what to store. Never throws: failures become an `error` event.
   */
  async function answer(input: AnswerRequest) {
    let text = '';
    const citations: StoredCitation[] = [];
    let usage: StreamUsage = zeroUsage;
    const cited = new Set<number>();
    const addCitation = (citation: Citation) => {
      if (cited.has(citation.number)) return;
      cited.add(citation.number);
      citations.push(citation);
      input.send(streamEvents.citation(citation));
    };
    // The server is stopping and its grace has passed: the client is told to ask again.
    const endedByServerStop = () => {
      input.send(streamEvents.error('SERVER_RESTARTING'));
      return { text, citations, usage, status: 'error' as const, errorCode: 'SERVER_RESTARTING' };
    };
    // Given back once the first piece of the answer is there (an LLM's wait is not held in the gate).
    const leaveGate = await gate.enter(input.signal);
    try {
      const sources = await gatherSources({ ...input, question: input.question });
      if (provider.kind !== 'offline') leaveGate();
      if (stoppedByServer(input.signal)) return endedByServerStop();
      if (input.signal.aborted) return { text, citations, usage, status: 'stopped' as const, errorCode: null };
      const byNumber = new Map(sources.map((source) => [source.number, source]));
      const stream = provider.answer({
        question: input.question,
        language: input.language,
        assistant: {
          slug: input.assistant.slug,
          name: input.assistant.name,
          instructions: input.assistant.instructions,
        },
        history: input.history,
        sources,
        grounded: input.knowledgeBase || input.web || (input.documentIds?.length ?? 0) > 0,
        signal: input.signal,
      });
      for await (const chunk of stream) {
        leaveGate();
        if (input.signal.aborted) break;
        if (chunk.type === 'usage') {
          usage = chunk.usage;
        } else if (chunk.type === 'citation') {
          addCitation({
            number: chunk.number,
            kind: chunk.source.kind,
            documentId: chunk.source.documentId,
            title: chunk.source.title,
            page: chunk.source.page,
            quote: chunk.quote,
            href: chunk.source.href,
            asOf: chunk.source.asOf,
            origin: chunk.source.origin ?? null,
          });
        } else {
          text += chunk.text;
          input.send(streamEvents.delta(chunk.text));
          if (provider.kind !== 'offline') {
            // Models cite by the sources' numbers: [2] or [1, 3].
            for (const match of text.matchAll(/\[(\d{1,2}(?:\s*,\s*\d{1,2})*)\]/g)) {
              for (const number of (match[1] ?? '').split(',').map((value) => Number(value.trim()))) {
                const source = byNumber.get(number);
                if (source && !cited.has(number)) {
                  addCitation({
                    number,
                    kind: source.kind,
                    documentId: source.documentId,
                    title: source.title,
                    page: source.page,
                    quote: shorten(source.snippet || source.text),
                    href: source.href,
                    asOf: source.asOf,
                    origin: source.origin ?? null,
                  });
                }
              }
            }
          }
        }
      }
      if (stoppedByServer(input.signal)) return endedByServerStop();
      if (input.signal.aborted) {
        // A stopped answer still cost its tokens.
        const completionTokens =
          usage.completionTokens || (provider.kind === 'offline' ? 0 : Math.ceil(text.length / 4));
        return {
          text,
          citations,
          usage: { ...usage, completionTokens, totalTokens: usage.promptTokens + completionTokens },
          status: 'stopped' as const,
          errorCode: null,
        };
      }
      return { text, citations, usage, status: 'complete' as const, errorCode: null };
    } catch (error) {
      if (stoppedByServer(input.signal)) return endedByServerStop();
      const code = error instanceof ProviderError ? error.code : 'INTERNAL_ERROR';
      log.warn({ err: error, code }, 'Answer failed');
      input.send(streamEvents.error(code));
      return { text, citations, usage, status: 'error' as const, errorCode: code };
    } finally {
      leaveGate();
    }
  }

  return { answer, providerKind: provider.kind, webSearchAvailable: Boolean(webSearch) };
}

export type AnswerEngine = ReturnType<typeof createAnswerEngine>;
