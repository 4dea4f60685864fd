/** Text helpers shared by the parsers: decoding bytes and normalising extracted text. */

export interface DecodedText {
  text: string;
  encoding: 'utf-8' | 'utf-16le' | 'utf-16be' | 'windows-1252';
}

/**
 * Decodes plain-text bytes: a UTF-8 or UTF-16 byte order mark wins; UTF-16 without a BOM is
 * recognised by its NUL bytes; otherwise strict UTF-8, falling back to Windows-1252 (the superset
 * of Latin-1 that files called "Latin-1" really use) when the bytes are not valid UTF-8.
 */
export function decodeText(bytes: Uint8Array): DecodedText {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) {
    return { text: new TextDecoder('utf-8').decode(bytes.subarray(3)), encoding: 'utf-8' };
  }
  if (bytes[0] === 0xff && bytes[1] === 0xfe) {
    return { text: new TextDecoder('utf-16le').decode(bytes.subarray(2)), encoding: 'utf-16le' };
  }
  if (bytes[0] === 0xfe && bytes[1] === 0xff) {
    return { text: new TextDecoder('utf-16be').decode(bytes.subarray(2)), encoding: 'utf-16be' };
  }
  const utf16 = guessBomlessUtf16(bytes);
  if (utf16) return { text: new TextDecoder(utf16).decode(bytes), encoding: utf16 };
  try {
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(bytes), encoding: 'utf-8' };
  } catch {
    return { text: new TextDecoder('windows-1252').decode(bytes), encoding: 'windows-1252' };
  }
}

/** ASCII-heavy UTF-16 has a NUL in every other byte; real text in UTF-8 or Latin-1 never does. */
function guessBomlessUtf16(bytes: Uint8Array): 'utf-16le' | 'utf-16be' | null {
  const length = Math.min(bytes.length, 4096) & ~1;
  if (length < 8) return null;
  let evenNuls = 0;
  let oddNuls = 0;
  for (let i = 0; i < length; i += 2) {
    if (bytes[i] === 0) evenNuls++;
    if (bytes[i + 1] === 0) oddNuls++;
  }
  const pairs = length / 2;
  if (oddNuls > pairs * 0.4 && evenNuls < pairs * 0.05) return 'utf-16le';
  if (evenNuls > pairs * 0.4 && oddNuls < pairs * 0.05) return 'utf-16be';
  return null;
}

/** Share of characters in a sample that no text file contains (C0 controls other than whitespace, U+FFFD). */
export function binaryCharacterRatio(text: string): number {
  const sample = text.slice(0, 65_536);
  if (sample.length === 0) return 0;
  let bad = 0;
  for (let i = 0; i < sample.length; i++) {
    const code = sample.charCodeAt(i);
    if ((code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0d && code !== 0x0c) || code === 0xfffd) {
      bad++;
    }
  }
  return bad / sample.length;
}

// C0/C1 controls except tab and newline, plus zero-width and bidi formatting characters, soft hyphen.
// eslint-disable-next-line no-control-regex
const invisible = /[\u0000-\u0008\u000b\u000e-\u001f\u007f-\u009f\u00ad\u200b-\u200d\u2060\ufeff\ufffe\uffff]/g;

/**
 * Normalises extracted text: NFC, line endings to \n, controls and invisible characters removed,
 * runs of spaces collapsed, lines trimmed, at most one blank line in a row.
 */
export function normalizeText(text: string): string {
  return text
    .normalize('NFC')
    .replace(/\r\n?/g, '\n')
    .replace(/[\f\v\u2028\u2029\u0085]/g, '\n')
    .replace(invisible, '')
    .replace(/[\t\u00a0\u1680\u2000-\u200a\u202f\u205f\u3000 ]+/g, ' ')
    .replace(/ *\n */g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** Normalises a one-line string (a heading, a title): all whitespace becomes one space. */
export function normalizeLine(text: string): string {
  return normalizeText(text).replace(/\s+/g, ' ').trim();
}

/** Abbreviations after which a full stop does not end a sentence, in the four languages. */
const abbreviation =
  /(?:^|[\s('’])(?:e\.g|i\.e|etc|cf|vs|approx|incl|resp|no|nos|nr|art|arts|para|paras|sec|secs|ch|chap|cap|par|al|let|lit|ziff|abs|bzw|vgl|z\.\s?b|u\.\s?a|d\.\s?h|inkl|evtl|ggf|sog|mio|mrd|bst|ca|st|mr|ms|dr|prof|inc|ltd|corp|co|u\.s\.c|u\.s|p|pp|ff|s|ss|n|cpv|cc|cost|lett|cfr|ecc|sig|mme|m|av|apr|env|ex|vol|fig|jan|feb|mar|aug|sept|oct|nov|dec)\.$/i;

/**
 * Whether text ends with a full stop that does not end a sentence: an abbreviation ("Art.",
 * "z. B.", "cpv."), an ordinal ("1. October") or a single initial ("J. Smith").
 */
export function endsWithAbbreviation(text: string): boolean {
  return abbreviation.test(text) || /(?:^|\s)\p{L}\.$/u.test(text) || /(?:^|\s)\d{1,2}\.$/.test(text);
}
