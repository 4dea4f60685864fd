import { describe, expect, it } from 'vitest';
import { findPassage, splitByRanges } from './passage-match.ts';

const marked = (segments: string[], quote: string) =>
  findPassage(segments, quote).map((range) => segments[range.segment]!.slice(range.start, range.end));

describe('findPassage', () => {
  it('finds a quote across line breaks, hyphenation at a line end and typographic quotes', () => {
    const text = 'Intro.\nThe financial inter-\nmediary must   report “without delay” to MROS.\nMore.';
    expect(marked([text], 'The financial intermediary must report "without delay" to MROS.')).toEqual([
      'The financial inter-\nmediary must   report “without delay” to MROS',
    ]);
  });

  it('finds a quote spread over several text items (a PDF line by line) and marks each part', () => {
    const items = [
      'Rule 204-3 requires',
      ' ',
      'an adviser to deliver',
      'its brochure',
      'before or at the time',
      'Other text',
    ];
    expect(marked(items, 'requires an adviser to deliver its brochure before or at the time')).toEqual([
      'requires',
      'an adviser to deliver',
      'its brochure',
      'before or at the time',
    ]);
  });

  it('ignores case, accents, ligatures and Markdown table pipes', () => {
    expect(marked(['| Iran | Call for action |'], 'IRAN Call for Action')).toEqual(['Iran | Call for action']);
    expect(marked(['La diligence requise par la LBA'], 'la diligence requise par la lba')).toHaveLength(1);
    expect(marked(['the ﬁnancial sector oversight'], 'financial sector oversight')).toEqual([
      'ﬁnancial sector oversight',
    ]);
  });

  it('finds each piece of a quote cut short with an ellipsis', () => {
    const text =
      'The brochure must be delivered before the contract. Some words between. It must be updated each year.';
    expect(marked([text], 'The brochure must be delivered … It must be updated each year')).toEqual([
      'The brochure must be delivered',
      'It must be updated each year',
    ]);
  });

  it('falls back to the longest run of the quote’s words that the text holds', () => {
    const text = 'Members must apply enhanced due diligence to business relationships with the listed jurisdictions.';
    expect(marked([text], 'apply enhanced due diligence to business relationships [summarised]')).toEqual([
      'apply enhanced due diligence to business relationships',
    ]);
  });

  it('finds nothing when the passage is not there', () => {
    expect(findPassage(['Something else entirely.'], 'The adviser must deliver the brochure')).toEqual([]);
    expect(findPassage(['Some text'], '')).toEqual([]);
  });
});

describe('splitByRanges', () => {
  it('cuts a text into plain and marked runs', () => {
    expect(splitByRanges('abc def ghi', [{ segment: 0, start: 4, end: 7 }])).toEqual([
      { text: 'abc ', mark: false },
      { text: 'def', mark: true },
      { text: ' ghi', mark: false },
    ]);
  });
});
