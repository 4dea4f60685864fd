import { describe, expect, it } from 'vitest';
import type { AnswerSource } from './answer-provider.ts';
import { createOfflineEngine } from './offline-engine.ts';

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

async function answer(question: string, sources: AnswerSource[]): Promise<string> {
  const engine = createOfflineEngine({ paceMs: 0 });
  let text = '';
  for await (const chunk of engine.answer({
    question,
    language: 'en',
    assistant: { slug: 'ai-expert', name: 'AI Expert', instructions: '' },
    history: [],
    sources,
    grounded: true,
    signal: new AbortController().signal,
  }))
    if (chunk.type === 'text') text += chunk.text;
  return text;
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
});
