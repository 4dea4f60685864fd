import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { assistants, chatMessages } from '../../src/db/schema/index.ts';
import { createChatRepository, type ChatRepository } from '../../src/modules/chat/chat.repository.ts';
import { createTestUser } from '../helpers/factories.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

// Starts and finishes of one turn of the event loop share one statement (db/batch.ts); each caller
// must still get its own rows, and one bad row must fail only its own call.
let app: TestApp;
let repository: ChatRepository;
let assistantId: string;

beforeAll(async () => {
  app = await createTestApp();
  repository = createChatRepository(app.db);
  const [assistant] = await app.db.select({ id: assistants.id }).from(assistants).limit(1);
  assistantId = assistant!.id;
});
afterAll(() => app.close());

const conversation = (userId: string, title: string) => ({
  userId,
  assistantId,
  title,
  knowledgeBase: true,
  webSearch: false,
});

const citationsOf = (index: number) => [
  {
    number: 1,
    kind: 'document' as const,
    documentId: null,
    title: `Source ${index}`,
    page: index,
    quote: 'q',
    href: '/documents',
  },
];

describe('chat repository, writes made at once', () => {
  it('starts and finishes several answers in one turn, each with its own rows', async () => {
    const { user } = await createTestUser(app);
    const titles = ['first', 'second', 'third'];
    const started = await Promise.all(
      titles.map((title) =>
        repository.startConversation(conversation(user.id, title), { question: `Q ${title}`, promptRunId: null }),
      ),
    );
    expect(started.map(({ conversation: row }) => row.title)).toEqual(titles);
    expect(new Set(started.map(({ conversation: row }) => row.id)).size).toBe(3);

    await Promise.all(
      started.map(({ answerId }, index) =>
        repository.finishAnswer(answerId, {
          content: `Answer ${index} with “quotes” and a ' quote`,
          status: index === 2 ? 'stopped' : 'complete',
          citations: citationsOf(index),
          errorCode: index === 2 ? 'STOPPED' : null,
          promptTokens: index,
          completionTokens: 10 + index,
        }),
      ),
    );
    const answers = await app.db
      .select()
      .from(chatMessages)
      .where(
        inArray(
          chatMessages.id,
          started.map(({ answerId }) => answerId),
        ),
      );
    for (const [index, { answerId, userMessageId, conversation: row }] of started.entries()) {
      const answer = answers.find((message) => message.id === answerId)!;
      expect(answer).toMatchObject({
        conversationId: row.id,
        role: 'assistant',
        position: 1,
        content: `Answer ${index} with “quotes” and a ' quote`,
        status: index === 2 ? 'stopped' : 'complete',
        errorCode: index === 2 ? 'STOPPED' : null,
        promptTokens: index,
        completionTokens: 10 + index,
      });
      expect(answer.citations).toEqual(citationsOf(index));
      const [question] = await app.db.select().from(chatMessages).where(eq(chatMessages.id, userMessageId));
      expect(question).toMatchObject({
        conversationId: row.id,
        role: 'user',
        position: 0,
        content: `Q ${titles[index]}`,
      });
    }
  });

  it('fails only the start whose row is refused, and stores the others', async () => {
    const { user } = await createTestUser(app);
    const results = await Promise.allSettled([
      repository.startConversation(conversation(user.id, 'kept'), { question: 'Q kept', promptRunId: null }),
      // No such user: the foreign key refuses this one row.
      repository.startConversation(conversation('00000000-0000-4000-8000-000000000000', 'refused'), {
        question: 'Q refused',
        promptRunId: null,
      }),
      repository.startConversation(conversation(user.id, 'kept too'), { question: 'Q kept too', promptRunId: null }),
    ]);
    expect(results.map((result) => result.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    const listed = await repository.list(user.id, 'active', undefined, 10);
    expect(listed.map((row) => row.title).sort()).toEqual(['kept', 'kept too']);
  });
});
