/**
 * Decides what a file is from its bytes. The name and declared MIME type are only hints, used to
 * break ties between text formats (a `.csv` that parses as CSV, a `.md` that is plain text).
 */
import { IngestionError } from './extracted-document.ts';
import type { DocumentType } from './extracted-document.ts';
import type { ExtractionLimits } from './limits.ts';
import { binaryCharacterRatio, decodeText } from './text.ts';
import { looksLikeZip, readZipDirectory, ZipFormatError } from './zip.ts';
import type { ZipEntry } from './zip.ts';

export type DetectedFile =
  | { type: 'pdf' }
  | { type: 'docx'; entries: ZipEntry[] }
  | { type: Exclude<DocumentType, 'pdf' | 'docx'>; text: string };

export interface FileHints {
  fileName: string;
  declaredMimeType?: string | undefined;
}

export function detectFile(bytes: Uint8Array, hints: FileHints, limits: ExtractionLimits): DetectedFile {
  if (isPdf(bytes)) return { type: 'pdf' };
  if (looksLikeZip(bytes)) return { type: 'docx', entries: checkDocxZip(bytes, limits) };
  if (isOleContainer(bytes)) {
    if (containsUtf16Name(bytes, 'EncryptedPackage') || containsUtf16Name(bytes, 'EncryptionInfo')) {
      throw new IngestionError('FILE_ENCRYPTED', 'password-protected Office document (encrypted OLE container)');
    }
    throw new IngestionError('UNSUPPORTED_FILE_TYPE', 'legacy Office (OLE2) file; only DOCX is supported');
  }
  const binary = knownBinaryFormat(bytes);
  if (binary) throw new IngestionError('UNSUPPORTED_FILE_TYPE', `${binary} file`);

  const { text } = decodeText(bytes);
  if (binaryCharacterRatio(text) > 0.02) {
    throw new IngestionError('UNSUPPORTED_FILE_TYPE', 'binary content that is not a supported document');
  }
  if (/^\s*\{\\rtf/.test(text.slice(0, 64))) {
    throw new IngestionError('UNSUPPORTED_FILE_TYPE', 'RTF file; only PDF, DOCX and text formats are supported');
  }
  return { type: classifyText(text, hints), text };
}

/** How much of a file `unsupportedByHead` looks at. */
export const HEAD_BYTES = 64 * 1024;

/**
 * What the first bytes alone prove: a file that can never become a supported document (an image,
 * an executable, an archive other than a Word document, binary content, RTF), so an upload can be
 * refused before it is stored. Null when only the whole file can tell.
 */
export function unsupportedByHead(head: Uint8Array): string | null {
  if (isPdf(head) || looksLikeZip(head) || isOleContainer(head)) return null;
  const binary = knownBinaryFormat(head);
  if (binary) return `${binary} file`;
  // A cut at the end of a longer file may split a character; leave its last bytes out.
  const { text } = decodeText(head.byteLength >= HEAD_BYTES ? head.subarray(0, head.byteLength - 4) : head);
  if (binaryCharacterRatio(text) > 0.02) return 'binary content that is not a supported document';
  if (/^\s*\{\\rtf/.test(text.slice(0, 64))) return 'RTF file; only PDF, DOCX and text formats are supported';
  return null;
}

function extensionOf(fileName: string): string {
  const match = /\.([a-z0-9]+)$/i.exec(fileName.trim());
  return match ? (match[1] ?? '').toLowerCase() : '';
}

export function classifyText(text: string, hints: FileHints): 'txt' | 'csv' | 'markdown' | 'html' {
  const extension = extensionOf(hints.fileName);
  const mime = (hints.declaredMimeType ?? '').toLowerCase();
  const head = text.slice(0, 4096);
  if (looksLikeHtml(head, extension === 'html' || extension === 'htm' || mime.includes('html'))) return 'html';
  const markdownHint = ['md', 'markdown', 'mdown', 'mkd'].includes(extension) || mime.includes('markdown');
  if (markdownHint) return 'markdown';
  const csvHint = ['csv', 'tsv'].includes(extension) || mime.includes('csv') || mime.includes('tab-separated');
  if (detectDelimiter(text, csvHint) !== null) return 'csv';
  if (looksLikeMarkdown(text)) return 'markdown';
  return 'txt';
}

function looksLikeHtml(head: string, hinted: boolean): boolean {
  const start = head.trimStart().slice(0, 1024).toLowerCase();
  if (start.startsWith('<!doctype html') || /<html[\s>]/.test(start)) return true;
  const tags = head.match(
    /<\/?(?:p|div|span|a|br|table|tr|td|th|ul|ol|li|h[1-6]|body|head|title|section|article|strong|em|b|i)\b[^>]*>/gi,
  );
  const count = tags?.length ?? 0;
  return hinted ? count >= 1 : count >= 8 && head.trimStart().startsWith('<');
}

function looksLikeMarkdown(text: string): boolean {
  const lines = text.slice(0, 20_000).split('\n');
  let headings = 0;
  let markers = 0;
  for (const line of lines) {
    if (/^#{1,6}\s+\S/.test(line)) headings++;
    else if (/^\s*(?:[-*+]|\d+\.)\s+\S/.test(line) || /^```/.test(line) || /^>\s/.test(line)) markers++;
    if (/\[[^\]]+\]\([^)\s]+\)/.test(line) || /\*\*[^*]+\*\*/.test(line)) markers++;
  }
  return (headings >= 1 && headings + markers >= 3) || headings >= 3;
}

const delimiters = [',', ';', '\t', '|'] as const;

/**
 * A delimiter that splits (almost) every one of the first lines into the same number of fields.
 * With a name hint one header line plus one record is enough; without it we want a real table.
 */
export function detectDelimiter(text: string, hinted: boolean): string | null {
  const lines = text
    .slice(0, 20_000)
    .split(/\r\n|\r|\n/)
    .filter((line) => line.trim() !== '')
    .slice(0, 30);
  if (lines.length === 0) return null;
  let best: { delimiter: string; score: number } | null = null;
  for (const delimiter of delimiters) {
    const counts = lines.map((line) => countOutsideQuotes(line, delimiter));
    const frequency = new Map<number, number>();
    for (const count of counts) frequency.set(count, (frequency.get(count) ?? 0) + 1);
    let mode = 0;
    let modeLines = 0;
    for (const [count, times] of frequency) {
      if (count > 0 && times > modeLines) {
        mode = count;
        modeLines = times;
      }
    }
    if (mode === 0) continue;
    const share = modeLines / lines.length;
    const enough = hinted ? share >= 0.5 : lines.length >= 3 && share >= 0.8;
    if (enough && (!best || modeLines * mode > best.score)) best = { delimiter, score: modeLines * mode };
  }
  if (!best && hinted) return ',';
  return best?.delimiter ?? null;
}

function countOutsideQuotes(line: string, delimiter: string): number {
  let inQuotes = false;
  let count = 0;
  for (const char of line) {
    if (char === '"') inQuotes = !inQuotes;
    else if (char === delimiter && !inQuotes) count++;
  }
  return count;
}

function isPdf(bytes: Uint8Array): boolean {
  const head = latin1(bytes.subarray(0, 1024));
  if (head.includes('%PDF-')) return true;
  // Some damaged files lost their header line but are PDFs all the same: a comment, then objects.
  return head.startsWith('%') && /\d+\s+\d+\s+obj\b/.test(head) && latin1(bytes.subarray(0, 65_536)).includes('endobj');
}

function checkDocxZip(bytes: Uint8Array, limits: ExtractionLimits): ZipEntry[] {
  let directory: ReturnType<typeof readZipDirectory>;
  try {
    directory = readZipDirectory(bytes, limits.maxZipEntries);
  } catch (error) {
    if (error instanceof ZipFormatError)
      throw new IngestionError('FILE_CORRUPT', `damaged ZIP archive: ${error.message}`);
    throw error;
  }
  if (directory.entryCount > limits.maxZipEntries) {
    throw new IngestionError(
      'FILE_TOO_COMPLEX',
      `the archive has ${directory.entryCount} entries (limit ${limits.maxZipEntries})`,
    );
  }
  const names = new Set(directory.entries.map((entry) => entry.name));
  if (!names.has('word/document.xml')) {
    throw new IngestionError('UNSUPPORTED_FILE_TYPE', 'ZIP archive that is not a Word document (no word/document.xml)');
  }
  const declared = directory.entries.reduce((sum, entry) => sum + entry.uncompressedSize, 0);
  if (declared > limits.maxZipUncompressedBytes) {
    throw new IngestionError(
      'FILE_TOO_COMPLEX',
      `the archive unpacks to ${Math.round(declared / 1_048_576)} MB (limit ${Math.round(limits.maxZipUncompressedBytes / 1_048_576)} MB)`,
    );
  }
  if (directory.entries.some((entry) => entry.encrypted)) {
    throw new IngestionError('FILE_ENCRYPTED', 'the archive entries are encrypted');
  }
  return directory.entries;
}

function isOleContainer(bytes: Uint8Array): boolean {
  const magic = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
  return magic.every((byte, i) => bytes[i] === byte);
}

function containsUtf16Name(bytes: Uint8Array, name: string): boolean {
  const needle = Buffer.from(name, 'utf16le');
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).includes(needle);
}

function knownBinaryFormat(bytes: Uint8Array): string | null {
  const starts = (...signature: number[]) => signature.every((byte, i) => bytes[i] === byte);
  if (starts(0x89, 0x50, 0x4e, 0x47)) return 'PNG image';
  if (starts(0xff, 0xd8, 0xff)) return 'JPEG image';
  if (starts(0x47, 0x49, 0x46, 0x38)) return 'GIF image';
  if (starts(0x49, 0x49, 0x2a, 0x00) || starts(0x4d, 0x4d, 0x00, 0x2a)) return 'TIFF image';
  if (starts(0x52, 0x49, 0x46, 0x46)) return 'RIFF media (WebP/WAV/AVI)';
  if (starts(0x7f, 0x45, 0x4c, 0x46)) return 'executable (ELF)';
  if (starts(0x4d, 0x5a) && bytes.length > 64 && bytes.subarray(0, 1024).includes(0)) return 'executable (PE)';
  if (starts(0x1f, 0x8b)) return 'gzip archive';
  if (starts(0x37, 0x7a, 0xbc, 0xaf)) return '7-Zip archive';
  if (starts(0x52, 0x61, 0x72, 0x21)) return 'RAR archive';
  return null;
}

function latin1(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');
}
