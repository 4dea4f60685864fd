import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq, getTableName, gte, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { createReadMemory, type ReadMemory } from '../../db/read-memory.ts';
import { chatMessages, conversations, promptRuns, type StoredCitation } from '../../db/schema/index.ts';

export type ConversationRow = typeof conversations.$inferSelect;
export type MessageRow = typeof chatMessages.$inferSelect;
/** A conversation to create: `startConversation` makes its id, the database its dates and status. */
export type NewConversation = Pick<
  typeof conversations.$inferSelect,
  'userId' | 'assistantId' | 'title' | 'knowledgeBase' | 'webSearch'
>;

/**
 * Conversations and their messages. Every read and write is scoped to the owning user. The chat
 * page's list, which every page of the app asks for, is remembered until `conversations` is written
 * (`readMemory`: on PGlite, and on PostgreSQL without REDIS_URL; see db/read-memory.ts).
 */
export function createChatRepository(db: Db, readMemory: ReadMemory = createReadMemory(undefined)) {
  // The chat page's list without a search: built once (a prepared statement on PostgreSQL).
  const listAll = db
    .select()
    .from(conversations)
    .where(
      and(eq(conversations.userId, sql.placeholder('userId')), eq(conversations.status, sql.placeholder('status'))),
    )
    .orderBy(desc(conversations.updatedAt))
    .limit(sql.placeholder('limit'))
    .prepare('conversations_list');

  // A new conversation with its question and empty answer, in one statement built once: the
  // question's INSERT rides in a data-modifying CTE, and every id is made here, so nothing is read
  // back. Built per answer, drizzle's query building cost more CPU than the statement's round trip.
  const insertConversation = db
    .with(
      db.$with('first_turn').as(
        db.insert(chatMessages).values([
          {
            id: sql.placeholder('userMessageId'),
            conversationId: sql.placeholder('conversationId'),
            position: 0,
            role: 'user',
            content: sql.placeholder('question'),
            promptRunId: sql.placeholder('promptRunId'),
          },
          {
            id: sql.placeholder('answerId'),
            conversationId: sql.placeholder('conversationId'),
            position: 1,
            role: 'assistant',
            content: '',
            status: 'streaming',
          },
        ]),
      ),
    )
    .insert(conversations)
    .values({
      id: sql.placeholder('conversationId'),
      userId: sql.placeholder('userId'),
      assistantId: sql.placeholder('assistantId'),
      title: sql.placeholder('title'),
      knowledgeBase: sql.placeholder('knowledgeBase'),
      webSearch: sql.placeholder('webSearch'),
    })
    .returning()
    .prepare('conversation_start');

  // The answer's last write, once per answer. drizzle's types for `set` leave out placeholders, which
  // its runtime takes and encodes with the column's own encoder (the citations' JSON included).
  const later = (name: string) => sql.placeholder(name) as never;
  const updateAnswer = db
    .update(chatMessages)
    .set({
      content: later('content'),
      status: later('status'),
      citations: later('citations'),
      errorCode: later('errorCode'),
      promptTokens: later('promptTokens'),
      completionTokens: later('completionTokens'),
    })
    .where(eq(chatMessages.id, sql.placeholder('id')))
    .prepare('answer_finish');

  return {
    async list(userId: string, status: 'active' | 'archived', query: string | undefined, limit: number) {
      if (!query) {
        return readMemory.read(`${userId}:${status}:${limit}`, [getTableName(conversations)], () =>
          listAll.execute({ userId, status, limit }),
        );
      }
      const conditions = [eq(conversations.userId, userId), eq(conversations.status, status)];
      const pattern = `%${query.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
      conditions.push(
        sql`(${conversations.title} ilike ${pattern} or exists (select 1 from ${chatMessages} m where m.conversation_id = ${conversations.id} and m.content ilike ${pattern}))`,
      );
      return db
        .select()
        .from(conversations)
        .where(and(...conditions))
        .orderBy(desc(conversations.updatedAt))
        .limit(limit);
    },
    async findOwned(userId: string, id: string): Promise<ConversationRow | undefined> {
      const [row] = await db
        .select()
        .from(conversations)
        .where(and(eq(conversations.id, id), eq(conversations.userId, userId)));
      return row;
    },
    messages: (conversationId: string) =>
      db
        .select()
        .from(chatMessages)
        .where(eq(chatMessages.conversationId, conversationId))
        .orderBy(asc(chatMessages.position)),
    /** Whether a prompt run (prompt library, `use`) is the user's: only their own may be named by a question. */
    async ownsPromptRun(userId: string, runId: string): Promise<boolean> {
      const rows = await db
        .select({ id: promptRuns.id })
        .from(promptRuns)
        .where(and(eq(promptRuns.id, runId), eq(promptRuns.userId, userId)));
      return rows.length > 0;
    },
    /** The library documents chosen when a prompt run was filled (its `document` placeholders). */
    async promptRunDocuments(runId: string): Promise<string[]> {
      const [row] = await db
        .select({ documentIds: promptRuns.documentIds })
        .from(promptRuns)
        .where(eq(promptRuns.id, runId));
      return row?.documentIds ?? [];
    },
    /** The prompt runs questions were filled from: what the conversation shows beside them. */
    async promptRuns(ids: string[]) {
      if (ids.length === 0)
        return new Map<string, { title: string; version: number; values: Record<string, string> }>();
      const rows = await db
        .select({ id: promptRuns.id, title: promptRuns.title, version: promptRuns.version, values: promptRuns.values })
        .from(promptRuns)
        .where(inArray(promptRuns.id, ids));
      return new Map(rows.map(({ id, ...run }) => [id, run]));
    },
    /**
     * A new conversation with its first question and an empty answer (status streaming), in one
     * statement: the messages are inserted by a CTE beside the conversation, with ids made here so
     * that nothing needs reading back (one round trip where a transaction took seven).
     */
    async startConversation(
      values: NewConversation,
      first: { question: string; promptRunId: string | null },
    ): Promise<{ conversation: ConversationRow; userMessageId: string; answerId: string }> {
      const conversationId = randomUUID();
      const userMessageId = randomUUID();
      const answerId = randomUUID();
      const [conversation] = await insertConversation.execute({
        ...values,
        conversationId,
        userMessageId,
        answerId,
        question: first.question,
        promptRunId: first.promptRunId,
      });
      if (!conversation) throw new Error('Inserting a conversation returned no row');
      return { conversation, userMessageId, answerId };
    },
    async update(
      userId: string,
      id: string,
      changes: Partial<Pick<ConversationRow, 'title' | 'status' | 'knowledgeBase' | 'webSearch'>>,
    ) {
      const [row] = await db
        .update(conversations)
        .set({ ...changes, updatedAt: new Date() })
        .where(and(eq(conversations.id, id), eq(conversations.userId, userId)))
        .returning();
      return row;
    },
    async delete(userId: string, id: string): Promise<boolean> {
      const rows = await db
        .delete(conversations)
        .where(and(eq(conversations.id, id), eq(conversations.userId, userId)))
        .returning({ id: conversations.id });
      return rows.length > 0;
    },
    /**
     * Appends a question and an empty answer (status streaming), first removing the messages from
     * `fromPosition` on (edit or regenerate), in one transaction.
     */
    async startTurn(input: {
      conversationId: string;
      question: string | null;
      fromPosition: number | null;
      promptRunId?: string | null;
    }) {
      return db.transaction(async (tx) => {
        if (input.fromPosition !== null) {
          await tx
            .delete(chatMessages)
            .where(
              and(
                eq(chatMessages.conversationId, input.conversationId),
                gte(chatMessages.position, input.fromPosition),
              ),
            );
        }
        const [last] = await tx
          .select({ position: chatMessages.position })
          .from(chatMessages)
          .where(eq(chatMessages.conversationId, input.conversationId))
          .orderBy(desc(chatMessages.position))
          .limit(1);
        let position = (last?.position ?? -1) + 1;
        let userMessage: MessageRow | undefined;
        if (input.question !== null) {
          [userMessage] = await tx
            .insert(chatMessages)
            .values({
              conversationId: input.conversationId,
              position,
              role: 'user',
              content: input.question,
              promptRunId: input.promptRunId ?? null,
            })
            .returning();
          position += 1;
        }
        const [answer] = await tx
          .insert(chatMessages)
          .values({
            conversationId: input.conversationId,
            position,
            role: 'assistant',
            content: '',
            status: 'streaming',
          })
          .returning();
        await tx.update(conversations).set({ updatedAt: new Date() }).where(eq(conversations.id, input.conversationId));
        if (!answer) throw new Error('Inserting an answer returned no row');
        return { userMessage, answer };
      });
    },
    async finishAnswer(
      id: string,
      values: {
        content: string;
        status: 'complete' | 'stopped' | 'error';
        citations: StoredCitation[];
        errorCode: string | null;
        promptTokens: number;
        completionTokens: number;
      },
    ) {
      await updateAnswer.execute({ ...values, id });
    },
    /** Answers left "streaming" by a crash are marked as failed at start-up. */
    async failInterruptedAnswers(): Promise<void> {
      await db
        .update(chatMessages)
        .set({ status: 'error', errorCode: 'STREAM_ERROR' })
        .where(eq(chatMessages.status, 'streaming'));
    },
  };
}

export type ChatRepository = ReturnType<typeof createChatRepository>;
