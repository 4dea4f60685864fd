import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client.ts';
import { tsConfigFor } from '../../db/text-search.ts';

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
}

export interface ChunkSearch {
  query: string;
  /** Only passages in this language (its text-search configuration); every language otherwise. */
  language?: string;
  userId: string | null;
  includeKnowledgeBase: boolean;
  limit: number;
  /** Matching chunks considered for ranking; ranking cost grows with it (DESIGN §7). */
  candidateLimit: number;
  markStart: string;
  markEnd: string;
}

const allConfigs = ['english', 'german', 'french', 'italian', 'simple'] as const;

export type SearchRepository = ReturnType<typeof createSearchRepository>;

export function createSearchRepository(db: Db) {
  return {
    /**
     * Full-text search over chunks: each chunk matched with the query parsed in the chunk's own
     * configuration (so stemming fits its language), at most `candidateLimit` candidates ranked with
     * ts_rank, snippets made with ts_headline for the final page only.
     */
    async searchChunks(search: ChunkSearch): Promise<PassageRow[]> {
      const configs = search.language ? [tsConfigFor(search.language)] : allConfigs;
      const matches = sql.join(
        configs.map(
          (config) =>
            sql`(c.ts_config = ${config} and c.tsv @@ websearch_to_tsquery(${sql.raw(`'${config}'`)}::regconfig, ${search.query}))`,
        ),
        sql` or `,
      );
      const scopes: SQL[] = [];
      if (search.userId) scopes.push(sql`(f.scope = 'user' and f.owner_user_id = ${search.userId})`);
      if (search.includeKnowledgeBase) scopes.push(sql`f.scope = 'kb'`);
      if (scopes.length === 0) return [];
      const headlineOptions = `StartSel=${search.markStart}, StopSel=${search.markEnd}, MaxWords=35, MinWords=15, ShortWord=3, MaxFragments=2, FragmentDelimiter=" … "`;
      return queryRows<PassageRow>(
        db,
        sql`with candidates as (
              select c.id, c.file_id, c.page, c.heading, c.text, c.ts_config, c.tsv
              from file_chunks c
              join files f on f.id = c.file_id
              where f.status = 'ready' and (${sql.join(scopes, sql` or `)}) and (${matches})
              limit ${search.candidateLimit}
            ),
            ranked as (
              select *, ts_rank(tsv, websearch_to_tsquery(ts_config::regconfig, ${search.query})) as rank
              from candidates
              order by rank desc
              limit ${search.limit}
            )
            select r.id as "chunkId", r.file_id as "documentId", f.title, f.name as "fileName", f.scope,
                   r.page, r.heading, r.text, f.language, r.rank::float8 as rank,
                   ts_headline(r.ts_config::regconfig, r.text, websearch_to_tsquery(r.ts_config::regconfig, ${search.query}), ${headlineOptions}) as snippet
            from ranked r join files f on f.id = r.file_id
            order by r.rank desc`,
      );
    },
  };
}
