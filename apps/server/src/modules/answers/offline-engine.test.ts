import { describe, expect, it } from 'vitest';
import type { AnswerChunk, AnswerSource } from './answer-provider.ts';
import { createOfflineEngine, createPacer, pauseBetweenPieces, piecesPerSecond } from './offline-engine.ts';

const source = (title: string, heading: string | null, text: string): AnswerSource => ({
  number: 0,
  kind: 'document',
  documentId: null,
  title,
  page: null,
  heading,
  text,
  snippet: '',
  href: '',
  asOf: null,
  language: 'en',
});

/** Everything the engine streams for the question, unpaced. */
async function chunksOf(question: string, sources: AnswerSource[]): Promise<AnswerChunk[]> {
  const engine = createOfflineEngine({ paceMs: 0 });
  const chunks: AnswerChunk[] = [];
  for await (const chunk of engine.answer({
    question,
    language: 'en',
    assistant: { slug: 'ai-expert', name: 'AI Expert', instructions: '' },
    history: [],
    sources,
    grounded: true,
    signal: new AbortController().signal,
  }))
    chunks.push(chunk);
  return chunks;
}

async function answer(question: string, sources: AnswerSource[]): Promise<string> {
  return (await chunksOf(question, sources)).map((chunk) => (chunk.type === 'text' ? chunk.text : '')).join('');
}

describe('offline engine', () => {
  it('shows the heading of the section the lead is quoted from when it names what was asked', async () => {
    const recommendations = source(
      'The FATF Recommendations for financial institutions',
      'R.13 – Correspondent banking',
      'R.13 – Correspondent banking\n\nFor cross-border correspondent relationships, institutions must assess the respondent’s controls and obtain senior management approval. Shell banks are prohibited.',
    );
    const text = await answer('Which FATF Recommendation deals with correspondent banking?', [recommendations]);
    expect(text.startsWith('**R.13 – Correspondent banking**')).toBe(true);
    expect(text).toMatch(/senior management approval\. \[1\]/);
  });

  it('adds no heading that says nothing about the question', async () => {
    const fadp = source(
      'Revised Federal Act on Data Protection',
      'Sanctions',
      'Sanctions\n\nFines of up to CHF 250,000 are imposed on the natural persons responsible for wilful breaches.',
    );
    const text = await answer('How high are the fines under the data protection act?', [fadp]);
    expect(text.startsWith('Fines of up to CHF 250,000')).toBe(true);
  });

  it('adds no plain section title that only repeats what the statement says', async () => {
    const custody = source(
      'Custody Rule 206(4)-2',
      'Core requirements',
      'Core requirements\n\nAn independent public accountant must verify client funds in a surprise examination at least once per calendar year; the examination is required of every adviser with custody.',
    );
    const text = await answer('Does the custody rule require a surprise examination?', [custody]);
    expect(text.startsWith('An independent public accountant must verify')).toBe(true);
  });

  it('keeps a heading that cites the provision, even when the statement says the same words', async () => {
    const retention = source(
      'Anti-Money Laundering Act',
      'Art. 7 – Documentation requirement',
      'Art. 7 – Documentation requirement\n\nThe documents must be kept for at least ten years after the business relationship ends; the documentation requirement covers every transaction.',
    );
    const text = await answer('Which article sets the documentation requirement?', [retention]);
    expect(text.startsWith('**Art. 7 – Documentation requirement**')).toBe(true);
  });
});

describe('the pace of the stream', () => {
  it('sends ten words a piece on time, and every word due in one piece when woken late', () => {
    let clock = 1_000;
    const pacer = createPacer(40, () => clock);
    expect(pacer.take(500)).toBe(10);
    clock += 40;
    expect(pacer.take(500)).toBe(10);
    // A server busy for 200 ms: the words of five pieces leave in one write.
    clock += 200;
    expect(pacer.take(500)).toBe(50);
    clock += 40;
    expect(pacer.take(500)).toBe(10);
    // Never more than the text holds.
    clock += 400;
    expect(pacer.take(3)).toBe(3);
  });

  it('streams pieces of ten words across line breaks, each citation before the words that cite it', async () => {
    const sources = [
      source(
        'Anti-Money Laundering Act',
        'Art. 7 – Documentation requirement',
        'The documents must be kept for at least ten years after the business relationship ends. Financial intermediaries must document every transaction so that the supervisory authority can check it.',
      ),
      source(
        'Anti-Money Laundering Ordinance',
        null,
        'The documents on the business relationship must be kept in Switzerland for ten years. Copies held abroad do not count towards the retention of the documents.',
      ),
    ].map((each, index) => ({ ...each, number: index + 1 }));
    const chunks = await chunksOf('How long must the documents of a business relationship be kept?', sources);
    const texts = chunks.flatMap((chunk) => (chunk.type === 'text' ? [chunk.text] : []));
    const all = texts.join('');
    expect(all).toMatch(/\[2\]/);
    expect(all).toMatch(/\n/);
    // A piece runs on across a line break (each line used to start a piece of its own).
    expect(texts.some((text) => /\S\s*\n/.test(text))).toBe(true);
    let seen = '';
    for (const chunk of chunks) {
      if (chunk.type === 'citation') expect(seen).not.toContain(`[${chunk.number}]`);
      if (chunk.type === 'text') seen += chunk.text;
    }
    expect(chunks.at(-1)?.type).toBe('usage');
  });

  it('pauses longer with more streams at once, so all of them write about the same pieces a second', () => {
    expect(pauseBetweenPieces(40, 1)).toBe(40);
    expect(pauseBetweenPieces(40, 40)).toBe(40);
    for (const streaming of [100, 400, 1_000]) {
      const pause = pauseBetweenPieces(40, streaming);
      expect(pause).toBeGreaterThan(40);
      expect((streaming * 1_000) / pause).toBeCloseTo(piecesPerSecond);
    }
    // Unpaced stays unpaced.
    expect(pauseBetweenPieces(0, 1_000)).toBe(0);
    // The clock keeps the words on time through a long pause: the next piece carries them all.
    let clock = 0;
    const pacer = createPacer(40, () => clock);
    pacer.take(500);
    clock += pauseBetweenPieces(40, 400);
    expect(pacer.take(500)).toBe(10 * (400 / 40));
  });

  it('unpaced (tests, the bench), a piece is ten words', () => {
    const pacer = createPacer(0, () => 0);
    expect([pacer.take(25), pacer.take(15), pacer.take(5)]).toEqual([10, 10, 5]);
  });
});
