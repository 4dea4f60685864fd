// Full-text search latency (p50/p95) at 100k chunks (20k at --quick): synthetic passages in English, German and
// unknown language ('simple'), generated in SQL inside a fresh embedded database in a temp dir, then
// the retrieval layer's searchChunks for common, rare and multi-word queries.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { openPgliteDatabase } from '../../apps/server/src/db/client.ts';
import { users } from '../../apps/server/src/db/schema/index.ts';
import { createSearchService } from '../../apps/server/src/modules/search/search.service.ts';
import type { BenchContext, BenchResult } from '../run.ts';
import { summarise } from '../stats.ts';

const WORDS_PER_CHUNK = 50;

const english = `client due diligence beneficial owner compliance officer adviser fiduciary custody record
  transaction report suspicious activity sanctions screening risk assessment policy procedure board
  supervisor license registration disclosure marketing testimonial performance fee conflict interest
  portfolio manager trustee fund investor account statement audit examination deficiency breach
  outsourcing resilience incident cyber attack notification deadline threshold identification
  verification document retention ledger order execution best price research inducement training
  the of and to in for with that are is be on by this as an or at from which`.split(/\s+/);
const german = `Sorgfaltspflicht Vertragspartei wirtschaftlich berechtigte Person Finanzintermediär Meldung
  Geldwäscherei Aufsicht Bewilligung Vermögensverwalter Kundschaft Risiko Dokumentation Prüfung
  Auslagerung Vorfall Frist Schwellenwert Identifizierung Überprüfung Aufbewahrung der die das und
  mit für von den im ist nicht eine einer`.split(/\s+/);
const rare = ['zyxquorum', 'plinthward', 'quellarium'];

const queries: Record<string, string> = {
  'common word': 'compliance',
  'two words': 'beneficial owner',
  phrase: '"suspicious activity report"',
  'rare word': 'zyxquorum',
  german: 'Vermögensverwalter Sorgfaltspflicht',
  'no match': 'xylophonist',
};

function literal(words: string[]): string {
  return `array[${words.map((word) => `'${word.replaceAll("'", "''")}'`).join(',')}]::text[]`;
}

export async function run(context: BenchContext): Promise<BenchResult[]> {
  const CHUNKS = context.size === 'small' ? 20_000 : 100_000;
  const FILES = context.size === 'small' ? 100 : 500;
  const RUNS = context.size === 'small' ? 10 : 40;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ca-bench-search-'));
  const database = await openPgliteDatabase({ dataDir });
  try {
    await database.migrate();
    const { db } = database;
    const [user] = await db
      .insert(users)
      .values({
        email: 'bench@example.test',
        firstName: 'B',
        lastName: 'B',
        passwordHash: 'x',
        emailVerifiedAt: new Date(),
      })
      .returning();
    const userId = user!.id;

    const generationStarted = performance.now();
    await db.execute(
      sql`insert into kb_functions (code, names, descriptions) values ('bench', '{"en":"B"}', '{"en":""}')`,
    );
    await db.execute(
      sql`insert into kb_resource_types (code, names, descriptions) values ('bench', '{"en":"B"}', '{"en":""}')`,
    );
    // Half the files are the user's own, half the knowledge base's.
    await db.execute(
      sql.raw(`
      insert into files (scope, owner_user_id, kb_function_id, kb_resource_type_id, name, storage_key, status, language)
      select case when g % 2 = 0 then 'user' else 'kb' end,
             case when g % 2 = 0 then '${userId}'::uuid end,
             case when g % 2 = 1 then (select id from kb_functions limit 1) end,
             case when g % 2 = 1 then (select id from kb_resource_types limit 1) end,
             'file-' || g || '.txt', 'bench/' || g, 'ready',
             case when g % 10 < 7 then 'en' when g % 10 < 9 then 'de' else null end
      from generate_series(1, ${FILES}) g`),
    );
    // Chunks in batches; each is WORDS_PER_CHUNK random words of its file's language (a few rare ones).
    const batch = 20_000;
    for (let start = 0; start < CHUNKS; start += batch) {
      await db.execute(
        sql.raw(`
        with f as (select id, language, row_number() over (order by id) as n from files),
        raw as (
          select g, f.id as file_id, f.language,
                 array_to_string(array(
                   select (case when f.language = 'de' then ${literal(german)} else ${literal(english)} end)
                          [1 + floor(random() * (case when f.language = 'de' then ${german.length} else ${english.length} end))::int]
                   from generate_series(1, ${WORDS_PER_CHUNK}) w where w > 0 * g
                 ), ' ') || case when g % 5000 = 0 then ' ${rare.join(' ')}' else '' end as text
          from generate_series(${start + 1}, ${start + batch}) g
          join f on f.n = 1 + (g % ${FILES})
        )
        insert into file_chunks (file_id, chunk_index, page, heading, text, ts_config, tsv)
        select file_id, g, 1 + (g % 20), null, text,
               case language when 'en' then 'english' when 'de' then 'german' else 'simple' end,
               to_tsvector((case language when 'en' then 'english' when 'de' then 'german' else 'simple' end)::regconfig, text)
        from raw`),
      );
    }
    await db.execute(sql`analyze`);
    const generationSeconds = (performance.now() - generationStarted) / 1000;

    const search = createSearchService(db);
    const results: BenchResult[] = [
      { name: `generate ${CHUNKS} chunks`, metrics: { seconds: Math.round(generationSeconds * 10) / 10 } },
    ];
    for (const [name, query] of Object.entries(queries)) {
      const timings: number[] = [];
      let hits = 0;
      for (let index = 0; index < RUNS + 3; index++) {
        const started = performance.now();
        const passages = await search.searchChunks({
          query,
          scope: { userId, includeKnowledgeBase: true },
          limit: 10,
        });
        if (index >= 3) timings.push(performance.now() - started);
        hits = passages.length;
      }
      results.push({ name: `searchChunks: ${name}`, metrics: { ...summarise(timings), hits } });
    }
    return results;
  } finally {
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
