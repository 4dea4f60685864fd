import {
  SNIPPET_MARK_END,
  SNIPPET_MARK_START,
  type DocumentLanguage,
  type Passage,
} from '@compliance/shared/documents';
import type { Db } from '../../db/client.ts';
import { createSearchRepository } from './search.repository.ts';
import { locales } from '@compliance/shared/locales';

export interface SearchChunksInput {
  query: string;
  /** Restrict to passages in this language. */
  language?: DocumentLanguage;
  /**
   * Whose documents to search: the user's own (private) documents, and the knowledge base (readable
   * by every signed-in user) when `includeKnowledgeBase`. `userId: null` searches the knowledge base only.
   */
  scope: { userId: string | null; includeKnowledgeBase: boolean };
  limit?: number;
}

export interface SearchServiceOptions {
  /** Matching chunks ranked per query (the rest are not considered). */
  candidateLimit?: number;
}

const languages = new Set<string>(locales);

/**
 * The same words joined with OR for web-search syntax, or null when the query has a single word or
 * uses the syntax itself (quotes, OR, exclusions): the user's own operators are left as they are.
 */
export function anyWordsQuery(query: string): string | null {
  if (/["]|\bor\b|(^|\s)-\S/i.test(query)) return null;
  const words = query.split(/[^\p{L}\p{N}()./-]+/u).filter((word) => word.replace(/[()./-]/g, '').length > 2);
  return words.length > 1 ? words.join(' or ') : null;
}

/**
 * The retrieval layer: the documents search and the chat's citations both use `searchChunks`.
 * Access is decided by `scope` — callers pass the signed-in user's id, never another user's.
 */
export function createSearchService(db: Db, { candidateLimit = 1_000 }: SearchServiceOptions = {}) {
  const repository = createSearchRepository(db);
  return {
    async searchChunks({ query, language, scope, limit = 10 }: SearchChunksInput): Promise<Passage[]> {
      const text = query.trim().slice(0, 500);
      if (!text) return [];
      const wanted = Math.min(Math.max(limit, 1), 100);
      const search = (query: string) =>
        repository.searchChunks({
          query,
          language,
          userId: scope.userId,
          includeKnowledgeBase: scope.includeKnowledgeBase,
          limit: wanted,
          candidateLimit,
          markStart: SNIPPET_MARK_START,
          markEnd: SNIPPET_MARK_END,
        });
      // Passages with every word first; a natural question rarely has them all in one passage, so
      // the rest of the page is filled with passages that have any of its words, best ranked first.
      const rows = await search(text);
      const anyWords = anyWordsQuery(text);
      if (rows.length < wanted && anyWords) {
        const seen = new Set(rows.map((row) => row.chunkId));
        for (const row of await search(anyWords)) {
          if (rows.length >= wanted) break;
          if (!seen.has(row.chunkId)) rows.push(row);
        }
      }
      return rows.map((row) => ({
        chunkId: row.chunkId,
        documentId: row.documentId,
        title: row.title ?? row.fileName,
        fileName: row.fileName,
        scope: row.scope,
        page: row.page,
        heading: row.heading,
        snippet: row.snippet,
        text: row.text,
        language: row.language && languages.has(row.language) ? (row.language as DocumentLanguage) : null,
        rank: Number(row.rank),
      }));
    },
  };
}

export type SearchService = ReturnType<typeof createSearchService>;
