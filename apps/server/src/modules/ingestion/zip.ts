/**
 * A minimal ZIP central-directory reader. It never trusts the archive: it only reads the directory
 * to decide what the file is and whether it is small enough to open, and can inflate one small
 * entry with a hard output limit.
 */
import { inflateRawSync } from 'node:zlib';

export interface ZipEntry {
  name: string;
  method: number;
  compressedSize: number;
  /** As declared by the central directory (zip64 sizes are read from the extra field). */
  uncompressedSize: number;
  localHeaderOffset: number;
  encrypted: boolean;
}

export class ZipFormatError extends Error {
  override name = 'ZipFormatError';
}

const EOCD_SIGNATURE = 0x06054b50;
const ZIP64_LOCATOR_SIGNATURE = 0x07064b50;
const ZIP64_EOCD_SIGNATURE = 0x06064b50;
const CENTRAL_SIGNATURE = 0x02014b50;
const LOCAL_SIGNATURE = 0x04034b50;

export function looksLikeZip(bytes: Uint8Array): boolean {
  return (
    bytes.length >= 4 &&
    bytes[0] === 0x50 &&
    bytes[1] === 0x4b &&
    ((bytes[2] === 0x03 && bytes[3] === 0x04) || (bytes[2] === 0x05 && bytes[3] === 0x06))
  );
}

/**
 * Reads the central directory. Throws ZipFormatError when there is none (truncated archive) or it
 * is inconsistent. Stops early (without reading further names) once `maxEntries` is exceeded.
 */
export function readZipDirectory(bytes: Uint8Array, maxEntries: number): { entries: ZipEntry[]; entryCount: number } {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const eocd = findEndOfCentralDirectory(view);
  if (eocd < 0) throw new ZipFormatError('no end-of-central-directory record (truncated archive?)');
  let entryCount = view.getUint16(eocd + 10, true);
  let directorySize = view.getUint32(eocd + 12, true);
  let directoryOffset = view.getUint32(eocd + 16, true);
  if (entryCount === 0xffff || directoryOffset === 0xffffffff || directorySize === 0xffffffff) {
    const locator = eocd - 20;
    if (locator < 0 || view.getUint32(locator, true) !== ZIP64_LOCATOR_SIGNATURE) {
      throw new ZipFormatError('zip64 archive without a zip64 locator');
    }
    const zip64Eocd = safeNumber(view.getBigUint64(locator + 8, true));
    if (zip64Eocd + 56 > view.byteLength || view.getUint32(zip64Eocd, true) !== ZIP64_EOCD_SIGNATURE) {
      throw new ZipFormatError('broken zip64 end-of-central-directory record');
    }
    entryCount = safeNumber(view.getBigUint64(zip64Eocd + 32, true));
    directorySize = safeNumber(view.getBigUint64(zip64Eocd + 40, true));
    directoryOffset = safeNumber(view.getBigUint64(zip64Eocd + 48, true));
  }
  if (entryCount > maxEntries) return { entries: [], entryCount };
  if (directoryOffset + directorySize > view.byteLength) {
    throw new ZipFormatError('central directory lies outside the file');
  }
  const decoder = new TextDecoder('utf-8');
  const entries: ZipEntry[] = [];
  let offset = directoryOffset;
  for (let i = 0; i < entryCount; i++) {
    if (offset + 46 > view.byteLength || view.getUint32(offset, true) !== CENTRAL_SIGNATURE) {
      throw new ZipFormatError('damaged central directory');
    }
    const flags = view.getUint16(offset + 8, true);
    const method = view.getUint16(offset + 10, true);
    let compressedSize = view.getUint32(offset + 20, true);
    let uncompressedSize = view.getUint32(offset + 24, true);
    const nameLength = view.getUint16(offset + 28, true);
    const extraLength = view.getUint16(offset + 30, true);
    const commentLength = view.getUint16(offset + 32, true);
    let localHeaderOffset = view.getUint32(offset + 42, true);
    const nameStart = offset + 46;
    const extraStart = nameStart + nameLength;
    const next = extraStart + extraLength + commentLength;
    if (next > view.byteLength) throw new ZipFormatError('damaged central directory');
    const name = decoder.decode(bytes.subarray(nameStart, extraStart));
    if (uncompressedSize === 0xffffffff || compressedSize === 0xffffffff || localHeaderOffset === 0xffffffff) {
      // Zip64 extended information: the 8-byte values appear in this order, only for fields set to 0xffffffff.
      let cursor = extraStart;
      const end = extraStart + extraLength;
      while (cursor + 4 <= end) {
        const id = view.getUint16(cursor, true);
        const size = view.getUint16(cursor + 2, true);
        if (id === 0x0001) {
          let field = cursor + 4;
          if (uncompressedSize === 0xffffffff && field + 8 <= end) {
            uncompressedSize = safeNumber(view.getBigUint64(field, true));
            field += 8;
          }
          if (compressedSize === 0xffffffff && field + 8 <= end) {
            compressedSize = safeNumber(view.getBigUint64(field, true));
            field += 8;
          }
          if (localHeaderOffset === 0xffffffff && field + 8 <= end) {
            localHeaderOffset = safeNumber(view.getBigUint64(field, true));
          }
          break;
        }
        cursor += 4 + size;
      }
    }
    entries.push({
      name,
      method,
      compressedSize,
      uncompressedSize,
      localHeaderOffset,
      encrypted: (flags & 0x1) !== 0,
    });
    offset = next;
  }
  return { entries, entryCount };
}

/** Inflates one entry, refusing to produce more than `maxBytes` (so a lying size cannot explode). */
export function readZipEntry(bytes: Uint8Array, entry: ZipEntry, maxBytes: number): Uint8Array {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const at = entry.localHeaderOffset;
  if (at + 30 > view.byteLength || view.getUint32(at, true) !== LOCAL_SIGNATURE) {
    throw new ZipFormatError(`no local header for ${entry.name}`);
  }
  const start = at + 30 + view.getUint16(at + 26, true) + view.getUint16(at + 28, true);
  const end = start + entry.compressedSize;
  if (end > view.byteLength) throw new ZipFormatError(`${entry.name} runs past the end of the file`);
  const data = bytes.subarray(start, end);
  if (entry.method === 0) {
    if (data.byteLength > maxBytes) throw new ZipFormatError(`${entry.name} is larger than declared`);
    return data;
  }
  if (entry.method !== 8) throw new ZipFormatError(`${entry.name} uses unsupported compression ${entry.method}`);
  try {
    return inflateRawSync(data, { maxOutputLength: Math.max(1, maxBytes) });
  } catch (error) {
    if (error instanceof RangeError || (error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') {
      throw new ZipFormatError(`${entry.name} inflates to more than its declared size`);
    }
    throw new ZipFormatError(`${entry.name} cannot be inflated: ${(error as Error).message}`);
  }
}

function findEndOfCentralDirectory(view: DataView): number {
  // The record is 22 bytes plus a comment of at most 65,535 bytes, at the very end of the file.
  const lowest = Math.max(0, view.byteLength - 22 - 0xffff);
  for (let i = view.byteLength - 22; i >= lowest; i--) {
    if (view.getUint32(i, true) === EOCD_SIGNATURE) return i;
  }
  return -1;
}

function safeNumber(value: bigint): number {
  return value > BigInt(Number.MAX_SAFE_INTEGER) ? Number.MAX_SAFE_INTEGER : Number(value);
}
