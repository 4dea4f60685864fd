import { locales } from '@compliance/shared/locales';
/**
 * The contract between the ingestion pipeline (parsing a file) and its users (the documents and
 * knowledge-base modules, which store the result, index it and cite it).
 */

export const documentTypes = ['pdf', 'docx', 'txt', 'csv', 'markdown', 'html'] as const;
export type DocumentType = (typeof documentTypes)[number];

export const documentLanguages = locales;
export type DocumentLanguage = (typeof documentLanguages)[number];

/** One page as the reader sees it (PDF pages; for other formats, sections of about a page). */
export interface ExtractedPage {
  /** 1-based. */
  number: number;
  text: string;
}

/** A passage small enough to retrieve and quote, always inside one page. */
export interface ExtractedChunk {
  /** 0-based position in the document. */
  index: number;
  /** The page the passage is on (1-based). */
  page: number;
  /** The nearest heading above the passage, when the format has headings. */
  heading: string | null;
  text: string;
}

export interface ExtractedDocument {
  /** Decided from the content (magic bytes, structure), never from the file name alone. */
  type: DocumentType;
  /** Detected from the text; null when there is too little text to tell or it is another language. */
  language: DocumentLanguage | null;
  /** A title from the document's metadata or first heading, if any. */
  title: string | null;
  pages: ExtractedPage[];
  chunks: ExtractedChunk[];
  /** True when the file has no extractable text (e.g. a scanned PDF): it is stored but not searchable. */
  noText: boolean;
  /** Non-fatal problems worth showing (e.g. "2 pages could not be read"). */
  warnings: string[];
  /** Milliseconds spent per step, for the test-upload screen and benchmarks. */
  timings: { detectMs: number; parseMs: number; chunkMs: number; languageMs: number; totalMs: number };
}

/** Why a file could not be ingested. `code` is stable (an API error code); `reason` is for logs and admins. */
export const ingestionFailureCodes = [
  'UNSUPPORTED_FILE_TYPE',
  'FILE_ENCRYPTED',
  'FILE_CORRUPT',
  'FILE_TOO_COMPLEX',
  'FILE_TOO_LONG',
  'FILE_TOO_MANY_PAGES',
  'FILE_TOO_MANY_PASSAGES',
  'INGESTION_TIMEOUT',
] as const;
export type IngestionFailureCode = (typeof ingestionFailureCodes)[number];

export class IngestionError extends Error {
  readonly code: IngestionFailureCode;
  readonly reason: string;

  constructor(code: IngestionFailureCode, reason: string) {
    super(`${code}: ${reason}`);
    this.name = 'IngestionError';
    this.code = code;
    this.reason = reason;
  }
}

/**
 * Parses a file in a worker thread with time and memory limits, so a hostile file cannot stall or
 * crash the server. Resolves with the document, or rejects with an IngestionError.
 */
export type ExtractDocument = (
  bytes: Uint8Array,
  options: { fileName: string; declaredMimeType?: string; signal?: AbortSignal },
) => Promise<ExtractedDocument>;
