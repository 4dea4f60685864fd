import {
  SNIPPET_MARK_END,
  SNIPPET_MARK_START,
  type DocumentLanguage,
  type Passage,
} from '@compliance/shared/documents';
import { locales } from '@compliance/shared/locales';
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client.ts';
import { createReadMemory, type ReadMemory } from '../../db/read-memory.ts';
import { tsConfigFor } from '../../db/text-search.ts';
import { createGlossary, loadGlossary, type Glossary } from './glossary.ts';
import { createWordParser, type KnowledgeBaseIndex } from './knowledge-base-index.ts';
import { createSearchRepository, type PassageRow, type QueryTerm } from './search.repository.ts';

export interface SearchChunksInput {
  query: string;
  /** Restrict to passages in this language. */
  language?: DocumentLanguage;
  /**
   * Whose documents to search: the user's own (private) documents, and the knowledge base (readable
   * by every signed-in user) when `includeKnowledgeBase`. `userId: null` searches the knowledge base only.
   */
  scope: { userId: string | null; includeKnowledgeBase: boolean };
  /** Only passages of these documents (within `scope`). */
  documentIds?: string[];
  limit?: number;
  /** Also search the glossary's names of the concepts the query mentions, in the other languages. */
  acrossLanguages?: boolean;
  /** Snippets highlighting the query's words (the default); without, a passage's snippet is its opening. */
  snippets?: boolean;
}

export interface SearchServiceOptions {
  /** Chunks taken per query term before ranking (the rest of a very common word's chunks are not considered). */
  candidateLimit?: number;
  glossary?: Glossary;
  /** The knowledge base held in this process: the answers' searches use it while it is current. */
  knowledgeBaseIndex?: KnowledgeBaseIndex;
  /** Remembers whether a user has documents of their own (their searches then run in SQL). */
  memory?: ReadMemory;
}

const languages = new Set<string>(locales);

/** Words that say how to answer, not what about: never searched for. */
const questionWords = new Set(
  `what which who whom whose when where why how is are was were do does did can could should would shall will may might
  must the a an of to in on for by with about from and or not any all some this that these those there it its be been
  being have has had tell explain describe give please me my i we our you your
  was welche welcher welches welchen wer wen wem wann wo wie warum ist sind muss müssen kann können der die das den
  dem des ein eine einer einem einen und oder nicht für von mit bei zu zum zur im in auf an es gibt bitte erklären
  que quoi qui quel quelle quels quelles quand où comment pourquoi est sont doit doivent peut peuvent le la les un une
  des du de et ou pas pour par avec dans sur en au aux il elle ce cette ces y a
  che cosa chi quale quali quando dove come perché è sono deve devono può possono il lo la i gli le un una uno di del
  della dei delle da dal e o non per con in su nel nella al alla ci sia`
    .split(/\s+/)
    .filter(Boolean),
);

/**
 * The words of a query as the index holds them: identifiers stay whole (`2026/1`, `206(4)-1`,
 * `SR 955.0` → `955.0`), question words are dropped. The user's own operators (quotes,
 * exclusions, OR) become a filter every passage must match.
 */
export function queryTerms(query: string): { terms: string[]; phrases: string[]; filter: string | undefined } {
  const usesSyntax = /["]|(^|\s)-\S|\sor\s/i.test(query);
  const tokens =
    query
      .replace(/\s-\S+/g, ' ')
      .match(/[\p{L}\p{N}](?:[\p{L}\p{N}'’_./()-]*[\p{L}\p{N})])?/gu)
      ?.map((token) => token.replace(/^\((.*)\)$/, '$1').replace(/^(l|d|qu|j|n|s|c)['’]/i, '')) ?? [];
  const content = (token: string | undefined) =>
    token !== undefined && !questionWords.has(token.toLowerCase()) && token.toLowerCase() !== 'or';
  const phrases = tokens.flatMap((token, index) => {
    const next = tokens[index + 1];
    return content(token) && content(next) ? [`${token} ${next}`] : [];
  });
  return {
    terms: [...new Set(tokens.filter(content))],
    phrases: [...new Set(phrases)].slice(0, 12),
    filter: usesSyntax ? query : undefined,
  };
}

const separablePrefix =
  '(ab|an|auf|aus|bei|dar|ein|fest|fort|her|hin|los|mit|nach|offen|vor|weg|weiter|wieder|zurück|zusammen|durch|über|um|unter)';
const withoutZu = new RegExp(`^${separablePrefix}(\\p{Ll}{3,}en)$`, 'u');
const withZu = new RegExp(`^${separablePrefix}zu(\\p{Ll}{3,}en)$`, 'u');

/** The other form of a German separable verb's infinitive: "aufbewahren" ↔ "aufzubewahren". */
export function separableVerbForm(word: string): string | undefined {
  const lower = word.toLowerCase();
  const zu = withZu.exec(lower);
  if (zu) return `${zu[1]}${zu[2]}`;
  const plain = withoutZu.exec(lower);
  return plain && !plain[2]!.startsWith('zu') ? `${plain[1]}zu${plain[2]}` : undefined;
}

/**
 * The retrieval layer: the documents search, the knowledge-base search and the chat's citations all
 * use `searchChunks` and its ranking. Access is decided by `scope` — callers pass the signed-in
 * user's id, never another user's.
 */
export function createSearchService(
  db: Db,
  {
    candidateLimit = 1_000,
    glossary = createGlossary(loadGlossary()),
    knowledgeBaseIndex,
    memory = createReadMemory(undefined),
  }: SearchServiceOptions = {},
) {
  const repository = createSearchRepository(db);
  const wordParser = createWordParser(db);

  /** Whether a user has ready documents of their own: a search of theirs then spans both sources. */
  async function hasOwnDocuments(userId: string): Promise<boolean> {
    const [row] = await memory.read(`own-documents:${userId}`, ['files'], () =>
      queryRows<{ has: boolean }>(
        db,
        sql`select exists(select 1 from files where owner_user_id = ${userId} and scope = 'user' and status = 'ready') as has`,
      ),
    );
    return row?.has === true;
  }

  /**
   * The in-process index answers a search of the knowledge base alone (no documents of the asker's,
   * no choice of documents, no search syntax) that needs no highlighted snippets: the answers'.
   */
  async function indexFor(
    input: { snippets: boolean; filter: string | undefined } & Pick<SearchChunksInput, 'scope' | 'documentIds'>,
  ) {
    if (
      !knowledgeBaseIndex ||
      input.snippets ||
      input.filter ||
      input.documentIds ||
      !input.scope.includeKnowledgeBase
    ) {
      return undefined;
    }
    if (input.scope.userId && (await hasOwnDocuments(input.scope.userId))) return undefined;
    return knowledgeBaseIndex.current();
  }
  return {
    async searchChunks({
      query,
      language,
      scope,
      documentIds,
      limit = 10,
      acrossLanguages = !language,
      snippets = true,
    }: SearchChunksInput): Promise<Passage[]> {
      const text = query.trim().slice(0, 500);
      if (!text) return [];
      const { terms, phrases, filter } = queryTerms(text);
      const weighted: QueryTerm[] = terms.map((term) => ({ text: term, weight: 1 }));
      // A German verb with a separable prefix is also written with "zu" inside ("aufbewahren" →
      // "aufzubewahren"), which the German stemmer keeps apart: each form finds the other.
      for (const term of terms) {
        const other = separableVerbForm(term);
        if (other) weighted.push({ text: other, weight: 1, config: tsConfigFor('de') });
      }
      if (acrossLanguages) {
        // A concept's other names weigh less than the user's own words, spread over their words.
        for (const { form, locale } of glossary.expand(text)) {
          weighted.push({
            text: form,
            weight: 0.7 / Math.sqrt(Math.max(1, form.split(/\s+/).length)),
            config: tsConfigFor(locale),
          });
        }
      }
      if (weighted.length === 0) return [];
      const searched = weighted.slice(0, 60);
      const pageSize = Math.min(Math.max(limit, 1), 100);
      const index = await indexFor({ snippets, filter, scope, documentIds });
      if (index) {
        const rows = await index.search(
          { terms: searched, phrases, ...(language ? { language } : {}), limit: pageSize, candidateLimit },
          wordParser,
        );
        return rows.map(toPassage);
      }
      const rows = await repository.searchChunks({
        terms: searched,
        phrases,
        filter,
        language,
        userId: scope.userId,
        includeKnowledgeBase: scope.includeKnowledgeBase,
        ...(documentIds ? { documentIds } : {}),
        limit: pageSize,
        candidateLimit,
        markStart: SNIPPET_MARK_START,
        markEnd: SNIPPET_MARK_END,
        snippets,
      });
      return rows.map(toPassage);
    },

    /** Builds the in-process knowledge-base index now if it is not current (it is otherwise built on first use). */
    async prepare(): Promise<void> {
      await knowledgeBaseIndex?.current();
    },

    /** The first passages of each of these documents (within `scope`), for a question about them. */
    async openingPassages({
      documentIds,
      scope,
      perDocument = 2,
    }: {
      documentIds: string[];
      scope: SearchChunksInput['scope'];
      perDocument?: number;
    }): Promise<Passage[]> {
      const rows = await repository.openingChunks({
        documentIds,
        userId: scope.userId,
        includeKnowledgeBase: scope.includeKnowledgeBase,
        perDocument,
      });
      return rows.map(toPassage);
    },
  };
}

function toPassage(row: PassageRow): Passage {
  return {
    chunkId: row.chunkId,
    documentId: row.documentId,
    // A user's own file goes by its name everywhere (an extracted first line is no title); the
    // knowledge base's documents by their titles.
    title: row.scope === 'user' ? row.fileName : (row.title ?? row.fileName),
    fileName: row.fileName,
    scope: row.scope,
    page: row.page,
    heading: row.heading,
    snippet: row.snippet,
    text: row.text,
    language: row.language && languages.has(row.language) ? (row.language as DocumentLanguage) : null,
    rank: Number(row.rank),
    asOf: row.asOf && /^\d{4}-\d{2}-\d{2}$/.test(row.asOf) ? row.asOf : null,
    jurisdiction: row.scope === 'kb' ? row.jurisdiction : null,
    origin: row.origin ?? null,
  };
}

export type SearchService = ReturnType<typeof createSearchService>;
