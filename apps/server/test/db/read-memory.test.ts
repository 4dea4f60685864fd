import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WriteGeneration } from '../../src/db/client.ts';
import { createReadMemory, readMemoryFor } from '../../src/db/read-memory.ts';
import { conversations } from '../../src/db/schema/index.ts';
import { createChatRepository } from '../../src/modules/chat/chat.repository.ts';
import { assistantId } from '../chat/helpers.ts';
import { createTestUser } from '../helpers/factories.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

describe('write generations and the read memory (ADR 029, ADR 030)', () => {
  let app: TestApp;
  let written: WriteGeneration;
  let assistant: string;
  beforeAll(async () => {
    app = await createTestApp();
    // PGlite: every write; PostgreSQL: this process's own (one instance without REDIS_URL).
    written = app.database.writeGeneration ?? app.database.ownWriteGeneration!;
    assistant = await assistantId(app);
  });
  afterAll(async () => app.close());
  const onPglite = !process.env.DATABASE_URL;

  /** Which of the tables' generations a piece of work moved. */
  async function moved(tables: string[], work: () => Promise<unknown>): Promise<string[]> {
    const before = tables.map((table) => written.of(table));
    const all = written();
    await work();
    expect(written()).toBeGreaterThan(all);
    return tables.filter((table, index) => written.of(table) !== before[index]);
  }

  it('an INSERT or UPDATE moves only its own table; a cascading DELETE and exec move every table', async () => {
    const { user } = await createTestUser(app);
    const tables = ['conversations', 'users', 'sessions'];
    const insert = () =>
      app.db
        .insert(conversations)
        .values({
          userId: user.id,
          assistantId: assistant,
          title: 'Erste Frage',
          knowledgeBase: true,
          webSearch: false,
        })
        .returning();
    expect(await moved(tables, insert)).toEqual(['conversations']);
    expect(await moved(tables, () => app.db.update(conversations).set({ title: 'Zweite Frage' }))).toEqual([
      'conversations',
    ]);
    // courses is what course progress points at with ON UPDATE CASCADE: an upsert may change its key.
    expect(
      await moved(tables, () =>
        app.db.execute(
          sql`insert into courses (slug) select 'no-such-course' where false on conflict (slug) do update set slug = excluded.slug`,
        ),
      ),
    ).toEqual(tables);
    // users is what sessions, conversations and more point at with ON DELETE CASCADE.
    expect(
      await moved(tables, () =>
        app.db.execute(sql`delete from users where id = '00000000-0000-0000-0000-000000000000'`),
      ),
    ).toEqual(tables);
    if (onPglite) {
      const client = (app.db as unknown as { $client: { exec(text: string): Promise<unknown> } }).$client;
      expect(await moved(tables, () => client.exec('select 1'))).toEqual(tables);
    }
  });

  it('a WITH query that writes moves the tables its parts write; one that cascades moves every table', async () => {
    const { user } = await createTestUser(app);
    const tables = ['conversations', 'chat_messages', 'users', 'sessions'];
    expect(
      await moved(tables, () =>
        app.db.execute(
          sql`with renamed as (update conversations set title = 'x' where false returning id) select count(*) from renamed`,
        ),
      ),
    ).toEqual(['conversations']);
    // A new conversation with its first turn, as the chat starts one: the messages' table moves too.
    const repository = createChatRepository(app.db);
    expect(
      await moved(tables, () =>
        repository.startConversation(
          { userId: user.id, assistantId: assistant, title: 'Erste Frage', knowledgeBase: true, webSearch: false },
          { question: 'Was gilt?', promptRunId: null },
        ),
      ),
    ).toEqual(['conversations', 'chat_messages']);
    // users is what sessions, conversations and more point at with ON DELETE CASCADE.
    expect(
      await moved(tables, () =>
        app.db.execute(
          sql`with gone as (delete from users where id = '00000000-0000-0000-0000-000000000000' returning id) select count(*) from gone`,
        ),
      ),
    ).toEqual(tables);
    // A word that may write but is not read as a write (MERGE) moves every table.
    expect(
      await moved(tables, () =>
        app.db.execute(sql`merge into conversations using (select 1) as probe on false when matched then do nothing`),
      ),
    ).toEqual(tables);
  });

  it('a read-only WITH query (the search ranking is one) moves nothing', async () => {
    const all = written();
    const conversationsBefore = written.of('conversations');
    await app.db.execute(sql`with recent as (select id from conversations limit 5) select count(*) from recent`);
    await app.documentSearch.searchChunks({
      query: 'beneficial owner',
      scope: { userId: null, includeKnowledgeBase: true },
    });
    expect(written()).toBe(all);
    expect(written.of('conversations')).toBe(conversationsBefore);
  });

  it('a write to a table with a trigger of its own moves every table', async () => {
    const statements = [
      'create table trigger_probe (id int)',
      'create function trigger_probe_touch() returns trigger language plpgsql as $$ begin return new; end $$',
      'create trigger trigger_probe_touch before insert on trigger_probe for each row execute function trigger_probe_touch()',
    ];
    for (const statement of statements) await app.db.execute(sql.raw(statement));
    // Migrating (nothing left to apply) reads the catalog again, as after a real migration.
    await app.database.migrate();
    const tables = ['trigger_probe', 'conversations'];
    expect(await moved(tables, () => app.db.execute(sql`insert into trigger_probe (id) values (1)`))).toEqual(tables);
  });

  it('a transaction moves the tables it wrote again when it ends', async () => {
    const { user } = await createTestUser(app);
    let inside = 0;
    const before = written.of('conversations');
    await app.db.transaction(async (tx) => {
      await tx.insert(conversations).values({ userId: user.id, assistantId: assistant, title: 'In einer Transaktion' });
      inside = written.of('conversations');
    });
    expect(inside).toBeGreaterThan(before);
    expect(written.of('conversations')).toBeGreaterThan(inside);
  });

  it('remembers a read until its table is written, and never hands out a changed copy', async () => {
    const { user } = await createTestUser(app);
    const memory = createReadMemory(written);
    let loads = 0;
    const list = () =>
      memory.read(user.id, ['conversations'], async () => {
        loads += 1;
        return app.db
          .select()
          .from(conversations)
          .where(sql`${conversations.userId} = ${user.id}`);
      });
    expect(await list()).toEqual([]);
    await list();
    expect(loads).toBe(1);
    // Another table's write keeps it…
    await app.db.execute(sql`update users set first_name = 'Anna' where id = ${user.id}`);
    await list();
    expect(loads).toBe(1);
    // …its own table's write does not.
    await app.db.insert(conversations).values({ userId: user.id, assistantId: assistant, title: 'Neu' });
    const after = await list();
    expect(loads).toBe(2);
    expect(after.map((row) => row.title)).toEqual(['Neu']);
    expect(() => {
      (after as unknown as unknown[]).push({});
    }).toThrow(TypeError);
    expect(() => {
      (after[0] as { title: string }).title = 'changed';
    }).toThrow(TypeError);
  });

  it('does not keep what was read while its table was being written', async () => {
    const { user } = await createTestUser(app);
    const memory = createReadMemory(written);
    let loads = 0;
    const load = async () => {
      loads += 1;
      // A write lands while the read is under way.
      await app.db.insert(conversations).values({ userId: user.id, assistantId: assistant, title: `Frage ${loads}` });
      return [];
    };
    await memory.read('racing', ['conversations'], load);
    await memory.read('racing', ['conversations'], load);
    expect(loads).toBe(2);
  });

  it('reads again after its maximum age; with REDIS_URL (several instances) PostgreSQL reads every time', async () => {
    const load = async () => {
      loads += 1;
      return [];
    };
    let loads = 0;
    const stale = createReadMemory(written, { maxAgeMs: -1 });
    await stale.read('aged', ['conversations'], load);
    await stale.read('aged', ['conversations'], load);
    expect(loads).toBe(2);
    // With REDIS_URL other instances and workers write too: the memory reads the database on PostgreSQL.
    loads = 0;
    const shared = readMemoryFor(app.database, { redisUrl: 'redis://127.0.0.1:1' });
    await shared.read('shared', ['conversations'], load);
    await shared.read('shared', ['conversations'], load);
    expect(loads).toBe(onPglite ? 1 : 2);
  });

  it("the chat list: a user's new, renamed and deleted conversations show at once, and no one else's", async () => {
    const anna = await createTestUser(app);
    const ben = await createTestUser(app);
    const list = async (headers: Record<string, string>) => {
      const response = await app.inject({ method: 'GET', url: '/api/chat/conversations', headers });
      expect(response.statusCode).toBe(200);
      return (response.json() as { conversations: { id: string; title: string }[] }).conversations;
    };
    expect(await list(anna.headers)).toEqual([]);
    const repository = createChatRepository(app.db);
    const { conversation: created } = await repository.startConversation(
      { userId: anna.user.id, assistantId: assistant, title: 'Geldwäscherei', knowledgeBase: true, webSearch: false },
      { question: 'Was ist Geldwäscherei?', promptRunId: null },
    );
    expect((await list(anna.headers)).map((each) => each.title)).toEqual(['Geldwäscherei']);
    expect(await list(ben.headers)).toEqual([]);
    const renamed = await app.inject({
      method: 'PATCH',
      url: `/api/chat/conversations/${created.id}`,
      headers: anna.headers,
      payload: { title: 'Sorgfaltspflichten' },
    });
    expect(renamed.statusCode).toBe(200);
    expect((await list(anna.headers)).map((each) => each.title)).toEqual(['Sorgfaltspflichten']);
    const deleted = await app.inject({
      method: 'DELETE',
      url: `/api/chat/conversations/${created.id}`,
      headers: anna.headers,
    });
    expect(deleted.statusCode).toBeLessThan(300);
    expect(await list(anna.headers)).toEqual([]);
  });
});
