import type { Passage } from '@compliance/shared/documents';
import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { AnswerProvider, AnswerSource } from '../answers/answer-provider.ts';
import type { Actor } from '../access/actor.ts';
import type { AssistantDefinition } from '../assistants/assistants.service.ts';
import type { SearchService } from '../search/search.service.ts';
import { createAnswerEngine } from './answer-engine.ts';

const passage = (id: number, jurisdiction: string, rank: number): Passage => ({
  chunkId: `00000000-0000-4000-8000-00000000000${id}`,
  documentId: `00000000-0000-4000-9000-00000000000${id}`,
  title: `${jurisdiction} record keeping`,
  fileName: `${jurisdiction.toLowerCase()}.md`,
  scope: 'kb',
  page: 1,
  heading: null,
  snippet: 'Records are kept',
  text: 'Records are kept for years.',
  language: 'en',
  rank,
  asOf: null,
  jurisdiction,
});

/** The knowledge base's answer to a question that names no jurisdiction: Swiss and US rules, close in rank. */
const search = {
  searchChunks: async () => [passage(1, 'CH', 1), passage(2, 'US', 0.92), passage(3, 'INT', 0.5)],
  openingPassages: async () => [],
} as unknown as SearchService;

/** Which sources, in order, the engine hands the provider. */
async function sourcesFor(
  preferred: string[] | undefined,
  question = 'How long must records be kept?',
): Promise<string[]> {
  let seen: AnswerSource[] = [];
  const provider: AnswerProvider = {
    kind: 'offline',
    // eslint-disable-next-line require-yield -- records the sources, answers nothing
    async *answer(request) {
      seen = request.sources;
    },
  };
  const engine = createAnswerEngine({
    search,
    provider,
    webSearch: undefined,
    log: { warn: () => undefined, error: () => undefined } as unknown as FastifyBaseLogger,
    ...(preferred ? { preferredJurisdictions: async () => preferred } : {}),
  });
  await engine.answer({
    actor: { kind: 'anonymous', visitorId: 'v', ip: '127.0.0.1' } as Actor,
    assistant: { slug: 'ai-expert', name: 'AI Expert', instructions: '' } as AssistantDefinition,
    question,
    language: 'en',
    history: [],
    scope: { userId: null, includeKnowledgeBase: true },
    knowledgeBase: true,
    web: false,
    send: () => undefined,
    signal: new AbortController().signal,
  });
  return seen.map((source) => source.title);
}

describe('the answer engine’s preferred jurisdictions', () => {
  it('ranks by the search alone when the asker has no preference', async () => {
    expect(await sourcesFor(undefined)).toEqual(['CH record keeping', 'US record keeping', 'INT record keeping']);
    expect(await sourcesFor([])).toEqual(['CH record keeping', 'US record keeping', 'INT record keeping']);
  });

  it('puts the asker’s own frameworks first when the passages are close in rank', async () => {
    expect(await sourcesFor(['US', 'INT'])).toEqual(['US record keeping', 'CH record keeping', 'INT record keeping']);
  });

  it('does not lift a passage far below the others', async () => {
    expect((await sourcesFor(['INT']))[0]).toBe('CH record keeping');
  });
});

describe('a question that names one national rulebook', () => {
  it('is not answered from the other one; the FATF’s texts stay', async () => {
    expect(await sourcesFor(undefined, 'How long must an SEC-registered adviser keep records?')).toEqual([
      'US record keeping',
      'INT record keeping',
    ]);
    expect(await sourcesFor(['US'], 'Wie lange muss ein Finanzintermediär nach GwG Belege aufbewahren?')).toEqual([
      'CH record keeping',
      'INT record keeping',
    ]);
  });

  it('keeps both when it names both, or neither', async () => {
    expect(await sourcesFor(undefined, 'How do FINMA and SEC record-keeping periods compare?')).toHaveLength(3);
    expect(await sourcesFor(undefined, 'Can you tell us how long records must be kept?')).toHaveLength(3);
  });
});
