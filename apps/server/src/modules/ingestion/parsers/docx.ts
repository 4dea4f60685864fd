/**
 * DOCX (and DOCM: macros are never run, only text is read) with mammoth. The zip has already been
 * bounded by detectFile; here every XML part is also checked to inflate to no more than it
 * declares, within a budget, so a lying directory cannot turn into a decompression bomb inside mammoth. External relationships
 * and images are never read: images are dropped, external file access is off, and mammoth's XML
 * parser does not resolve external entities.
 */
import mammoth from 'mammoth';
import type { Block } from '../chunking.ts';
import { IngestionError } from '../extracted-document.ts';
import type { ExtractionLimits } from '../limits.ts';
import { normalizeLine } from '../text.ts';
import { readZipEntry, ZipFormatError } from '../zip.ts';
import type { ZipEntry } from '../zip.ts';
import { parseHtml } from './html.ts';

const XML_PART = /\.(?:xml|rels)$/i;

export interface DocxParseResult {
  blocks: Block[];
  title: string | null;
  warnings: string[];
}

export async function parseDocx(
  bytes: Uint8Array,
  entries: ZipEntry[],
  limits: ExtractionLimits,
): Promise<DocxParseResult> {
  let coreXml: string | null = null;
  // Only the XML parts are ever inflated (here and by mammoth; images are dropped unread). Each is
  // inflated to at most what it declares, and what they declare must fit the budget, so what is
  // actually unpacked can never pass it, whatever the archive claims.
  let remaining = limits.maxDocxXmlBytes;
  for (const entry of entries) {
    if (entry.name.endsWith('/') || !XML_PART.test(entry.name)) continue;
    if (entry.uncompressedSize > remaining) {
      throw new IngestionError(
        'FILE_TOO_COMPLEX',
        `the Word document's text unpacks to more than ${Math.round(limits.maxDocxXmlBytes / 1_048_576)} MB`,
      );
    }
    try {
      const data = readZipEntry(bytes, entry, entry.uncompressedSize);
      remaining -= data.byteLength;
      if (entry.name === 'docProps/core.xml') coreXml = new TextDecoder().decode(data);
    } catch (error) {
      if (error instanceof ZipFormatError)
        throw new IngestionError('FILE_CORRUPT', `damaged Word document: ${error.message}`);
      throw error;
    }
  }

  let html: string;
  const warnings: string[] = [];
  try {
    const result = await mammoth.convertToHtml(
      { buffer: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) },
      {
        externalFileAccess: false,
        convertImage: mammoth.images.imgElement(() => Promise.resolve({ src: '' })),
        ignoreEmptyParagraphs: true,
      },
    );
    html = result.value;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    if (/entity/i.test(message)) {
      // e.g. an XXE DOCTYPE: its entities are never resolved, so the XML does not parse.
      throw new IngestionError('FILE_CORRUPT', 'the Word document declares XML entities, which are not allowed');
    }
    throw new IngestionError('FILE_CORRUPT', `the Word document cannot be read: ${message}`);
  }
  const parsed = parseHtml(html, limits);
  warnings.push(...parsed.warnings);
  const firstHeading = parsed.blocks.find((block) => block.heading)?.text;
  const title = (coreXml ? readCoreTitle(coreXml) : null) ?? (firstHeading ? normalizeLine(firstHeading) : null);
  return { blocks: parsed.blocks, title, warnings };
}

function readCoreTitle(xml: string): string | null {
  const match = /<dc:title(?:\s[^>]*)?>([\s\S]*?)<\/dc:title>/.exec(xml);
  if (!match) return null;
  const title = normalizeLine(decodeXmlEntities(match[1] ?? '')).slice(0, 500);
  return title === '' ? null : title;
}

function decodeXmlEntities(text: string): string {
  return text.replace(
    /&(?:#(\d+)|#x([0-9a-f]+)|(amp|lt|gt|quot|apos));/gi,
    (entity, dec?: string, hex?: string, name?: string) => {
      if (dec) return safeCodePoint(Number.parseInt(dec, 10), entity);
      if (hex) return safeCodePoint(Number.parseInt(hex, 16), entity);
      return (
        ({ amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" } as Record<string, string>)[(name ?? '').toLowerCase()] ??
        entity
      );
    },
  );
}

function safeCodePoint(code: number, fallback: string): string {
  return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : fallback;
}
