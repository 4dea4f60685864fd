import { describe, expect, it } from 'vitest';
import { passageUnits, rowStatement, splitSentences } from './passage-units.ts';

describe('passage units', () => {
  it('makes table rows statements with their column labels', () => {
    const units = passageUnits(
      [
        'The thresholds rose on 29 June 2026:',
        '',
        '| Test | Until 28 June 2026 | From 29 June 2026 |',
        '|---|---|---|',
        '| **Assets under management** | at least $1.1 million | at least $1.4 million |',
        '| Net worth | more than $2.2 million | — |',
      ].join('\n'),
    );
    expect(units.map((unit) => [unit.kind, unit.text])).toEqual([
      ['sentence', 'The thresholds rose on 29 June 2026:'],
      [
        'row',
        'Assets under management — Until 28 June 2026: at least $1.1 million; From 29 June 2026: at least $1.4 million.',
      ],
      ['row', 'Net worth — Until 28 June 2026: more than $2.2 million.'],
    ]);
    expect(units[1]?.leadIn).toBe('The thresholds rose on 29 June 2026:');
  });

  it('keeps list items as items with the sentence that introduces them', () => {
    const units = passageUnits(
      'The intermediary must:\n\n- identify the contracting party;\n- establish the beneficial owner.',
    );
    expect(units.filter((unit) => unit.kind === 'item').map((unit) => [unit.text, unit.leadIn])).toEqual([
      ['identify the contracting party;', 'The intermediary must:'],
      ['establish the beneficial owner.', 'The intermediary must:'],
    ]);
  });

  it('joins prose lines broken in mid-sentence (PDF text) before splitting', () => {
    const units = passageUnits('The adviser must deliver the brochure\nwithin 120 days. It must also keep\nrecords.');
    expect(units.map((unit) => unit.text)).toEqual([
      'The adviser must deliver the brochure within 120 days.',
      'It must also keep records.',
    ]);
  });

  it('never quotes a section about the knowledge base’s own sources', () => {
    const units = passageUnits(
      '## Duties\n\nReports go to MROS without delay.\n\n## Sources and verification\n\nChecked against fedlex.admin.ch on 1 May 2026.',
    );
    expect(units.map((unit) => unit.text)).toEqual(['Reports go to MROS without delay.']);
  });

  it.each([
    ['Under Art. 9 AMLA the intermediary reports. It also freezes assets.', 2],
    ['Gemäss Art. 6 Abs. 2 GwG, z. B. bei Kassageschäften, gilt dies. Danach folgt mehr.', 2],
    ['Selon l’art. 5 LSFin, le client peut renoncer. Ensuite vient la suite.', 2],
    ['Ai sensi dell’art. 3 LRD, cfr. ORD, vale quanto segue. Poi il resto.', 2],
    ['It entered into force on 1. October 2026. The FATF met in June.', 2],
  ])('knows abbreviations: %s', (text, count) => {
    expect(splitSentences(text)).toHaveLength(count);
  });

  it('drops empty table rows and keeps a two-column row as label and value', () => {
    expect(rowStatement(['Rule', 'Deadline'], ['—', '—'])).toBeNull();
    expect(rowStatement(['Rule', 'Deadline'], ['Form ADV', '90 days'])).toBe('Form ADV — Deadline: 90 days.');
  });

  it('skips the heading lines a stored passage opens with, and gives nothing from a sources section', () => {
    const passage = 'Part 3\n\nSanctions\n\nFines of up to CHF 250,000 are imposed on the persons responsible.';
    expect(passageUnits(passage, 'Sanctions').map((unit) => unit.text)).toEqual([
      'Fines of up to CHF 250,000 are imposed on the persons responsible.',
    ]);
    expect(
      passageUnits('Sources and verification\n\nBased on the act and practitioner notes.', 'Sources and verification'),
    ).toEqual([]);
  });
});
