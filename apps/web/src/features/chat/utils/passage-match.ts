/**
 * Finds a citation's quote in a document's text, wherever that text is split (text nodes of rendered
 * Markdown, the text items of a PDF page). Both sides are compared on letters and digits only,
 * lower-cased, without accents and with ligatures unfolded, so line breaks, hyphenation at a line
 * end, table pipes, Markdown marks and typographic quotes do not prevent a match.
 */

/** A matched stretch inside one segment: `segment` is its index, `start`/`end` offsets in its text. */
export interface SegmentRange {
  segment: number;
  start: number;
  end: number;
}

/** A quote that matches in fewer letters than this is not trusted as "the passage". */
const MIN_MATCH_LETTERS = 12;
/** The shortest run of the quote's words tried when the whole quote is not found. */
const MIN_WINDOW_WORDS = 4;

interface Folded {
  /** The folded letters and digits. */
  text: string;
  /** For each folded character, where it came from: segment index and offset. */
  origin: Array<{ segment: number; offset: number }>;
}

const letterOrDigit = /[\p{L}\p{N}]/u;
const combiningMark = /\p{M}/u;

function foldChar(char: string): string {
  let folded = '';
  for (const part of char.normalize('NFKD')) {
    if (combiningMark.test(part) || !letterOrDigit.test(part)) continue;
    folded += part.toLowerCase();
  }
  return folded;
}

function fold(segments: readonly string[]): Folded {
  let text = '';
  const origin: Folded['origin'] = [];
  segments.forEach((segment, index) => {
    let offset = 0;
    for (const char of segment) {
      const folded = foldChar(char);
      for (let i = 0; i < folded.length; i += 1) origin.push({ segment: index, offset });
      text += folded;
      offset += char.length;
    }
  });
  return { text, origin };
}

/** The quote's pieces: a quote cut short with an ellipsis is looked for piece by piece. */
function quotePieces(quote: string): string[] {
  const pieces = quote
    .split(/…|\.{3}/)
    .map((piece) => piece.trim())
    .filter((piece) => fold([piece]).text.length >= MIN_MATCH_LETTERS);
  // A short quote is still looked for whole.
  return pieces.length > 0 || fold([quote]).text.length === 0 ? pieces : [quote];
}

/** The longest run of the piece's words that occurs in the document (whole piece first). */
function findPiece(haystack: string, piece: string, from: number): { start: number; end: number } | null {
  const whole = fold([piece]).text;
  const direct = haystack.indexOf(whole, from);
  if (direct !== -1) return { start: direct, end: direct + whole.length };
  const words = piece.split(/\s+/).filter((word) => fold([word]).text.length > 0);
  for (let size = words.length - 1; size >= MIN_WINDOW_WORDS; size -= 1) {
    for (let first = 0; first + size <= words.length; first += 1) {
      const window = fold([words.slice(first, first + size).join(' ')]).text;
      if (window.length < MIN_MATCH_LETTERS) continue;
      const at = haystack.indexOf(window, from);
      if (at !== -1) return { start: at, end: at + window.length };
    }
  }
  return null;
}

/** Turns a range of folded characters back into ranges of the original segments. */
function toSegmentRanges(folded: Folded, start: number, end: number, segments: readonly string[]): SegmentRange[] {
  const ranges: SegmentRange[] = [];
  for (let i = start; i < end; i += 1) {
    const { segment, offset } = folded.origin[i]!;
    const char = String.fromCodePoint(segments[segment]!.codePointAt(offset)!);
    const last = ranges.at(-1);
    if (last && last.segment === segment) last.end = Math.max(last.end, offset + char.length);
    else ranges.push({ segment, start: offset, end: offset + char.length });
  }
  return ranges;
}

/**
 * Where the quote is in the segments: the ranges to highlight, in document order, or an empty list
 * when the passage cannot be found.
 */
export function findPassage(segments: readonly string[], quote: string): SegmentRange[] {
  const folded = fold(segments);
  const pieces = quotePieces(quote);
  const matches: Array<{ start: number; end: number }> = [];
  let from = 0;
  for (const piece of pieces) {
    const found = findPiece(folded.text, piece, from) ?? (from > 0 ? findPiece(folded.text, piece, 0) : null);
    if (!found) continue;
    matches.push(found);
    from = found.end;
  }
  return matches.flatMap((match) => toSegmentRanges(folded, match.start, match.end, segments));
}

/** A text cut into plain and highlighted runs, for a text without markup. */
export function splitByRanges(text: string, ranges: readonly SegmentRange[]): Array<{ text: string; mark: boolean }> {
  const sorted = [...ranges].sort((a, b) => a.start - b.start);
  const parts: Array<{ text: string; mark: boolean }> = [];
  let at = 0;
  for (const range of sorted) {
    if (range.start < at) continue;
    if (range.start > at) parts.push({ text: text.slice(at, range.start), mark: false });
    parts.push({ text: text.slice(range.start, range.end), mark: true });
    at = range.end;
  }
  if (at < text.length) parts.push({ text: text.slice(at), mark: false });
  return parts;
}
