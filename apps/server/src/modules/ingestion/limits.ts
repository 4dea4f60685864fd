/**
 * Bounds on what one file may become, applied inside the parser on top of the worker's time and
 * memory limits. Each is checked while the file is read (never only at the end), and a file that
 * passes one fails with its own code, so the owner learns why.
 */
export interface ExtractionLimits {
  /** Pages per file (PDF pages, or sections of about a page for other formats): FILE_TOO_MANY_PAGES. */
  maxPages: number;
  /** Characters of extracted text per file: FILE_TOO_LONG. */
  maxTextChars: number;
  /** Passages (indexed chunks) per file: FILE_TOO_MANY_PASSAGES. */
  maxChunks: number;
  /** Sum of the uncompressed sizes a DOCX's zip directory declares (media included): FILE_TOO_COMPLEX. */
  maxZipUncompressedBytes: number;
  /**
   * Bytes actually inflated from the XML parts of a DOCX (the parts the parser reads). Inflation
   * stops as soon as this is passed, whatever the directory declares: FILE_TOO_COMPLEX.
   */
  maxDocxXmlBytes: number;
  /** Entries in a DOCX's zip directory: FILE_TOO_COMPLEX. */
  maxZipEntries: number;
}

/**
 * Far above a real document (5 M characters are about 2,000 dense pages), far below what stalls a
 * small server while its passages are written and indexed.
 */
export const defaultExtractionLimits: ExtractionLimits = {
  maxPages: 2_000,
  maxTextChars: 5_000_000,
  maxChunks: 10_000,
  maxZipUncompressedBytes: 200 * 1024 * 1024,
  maxDocxXmlBytes: 24 * 1024 * 1024,
  maxZipEntries: 5_000,
};
