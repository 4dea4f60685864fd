/** Bounds applied inside the parser, on top of the worker's time and memory limits. */
export interface ExtractionLimits {
  /** PDF pages read; later pages are skipped with a warning. */
  maxPdfPages: number;
  /** Sum of the uncompressed sizes a DOCX's zip directory declares. */
  maxZipUncompressedBytes: number;
  /** Entries in a DOCX's zip directory. */
  maxZipEntries: number;
}

export const defaultExtractionLimits: ExtractionLimits = {
  maxPdfPages: 2_000,
  maxZipUncompressedBytes: 200 * 1024 * 1024,
  maxZipEntries: 5_000,
};
