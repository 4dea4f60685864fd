import type { ChatLanguage, StreamUsage } from '@compliance/shared/chat';
import type { DocumentOrigin } from '@compliance/shared/documents';

/**
 * The answer-provider interface (DESIGN §2): the built-in offline engine, or an OpenAI-compatible
 * API when LLM_BASE_URL / LLM_MODEL are set. Chosen once at start-up.
 */

/** One retrieved source, numbered as the provider may cite it ([number]). */
export interface AnswerSource {
  number: number;
  /** A library passage, a web result, or statements made from the product's FATF country data. */
  kind: 'document' | 'web' | 'fatf';
  documentId: string | null;
  title: string;
  page: number | null;
  heading: string | null;
  /** The whole passage (document chunk or web result summary). */
  text: string;
  /** A short extract around the matches, plain text. */
  snippet: string;
  href: string;
  /** The date the content is as of (`YYYY-MM-DD`), when known. */
  asOf: string | null;
  /** The language the text is written in, when known. */
  language: string | null;
  /** A document synced from a connection: the remote file and version read. */
  origin?: DocumentOrigin | null;
}

export interface AnswerRequest {
  question: string;
  language: ChatLanguage;
  assistant: { slug: string; name: string; instructions: string };
  /** Earlier turns of the conversation, oldest first. */
  history: { role: 'user' | 'assistant'; content: string }[];
  /** Retrieved sources (may be empty: the provider then says it found nothing). */
  sources: AnswerSource[];
  /** Whether the user asked for source-grounded answers (knowledge base or web search on). */
  grounded: boolean;
  signal: AbortSignal;
}

/**
 * What a provider yields: text as it is produced; explicit citations (the offline engine numbers its
 * own); usage at the end. A provider that only yields text cites by the sources' numbers, [n].
 */
export type AnswerChunk =
  | { type: 'text'; text: string }
  | { type: 'citation'; number: number; source: AnswerSource; quote: string }
  | { type: 'usage'; usage: StreamUsage };

export interface AnswerProvider {
  readonly kind: 'offline' | 'openai';
  answer(request: AnswerRequest): AsyncIterable<AnswerChunk>;
}

/** The provider answered with an error (ASSISTANT_ERROR) or its stream broke (STREAM_ERROR). */
export class ProviderError extends Error {
  override name = 'ProviderError';
  readonly code: 'ASSISTANT_ERROR' | 'STREAM_ERROR';
  constructor(code: 'ASSISTANT_ERROR' | 'STREAM_ERROR', message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.code = code;
  }
}

export const zeroUsage: StreamUsage = { promptTokens: 0, completionTokens: 0, totalTokens: 0 };
