import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq, getTableName, gte, inArray, sql } from 'drizzle-orm';
import { createBatcher } from '../../db/batch.ts';
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

/** A conversation's first turn as `startConversation` writes it, every id made beforehand. */
type StartValues = NewConversation & {
  conversationId: string;
  userMessageId: string;
  answerId: string;
  question: string;
  promptRunId: string | null;
};

/** Each value of a start as a placeholder of its own name: the values of the statement built once. */
const placeholders = Object.fromEntries(
  (
    [
      'userId',
      'assistantId',
      'title',
      'knowledgeBase',
      'webSearch',
      'conversationId',
      'userMessageId',
      'answerId',
      'question',
      'promptRunId',
    ] satisfies (keyof StartValues)[]
  ).map((name) => [name, sql.placeholder(name)]),
) as unknown as StartValues;

const firstTurn = (start: StartValues) => [
  {
    id: start.userMessageId,
    conversationId: start.conversationId,
    position: 0,
    role: 'user' as const,
    content: start.question,
    promptRunId: start.promptRunId,
  },
  {
    id: start.answerId,
    conversationId: start.conversationId,
    position: 1,
    role: 'assistant' as const,
    content: '',
    status: 'streaming' as const,
  },
];

const conversationValues = (start: StartValues) => ({
  id: start.conversationId,
  userId: start.userId,
  assistantId: start.assistantId,
  title: start.title,
  knowledgeBase: start.knowledgeBase,
  webSearch: start.webSearch,
});

/** An answer's last state, written when it ends. */
type FinishedAnswer = {
  id: string;
  content: string;
  status: 'complete' | 'stopped' | 'error';
  citations: StoredCitation[];
  errorCode: string | null;
  promptTokens: number;
  completionTokens: number;
};

const finishedRow = (answer: FinishedAnswer) => ({
  id: answer.id,
  content: answer.content,
  status: answer.status,
  citations: answer.citations,
  error_code: answer.errorCode,
  prompt_tokens: answer.promptTokens,
  completion_tokens: answer.completionTokens,
});

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

  // A new conversation with its question and empty answer in one statement: the messages' INSERT
  // rides in a data-modifying CTE, and every id is made here, so nothing is read back. The starts of
  // one turn of the event loop go in one statement (batch.ts); a lone start runs one built once, as
  // drizzle's query building cost more CPU than the statement's round trip.
  const startStatement = (starts: StartValues[]) =>
    db
      .with(db.$with('first_turns').as(db.insert(chatMessages).values(starts.flatMap(firstTurn))))
      .insert(conversations)
      .values(starts.map(conversationValues))
      .returning();
  const startOne = startStatement([placeholders]).prepare('conversation_start');
  const startMany = createBatcher(async (starts: StartValues[]) => {
    // The statement returns one row per start.
    if (starts.length === 1) return startOne.execute(starts[0]);
    const rows = new Map((await startStatement(starts)).map((row) => [row.id, row]));
    return starts.map((start) => rows.get(start.conversationId));
  });

  // The answer's last write. The answers that end in one turn of the event loop are written by one
  // UPDATE from a JSON list of rows; a lone one by a statement built once.
  const later = (name: string) => sql.placeholder(name) as never;
  const finishOne = db
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
  const finishMany = createBatcher(async (answers: FinishedAnswer[]) => {
    if (answers.length === 1) await finishOne.execute(answers[0]);
    else {
      await db.execute(sql`
        update ${chatMessages} as m
        set content = v.content, status = v.status, citations = v.citations, error_code = v.error_code,
          prompt_tokens = v.prompt_tokens, completion_tokens = v.completion_tokens
        from jsonb_to_recordset(${JSON.stringify(answers.map(finishedRow))}::jsonb)
          as v(id uuid, content text, status text, citations jsonb, error_code text, prompt_tokens integer, completion_tokens integer)
        where m.id = v.id`);
    }
    return answers.map(() => undefined);
  });

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
      const start = {
        ...values,
        conversationId: randomUUID(),
        userMessageId: randomUUID(),
        answerId: randomUUID(),
        question: first.question,
        promptRunId: first.promptRunId,
      };
      const conversation = await startMany(start);
      if (!conversation) throw new Error('Inserting a conversation returned no row');
      return { conversation, userMessageId: start.userMessageId, answerId: start.answerId };
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
    async finishAnswer(id: string, values: Omit<FinishedAnswer, 'id'>) {
      await finishMany({ ...values, id });
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
