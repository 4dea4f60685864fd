import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConversationDetail, ConversationSummary } from '@compliance/shared/chat';
import { createTestUser } from '../helpers/factories.ts';
import type { TestApp } from '../helpers/test-app.ts';
import { answerText, assistantId, createChatTestApp, parseEvents } from './helpers.ts';

let app: TestApp;
let aiExpert: string;

beforeAll(async () => {
  app = await createChatTestApp({ env: { ANON_DAILY_QUERY_LIMIT: '3' } });
  aiExpert = await assistantId(app);
}, 180_000);
afterAll(() => app.close());

async function ask(headers: Record<string, string>, content: string, extra: Record<string, unknown> = {}) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/chat/conversations',
    headers,
    payload: { assistantId: aiExpert, content, ...extra },
  });
  return { response, events: parseEvents(response.payload) };
}

describe('retrieval quality on the starter knowledge base (offline engine)', () => {
  const cases: [string, RegExp][] = [
    ['When must a Form ADV brochure be delivered?', /^(Rule 204-3|Form ADV)/],
    ['Wer muss der MROS Verdachtsmeldungen erstatten?', /^Geldwäschereigesetz/],
    ['Quels pays sont sur la liste grise du GAFI ?', /^Listes du GAFI/],
    ['What does the custody rule require from an adviser with custody of client assets?', /^Custody Rule 206\(4\)-2/],
    ['Which records must an investment adviser keep under Rule 204-2?', /^Rule 204-2/],
    ['Quali sono gli obblighi di diligenza secondo la LRD?', /^Legge sul riciclaggio di denaro/],
    ['What is a qualified client under Rule 205-3?', /Rule 205-3/],
    ['Welche Verhaltensregeln gelten nach dem FIDLEG?', /^Verhaltensregeln nach FIDLEG/],
    ['How should a cyber attack be reported to FINMA?', /^FINMA Guidance 05\/2020/],
    ['Was ist die graue Liste der FATF?', /^FATF-Listen/],
  ];

  // The labelled set (`npm run eval`, docs/eval.md) measures answer quality; this checks that the
  // document a question names is among the two the answer cites first (a second document in the
  // question's language may lead, e.g. the ORD-FINMA's summary of the AMLA's duties).
  it.each(cases)('%s → the right document is among the first two cited', async (question, expected) => {
    const { headers } = await createTestUser(app);
    const { response, events } = await ask(headers, question);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/event-stream/);
    expect(events[0]?.event).toBe('meta');
    expect(events.at(-1)?.event).toBe('done');
    const citations = events.flatMap((event) => (event.event === 'citation' ? [event.data] : []));
    expect(
      citations.slice(0, 2).some((citation) => expected.test(citation.title)),
      citations.map((citation) => citation.title).join(' | '),
    ).toBe(true);
    // Every marker in the answer maps to exactly one citation, and every citation is used.
    const text = answerText(events);
    const markers = new Set([...text.matchAll(/\[(\d+)\]/g)].map((match) => Number(match[1])));
    expect([...markers].sort()).toEqual(citations.map((citation) => citation.number).sort());
    for (const citation of citations) {
      expect(citation.quote.length).toBeGreaterThan(10);
      // Documents open in the viewer at their page; the FATF data opens the country list or page.
      expect(citation.href).toBe(
        citation.kind === 'fatf'
          ? citation.href.match(/^\/fatf\/countries(\/[A-Z]{2})?$/)?.[0]
          : `/documents?file=${citation.documentId}${citation.page && citation.page > 1 ? `&page=${citation.page}` : ''}`,
      );
    }
  });

  it('names every grey-listed jurisdiction when asked which countries are on the grey list', async () => {
    const { headers } = await createTestUser(app);
    const list = (
      (await app.inject({ url: '/api/countries', headers })).json() as {
        countries: { names: { en: string }; status: string }[];
      }
    ).countries.filter((country) => country.status === 'grey');
    expect(list.length).toBeGreaterThan(5);
    const { events } = await ask(headers, 'Which countries are on the FATF grey list?');
    const text = answerText(events);
    for (const country of list) expect(text).toContain(country.names.en);
    expect(text).toContain(`${list.length} jurisdictions`);
  });

  it('says it found nothing instead of guessing', async () => {
    const { headers } = await createTestUser(app);
    const { events } = await ask(headers, 'What is the recipe for chocolate cake?');
    expect(answerText(events)).toMatch(/could not find an answer/);
    expect(events.some((event) => event.event === 'citation')).toBe(false);
  });

  it.each([
    ['What are the FCA rules on client money for UK investment firms?', /rules the knowledge base does not cover/],
    ['Welche Anforderungen stellt die BaFin an die Anlageberatung in Deutschland?', /nicht abdeckt/],
    ['Which technology stocks will outperform next year?', /do not make forecasts/],
  ])('refuses a question outside the knowledge base: %s', async (question, expected) => {
    const { headers } = await createTestUser(app);
    const { events } = await ask(headers, question);
    expect(answerText(events)).toMatch(expected);
    expect(answerText(events)).toMatch(/Swiss|Schweizer/);
    expect(events.some((event) => event.event === 'citation')).toBe(false);
  });
});

describe('conversations', () => {
  it('stores the conversation, lists, searches, renames, archives, reactivates and deletes it', async () => {
    const { headers } = await createTestUser(app);
    const { events } = await ask(headers, 'How should a cyber attack be reported to FINMA?');
    const meta = events[0];
    if (meta?.event !== 'meta') throw new Error('no meta');
    const id = meta.data.conversationId!;

    const detail = (await app.inject({ url: `/api/chat/conversations/${id}`, headers })).json() as ConversationDetail;
    expect(detail.messages.map((message) => [message.role, message.status])).toEqual([
      ['user', 'complete'],
      ['assistant', 'complete'],
    ]);
    expect(detail.messages[1]?.citations.length).toBeGreaterThan(0);

    const search = async (q: string, status = 'active') =>
      (
        (
          await app.inject({ url: `/api/chat/conversations?status=${status}&q=${encodeURIComponent(q)}`, headers })
        ).json() as {
          conversations: ConversationSummary[];
        }
      ).conversations.map((conversation) => conversation.id);
    expect(await search('cyber')).toEqual([id]);
    expect(await search('72 hours')).toEqual([id]); // content of the answer
    expect(await search('nothing like this')).toEqual([]);

    const rename = await app.inject({
      method: 'PATCH',
      url: `/api/chat/conversations/${id}`,
      headers,
      payload: { title: 'Cyber reporting' },
    });
    expect(rename.json()).toMatchObject({ title: 'Cyber reporting' });
    await app.inject({
      method: 'PATCH',
      url: `/api/chat/conversations/${id}`,
      headers,
      payload: { status: 'archived' },
    });
    expect(await search('')).toEqual([]);
    expect(await search('', 'archived')).toEqual([id]);
    const archivedAsk = await app.inject({
      method: 'POST',
      url: `/api/chat/conversations/${id}/messages`,
      headers,
      payload: { content: 'And?' },
    });
    expect(archivedAsk.json()).toMatchObject({ error: { code: 'CONVERSATION_ARCHIVED' } });
    await app.inject({ method: 'PATCH', url: `/api/chat/conversations/${id}`, headers, payload: { status: 'active' } });
    expect(await search('')).toEqual([id]);

    expect((await app.inject({ method: 'DELETE', url: `/api/chat/conversations/${id}`, headers })).statusCode).toBe(
      204,
    );
    expect((await app.inject({ url: `/api/chat/conversations/${id}`, headers })).statusCode).toBe(404);
  });

  it('stores questions asked at once each in its own conversation, with its own finished answer', async () => {
    // Starts and finishes of one turn of the event loop are written together (db/batch.ts).
    const users = await Promise.all([0, 1].map(() => createTestUser(app)));
    const questions = [
      'How should a cyber attack be reported to FINMA?',
      'When must a Form ADV brochure be delivered?',
      'Was ist die graue Liste der FATF?',
      'Quali sono gli obblighi di diligenza secondo la LRD?',
    ];
    const asked = await Promise.all(questions.map((question, index) => ask(users[index % 2]!.headers, question)));
    const stored = await Promise.all(
      asked.map(async ({ events }, index) => {
        const meta = events[0];
        if (meta?.event !== 'meta') throw new Error('no meta');
        const headers = users[index % 2]!.headers;
        return (
          await app.inject({ url: `/api/chat/conversations/${meta.data.conversationId}`, headers })
        ).json() as ConversationDetail;
      }),
    );
    stored.forEach((detail, index) => {
      expect(detail.messages.map((message) => [message.role, message.status])).toEqual([
        ['user', 'complete'],
        ['assistant', 'complete'],
      ]);
      expect(detail.messages[0]?.content).toBe(questions[index]);
      expect(detail.messages[1]?.content).toBe(answerText(asked[index]!.events));
      expect(detail.messages[1]?.citations.length).toBeGreaterThan(0);
    });
    // Each user lists only their own two.
    for (const [index, { headers }] of users.entries()) {
      const listed = (await app.inject({ url: '/api/chat/conversations', headers })).json() as {
        conversations: ConversationSummary[];
      };
      expect(listed.conversations.map((conversation) => conversation.id).sort()).toEqual(
        stored
          .filter((_, asked) => asked % 2 === index)
          .map((detail) => detail.id)
          .sort(),
      );
    }
  });

  it('streams over a real connection: meta first, every event whole, done last, the answer as stored', async () => {
    // The stream corks its socket for each turn of the event loop and ends with the last events.
    const { headers } = await createTestUser(app);
    const address = await app.listen({ host: '127.0.0.1', port: 0 });
    const response = await fetch(`${address}/api/chat/conversations`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ assistantId: aiExpert, content: 'Welche Verhaltensregeln gelten nach dem FIDLEG?' }),
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const payload = await response.text();
    expect(payload.endsWith('\n\n')).toBe(true);
    const events = parseEvents(payload);
    expect(payload.split('\n\n').filter(Boolean)).toHaveLength(events.length);
    expect(events[0]?.event).toBe('meta');
    expect(events.at(-1)?.event).toBe('done');
    expect(events.filter((event) => event.event === 'citation').length).toBeGreaterThan(0);
    const meta = events[0];
    if (meta?.event !== 'meta') throw new Error('no meta');
    const detail = (
      await app.inject({ url: `/api/chat/conversations/${meta.data.conversationId}`, headers })
    ).json() as ConversationDetail;
    expect(detail.messages[1]?.content).toBe(answerText(events));
  });

  it('edits an earlier question (later messages replaced) and regenerates the last answer', async () => {
    const { headers } = await createTestUser(app);
    const first = await ask(headers, 'When must a Form ADV brochure be delivered?');
    const meta = first.events[0];
    if (meta?.event !== 'meta') throw new Error('no meta');
    const id = meta.data.conversationId!;
    await app.inject({
      method: 'POST',
      url: `/api/chat/conversations/${id}/messages`,
      headers,
      payload: { content: 'What is a qualified client under Rule 205-3?' },
    });
    let detail = (await app.inject({ url: `/api/chat/conversations/${id}`, headers })).json() as ConversationDetail;
    expect(detail.messages).toHaveLength(4);

    const firstQuestion = detail.messages[0]!;
    const edited = await app.inject({
      method: 'POST',
      url: `/api/chat/conversations/${id}/messages`,
      headers,
      payload: { content: 'How should a cyber attack be reported to FINMA?', replaceMessageId: firstQuestion.id },
    });
    expect(parseEvents(edited.payload).at(-1)?.event).toBe('done');
    detail = (await app.inject({ url: `/api/chat/conversations/${id}`, headers })).json() as ConversationDetail;
    expect(detail.messages).toHaveLength(2);
    expect(detail.messages[0]?.content).toBe('How should a cyber attack be reported to FINMA?');
    expect(detail.messages[1]?.content).toMatch(/24 hours/);

    const previousAnswerId = detail.messages[1]!.id;
    const regenerated = await app.inject({
      method: 'POST',
      url: `/api/chat/conversations/${id}/messages`,
      headers,
      payload: { regenerate: true },
    });
    expect(parseEvents(regenerated.payload).at(-1)?.event).toBe('done');
    detail = (await app.inject({ url: `/api/chat/conversations/${id}`, headers })).json() as ConversationDetail;
    expect(detail.messages).toHaveLength(2);
    expect(detail.messages[1]?.id).not.toBe(previousAnswerId);
  });

  it('never lets a user read, change, delete or continue another user’s conversation', async () => {
    const alice = await createTestUser(app);
    const bob = await createTestUser(app);
    const { events } = await ask(alice.headers, 'How should a cyber attack be reported to FINMA?');
    const meta = events[0];
    if (meta?.event !== 'meta') throw new Error('no meta');
    const id = meta.data.conversationId!;
    const attempts = [
      app.inject({ url: `/api/chat/conversations/${id}`, headers: bob.headers }),
      app.inject({
        method: 'PATCH',
        url: `/api/chat/conversations/${id}`,
        headers: bob.headers,
        payload: { title: 'mine' },
      }),
      app.inject({ method: 'DELETE', url: `/api/chat/conversations/${id}`, headers: bob.headers }),
      app.inject({
        method: 'POST',
        url: `/api/chat/conversations/${id}/messages`,
        headers: bob.headers,
        payload: { content: 'Tell me' },
      }),
      app.inject({
        method: 'POST',
        url: `/api/chat/conversations/${id}/messages`,
        headers: bob.headers,
        payload: { regenerate: true },
      }),
    ];
    for (const response of await Promise.all(attempts)) {
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ error: { code: 'CONVERSATION_NOT_FOUND' } });
    }
    const list = (await app.inject({ url: '/api/chat/conversations?q=cyber', headers: bob.headers })).json() as {
      conversations: unknown[];
    };
    expect(list.conversations).toEqual([]);
    const detail = (
      await app.inject({ url: `/api/chat/conversations/${id}`, headers: alice.headers })
    ).json() as ConversationDetail;
    expect(detail.title).not.toBe('mine');
    expect(detail.messages).toHaveLength(2);
    // Without a session: 401.
    expect((await app.inject({ url: `/api/chat/conversations/${id}` })).statusCode).toBe(401);
  });

  it('refuses a missing assistant, and web search when it is not configured, storing nothing', async () => {
    const { headers } = await createTestUser(app);
    const noAssistant = await app.inject({
      method: 'POST',
      url: '/api/chat/conversations',
      headers,
      payload: { assistantId: '00000000-0000-4000-8000-000000000000', content: 'Hi there' },
    });
    expect(noAssistant.json()).toMatchObject({ error: { code: 'ASSISTANT_REQUIRED' } });
    const web = await ask(headers, 'Latest FINMA news', { webSearch: true });
    expect(web.response.json()).toMatchObject({ error: { code: 'WEB_SEARCH_UNAVAILABLE' } });
    const list = (await app.inject({ url: '/api/chat/conversations', headers })).json() as { conversations: unknown[] };
    expect(list.conversations).toEqual([]);
    const assistants = (await app.inject({ url: '/api/assistants' })).json() as {
      capabilities: { webSearch: { available: boolean; reason: string } };
    };
    expect(assistants.capabilities.webSearch).toEqual({ available: false, reason: 'chat:webSearch.notConfigured' });
  });

  it('answers as the Prompt Engineer with a structured prompt', async () => {
    const { headers } = await createTestUser(app);
    const id = await assistantId(app, 'prompt-engineer');
    const response = await app.inject({
      method: 'POST',
      url: '/api/chat/conversations',
      headers,
      payload: {
        assistantId: id,
        content: 'Summarise the FINMA outsourcing circular for my board',
        knowledgeBase: false,
      },
    });
    const text = answerText(parseEvents(response.payload));
    expect(text).toMatch(/# Role/);
    expect(text).toMatch(/Summarise the FINMA outsourcing circular for my board/);
  });

  it('reports quota usage: tokens this month and storage', async () => {
    const { headers } = await createTestUser(app);
    const usage = (await app.inject({ url: '/api/chat/usage', headers })).json() as {
      tokens: { used: number; limit: number };
      storage: { usedBytes: number; limitBytes: number };
    };
    expect(usage.tokens.used).toBe(0);
    expect(usage.tokens.limit).toBeGreaterThan(0);
    expect(usage.storage.limitBytes).toBeGreaterThan(0);
  });
});

describe('admin assistants', () => {
  it('lets admins edit an assistant and refuses everyone else', async () => {
    const admin = await createTestUser(app, { role: 'admin' });
    const user = await createTestUser(app);
    expect((await app.inject({ url: '/api/admin/assistants', headers: user.headers })).statusCode).toBe(403);
    const list = (await app.inject({ url: '/api/admin/assistants', headers: admin.headers })).json() as {
      assistants: { id: string; slug: string; instructions: string }[];
    };
    expect(list.assistants.map((assistant) => assistant.slug)).toEqual(['ai-expert', 'prompt-engineer']);
    const target = list.assistants[1]!;
    expect(
      (
        await app.inject({
          method: 'PATCH',
          url: `/api/admin/assistants/${target.id}`,
          headers: user.headers,
          payload: { name: 'X' },
        })
      ).statusCode,
    ).toBe(403);
    // Answers read the assistant from memory between writes: the edit reaches the next answer.
    expect((await app.assistants.forAnswering(target.id)).description).not.toBe('Writes better prompts.');
    const updated = await app.inject({
      method: 'PATCH',
      url: `/api/admin/assistants/${target.id}`,
      headers: admin.headers,
      payload: { description: 'Writes better prompts.' },
    });
    expect(updated.json()).toMatchObject({ description: 'Writes better prompts.', instructions: target.instructions });
    expect((await app.assistants.forAnswering(target.id)).description).toBe('Writes better prompts.');
    // The public list never carries the instructions.
    const publicList = (await app.inject({ url: '/api/assistants' })).json() as {
      assistants: Record<string, unknown>[];
    };
    expect(publicList.assistants[0]).not.toHaveProperty('instructions');
    // Shipped texts are shown translated by the interface; an admin's edit is shown as written.
    expect(publicList.assistants.map((assistant) => [assistant.slug, assistant.customized])).toEqual([
      ['ai-expert', false],
      ['prompt-engineer', true],
    ]);
    expect(publicList.assistants[1]).toMatchObject({ description: 'Writes better prompts.' });
  });
});

describe('anonymous trial', () => {
  it('answers up to the daily cap per visitor and IP, then refuses, even with a new visitor id', async () => {
    const visitor = { 'x-visitor-id': 'visitor-aaaaaaaa' };
    const askTrial = (headers: Record<string, string>) =>
      app.inject({
        method: 'POST',
        url: '/api/chat/trial',
        headers,
        payload: { assistantId: aiExpert, content: 'Wer muss der MROS Verdachtsmeldungen erstatten?' },
        remoteAddress: '203.0.113.7',
      });
    for (let index = 0; index < 3; index += 1) {
      const events = parseEvents((await askTrial(visitor)).payload);
      expect(events.some((event) => event.event === 'citation')).toBe(true);
      const done = events.at(-1);
      expect(done).toMatchObject({ event: 'done', data: { remaining: 2 - index } });
    }
    const refused = await askTrial(visitor);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ error: { code: 'DAILY_QUERY_LIMIT' } });
    // Clearing storage (a new visitor id) does not reset it: the IP is counted too.
    expect((await askTrial({ 'x-visitor-id': 'visitor-bbbbbbbb' })).json()).toMatchObject({
      error: { code: 'DAILY_QUERY_LIMIT' },
    });
    const usage = await app.inject({ url: '/api/chat/trial/usage', headers: visitor, remoteAddress: '203.0.113.7' });
    expect(usage.json()).toEqual({ used: 3, limit: 3, remaining: 0 });
    // Another visitor on another IP still may ask.
    const other = await app.inject({
      method: 'POST',
      url: '/api/chat/trial',
      headers: { 'x-visitor-id': 'visitor-cccccccc' },
      payload: { assistantId: aiExpert, content: 'What is a qualified client under Rule 205-3?' },
      remoteAddress: '203.0.113.8',
    });
    expect(other.statusCode).toBe(200);
  });

  it('answers with the AI Expert only, as the trial page promises (and counts nothing otherwise)', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/chat/trial',
      headers: { 'x-visitor-id': 'visitor-dddddddd' },
      payload: { assistantId: await assistantId(app, 'prompt-engineer'), content: 'Improve my prompt' },
      remoteAddress: '203.0.113.9',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: { code: 'ASSISTANT_REQUIRED' } });
    const usage = await app.inject({
      url: '/api/chat/trial/usage',
      headers: { 'x-visitor-id': 'visitor-dddddddd' },
      remoteAddress: '203.0.113.9',
    });
    expect(usage.json()).toMatchObject({ used: 0 });
  });
});
