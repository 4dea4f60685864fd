import type { DocumentOrigin } from '@compliance/shared/documents';
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client.ts';
import { tsConfigFor } from '../../db/text-search.ts';
import {
  commonTermLimit,
  dfCap,
  openingBoost,
  phraseBonus,
  shortPassageFactor,
  shortPassageLexemes,
  textSearchConfigs as allConfigs,
  titleBonus,
  titleTermInBody,
} from './ranking.ts';

export interface PassageRow extends Record<string, unknown> {
  chunkId: string;
  documentId: string;
  title: string | null;
  fileName: string;
  scope: 'user' | 'kb';
  page: number;
  heading: string | null;
  text: string;
  snippet: string;
  language: string | null;
  rank: number;
  asOf: string | null;
  jurisdiction: string | null;
  origin: DocumentOrigin | null;
}

/** One term of a query: its text (a word or an identifier such as `2026/1`) and its weight. */
export interface QueryTerm {
  text: string;
  /** 1 for the user's own words; less for words a glossary added. */
  weight: number;
  /** The text-search configuration the term is written for (a glossary name); every one when unknown. */
  config?: string;
}

export interface ChunkSearch {
  terms: QueryTerm[];
  /** Adjacent word pairs of the query ("qualified custodian"): a passage holding one as written ranks higher. */
  phrases: string[];
  /** Web-search syntax every passage must match (the user's quotes and exclusions), if any. */
  filter?: string;
  /** Only passages in this language (its text-search configuration); every language otherwise. */
  language?: string;
  userId: string | null;
  includeKnowledgeBase: boolean;
  /** Only passages of these documents (still within the scope above), when given. */
  documentIds?: string[];
  limit: number;
  /** Chunks taken per term before ranking; ranking cost grows with it (DESIGN §7). */
  candidateLimit: number;
  markStart: string;
  markEnd: string;
  /**
   * Highlighted snippets (ts_headline) for the page found; without them a passage's snippet is its
   * opening. Highlighting parses every passage found again: the answers, which read whole
   * passages, leave it off.
   */
  snippets?: boolean;
}

/** A lexeme as tsquery input: quoted, so punctuation inside identifiers stays part of it. */
const quoteLexeme = (lexeme: string) => `'${lexeme.replaceAll('\\', '\\\\').replaceAll("'", "''")}'`;

export type SearchRepository = ReturnType<typeof createSearchRepository>;

export function createSearchRepository(db: Db) {
  /** The query's lexemes in each configuration, parsed by the same parser as the index. */
  async function lexemes(terms: QueryTerm[], configs: readonly string[]) {
    const rows = await queryRows<{ config: string; lexeme: string; weight: number }>(
      db,
      sql`select cfg as config, lexeme, max(q.weight)::float8 as weight
          from jsonb_array_elements_text(${JSON.stringify(configs)}::jsonb) as cfg,
               jsonb_to_recordset(${JSON.stringify(terms)}::jsonb) as q(text text, weight float8, config text),
               unnest(tsvector_to_array(to_tsvector(cfg::regconfig, q.text))) as lexeme
          where (q.config is null or q.config = cfg)
            -- Only the configurations some ready document uses: a lexeme looked up in a language no
            -- document has would scan other languages' passages for nothing.
            and cfg in (
              select distinct case f.language when 'en' then 'english' when 'de' then 'german' when 'fr' then 'french'
                                              when 'it' then 'italian' else 'simple' end
              from files f where f.status = 'ready'
            )
          group by cfg, lexeme`,
    );
    return rows;
  }

  return {
    /**
     * The first passages of the given documents (within the scope), in document order: what a
     * question about a chosen document reads when none of its passages holds the question's words.
     */
    async openingChunks(search: {
      documentIds: string[];
      userId: string | null;
      includeKnowledgeBase: boolean;
      perDocument: number;
    }): Promise<PassageRow[]> {
      const scopes: SQL[] = [];
      if (search.userId) scopes.push(sql`(f.scope = 'user' and f.owner_user_id = ${search.userId})`);
      if (search.includeKnowledgeBase) scopes.push(sql`f.scope = 'kb'`);
      if (scopes.length === 0 || search.documentIds.length === 0) return [];
      return queryRows<PassageRow>(
        db,
        sql`select c.id as "chunkId", c.file_id as "documentId", f.title, f.name as "fileName", f.scope,
                   c.page, c.heading, c.text, f.language, 0::float8 as rank,
                   coalesce(f.metadata->>'lastVerified', f.metadata->>'asOf') as "asOf",
                   f.metadata->>'jurisdiction' as "jurisdiction", f.origin,
                   left(c.text, 300) as snippet
            from file_chunks c
            join files f on f.id = c.file_id
            where f.status = 'ready' and (${sql.join(scopes, sql` or `)})
              and f.id in (${sql.join(
                search.documentIds.map((id) => sql`${id}::uuid`),
                sql`, `,
              )})
              and c.chunk_index < ${search.perDocument}
            order by f.id, c.chunk_index`,
      );
    },

    /**
     * Ranked retrieval (BM25-like): each term's chunks are taken up to `candidateLimit` (so rare
     * words always bring all their passages), then every candidate is scored as the sum over the
     * terms it holds of idf × ts_rank — headings count more than body text — plus a bonus for terms
     * in the document's title. Snippets are made with ts_headline for the final page only.
     */
    async searchChunks(search: ChunkSearch): Promise<PassageRow[]> {
      const configs = search.language ? [tsConfigFor(search.language)] : allConfigs;
      const scopes: SQL[] = [];
      if (search.userId) scopes.push(sql`(f.scope = 'user' and f.owner_user_id = ${search.userId})`);
      if (search.includeKnowledgeBase) scopes.push(sql`f.scope = 'kb'`);
      if (scopes.length === 0 || search.terms.length === 0) return [];
      if (search.documentIds) {
        if (search.documentIds.length === 0) return [];
        const within = sql`f.id in (${sql.join(
          search.documentIds.map((id) => sql`${id}::uuid`),
          sql`, `,
        )})`;
        scopes.splice(0, scopes.length, sql`((${sql.join(scopes, sql` or `)}) and ${within})`);
      }

      const parsed = await lexemes(search.terms, configs);
      if (parsed.length === 0) return [];
      const terms = sql.join(
        parsed.map((row) => sql`(${row.config}, ${quoteLexeme(row.lexeme)}::tsquery, ${row.weight}::float8)`),
        sql`, `,
      );
      // One OR query per configuration, for the snippets.
      const orQueries = new Map<string, string>();
      for (const row of parsed) {
        const previous = orQueries.get(row.config);
        orQueries.set(row.config, previous ? `${previous} | ${quoteLexeme(row.lexeme)}` : quoteLexeme(row.lexeme));
      }
      const snippetQueries = sql.join(
        [...orQueries].map(([config, query]) => sql`(${config}, ${query}::tsquery)`),
        sql`, `,
      );
      // The user's own syntax, parsed once per configuration (a constant query keeps the index usable).
      const usedConfigs = [...new Set(parsed.map((row) => row.config))].filter((config) =>
        (allConfigs as readonly string[]).includes(config),
      );
      const filter = search.filter
        ? sql`and (${sql.join(
            usedConfigs.map(
              (config) =>
                sql`(c.ts_config = ${config} and c.tsv @@ websearch_to_tsquery(${sql.raw(`'${config}'`)}::regconfig, ${search.filter}))`,
            ),
            sql` or `,
          )})`
        : sql``;
      // Each term brings at most its share of the candidates: a common word cannot crowd out the rest.
      const perTermLimit = Math.max(50, Math.floor(search.candidateLimit / parsed.length));
      const headlineOptions = `StartSel=${search.markStart}, StopSel=${search.markEnd}, MaxWords=35, MinWords=15, ShortWord=3, MaxFragments=2, FragmentDelimiter=" … "`;

      return queryRows<PassageRow>(
        db,
        sql`with terms(cfg, tq, weight) as (values ${terms}),
            total as (
              select greatest(
                coalesce((select reltuples from pg_class where relname = 'file_chunks' and reltuples > 0), 0),
                (select count(*) from (select 1 from file_chunks limit ${dfCap}) s)
              )::float8 as n
            ),
            stats as materialized (
              select t.cfg, t.tq, t.weight,
                     (select count(*) from (select 1 from file_chunks c where c.ts_config = t.cfg and c.tsv @@ t.tq limit ${dfCap}) s)::float8 as df
              from terms t
            ),
            weighted as materialized (
              select s.cfg, s.tq, s.df, s.weight * ln(1 + (total.n - s.df + 0.5) / (s.df + 0.5)) as idf
              from stats s, total
              where s.df > 0
            ),
            phrases as (
              select distinct w.cfg, phraseto_tsquery(w.cfg::regconfig, p.text) as tq
              from (select distinct cfg from weighted) w,
                   jsonb_array_elements_text(${JSON.stringify(search.phrases)}::jsonb) as p(text)
            ),
            pool as materialized (
              ${
                search.filter
                  ? sql`select c.id, c.file_id from file_chunks c join files f on f.id = c.file_id
                        where f.status = 'ready'
                          and (${sql.join(scopes, sql` or `)}) ${filter}
                        limit ${search.candidateLimit}`
                  : sql`select distinct hit.id, hit.file_id
                        from weighted w
                        cross join lateral (
                          -- A LIMIT cannot depend on the row: one branch per kind of term, the other skipped.
                          (select c.id, c.file_id from file_chunks c join files f on f.id = c.file_id
                           where w.df >= ${dfCap} and c.ts_config = w.cfg and c.tsv @@ w.tq and f.status = 'ready'
                             and (${sql.join(scopes, sql` or `)})
                           limit ${Math.min(commonTermLimit, perTermLimit)})
                          union all
                          (select c.id, c.file_id from file_chunks c join files f on f.id = c.file_id
                           where w.df < ${dfCap} and c.ts_config = w.cfg and c.tsv @@ w.tq and f.status = 'ready'
                             and (${sql.join(scopes, sql` or `)})
                           limit ${perTermLimit})
                        ) hit`
              }
            ),
            phrase_hits as materialized (
              select p.id, count(*)::float8 as hits
              from pool p
              join file_chunks c on c.id = p.id
              join phrases ph on ph.cfg = c.ts_config and numnode(ph.tq) >= 3 and c.tsv @@ ph.tq
              group by p.id
            ),
            scored as materialized (
              select p.id, sum(w.idf * (case when t.title_tsv @@ w.tq
                                             then ts_rank(c.tsv, w.tq, 1) * 10 * ${titleTermInBody}::float8 + ${titleBonus}::float8
                                             else ts_rank(c.tsv, w.tq, 1) * 10 end)) as base
              from pool p
              join file_chunks c on c.id = p.id
              join files t on t.id = c.file_id
              -- The configuration first: a term of another language is never matched against the vector.
              join weighted w on case when w.cfg = c.ts_config then c.tsv @@ w.tq else false end
              group by p.id
            ),
            ranked as (
              select c.id, c.file_id, c.page, c.heading, c.text, c.ts_config,
                     -- A document's opening passage usually summarises it; a passage of a few words
                     -- (a heading alone) says too little to be an answer.
                     (case when c.chunk_index = 0 then ${openingBoost}::float8 else 1 end)
                       * (case when length(c.tsv) < ${shortPassageLexemes} then ${shortPassageFactor}::float8 else 1 end) * s.base
                       + ${phraseBonus}::float8 * coalesce(h.hits, 0) as rank
              from scored s
              join file_chunks c on c.id = s.id
              left join phrase_hits h on h.id = s.id
              order by rank desc, c.id
              limit ${search.limit}
            )
            select r.id as "chunkId", r.file_id as "documentId", f.title, f.name as "fileName", f.scope,
                   r.page, r.heading, r.text, f.language, r.rank::float8 as rank,
                   coalesce(f.metadata->>'lastVerified', f.metadata->>'asOf') as "asOf",
                   f.metadata->>'jurisdiction' as "jurisdiction", f.origin,
                   ${
                     search.snippets === false
                       ? sql`left(r.text, 300)`
                       : sql`(select ts_headline(r.ts_config::regconfig, r.text, sq.q, ${headlineOptions})
                              from (values ${snippetQueries}) as sq(cfg, q) where sq.cfg = r.ts_config)`
                   } as snippet
            from ranked r
            join files f on f.id = r.file_id
            order by r.rank desc, r.id`,
      );
    },
  };
}
