// The DOCX parser reads nothing outside the file: no network, no local files (external images,
// external entities). Runs the parser in this thread so the spies can see every attempt.
import fs from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { IngestionError } from '../../src/modules/ingestion/extracted-document.ts';
import { defaultExtractionLimits } from '../../src/modules/ingestion/limits.ts';
import { parseDocx } from '../../src/modules/ingestion/parsers/docx.ts';
import { readZipDirectory } from '../../src/modules/ingestion/zip.ts';
import { corpusAvailable, corpusDir } from './fixtures.ts';

afterEach(() => {
  vi.restoreAllMocks();
});

function spyOnTheOutsideWorld() {
  const refuse = () => {
    throw new Error('the parser must not reach outside the file');
  };
  return [
    vi.spyOn(fs, 'readFile').mockImplementation(refuse),
    vi.spyOn(fs, 'readFileSync').mockImplementation(refuse),
    vi.spyOn(fs, 'createReadStream').mockImplementation(refuse),
    vi.spyOn(fs.promises, 'readFile').mockImplementation(refuse),
    vi.spyOn(http, 'request').mockImplementation(refuse),
    vi.spyOn(http, 'get').mockImplementation(refuse),
    vi.spyOn(https, 'request').mockImplementation(refuse),
    vi.spyOn(https, 'get').mockImplementation(refuse),
    vi.spyOn(net, 'connect').mockImplementation(refuse),
    vi.spyOn(globalThis, 'fetch').mockImplementation(refuse),
  ];
}

async function parse(name: string) {
  const bytes = new Uint8Array(fs.readFileSync(join(corpusDir, 'docx', name)));
  const { entries } = readZipDirectory(bytes, 5_000);
  const spies = spyOnTheOutsideWorld();
  const result = await parseDocx(bytes, entries, defaultExtractionLimits).catch((error: unknown) => error);
  for (const spy of spies) expect(spy).not.toHaveBeenCalled();
  return result;
}

describe.skipIf(!corpusAvailable)('DOCX sandboxing', () => {
  it('does not read the external picture of external-picture.docx', async () => {
    const result = await parse('external-picture.docx');
    expect(result).not.toBeInstanceOf(Error);
  });

  it('does not resolve the external entity of ExternalEntityInText.docx', async () => {
    const result = await parse('ExternalEntityInText.docx');
    if (result instanceof IngestionError) expect(result.code).toBe('FILE_CORRUPT');
    else expect(JSON.stringify(result)).not.toMatch(/apache/i);
  });

  it('refuses a zip whose entries inflate to more than they declare', async () => {
    const bytes = new Uint8Array(fs.readFileSync(join(corpusDir, 'docx', 'single-paragraph.docx')));
    const { entries } = readZipDirectory(bytes, 5_000);
    const lying = entries.map((entry) =>
      entry.name === 'word/document.xml' ? { ...entry, uncompressedSize: 10 } : entry,
    );
    await expect(parseDocx(bytes, lying, defaultExtractionLimits)).rejects.toMatchObject({ code: 'FILE_CORRUPT' });
  });
});
