import { describe, expect, it } from 'vitest';
import { engineerPrompt } from './prompt-engineer.ts';
import { loadScopeCheck } from './scope.ts';

const scope = loadScopeCheck();

describe('Prompt Engineer (offline)', () => {
  it('builds a structured prompt from the user’s own words, with placeholders for what varies', () => {
    const text = engineerPrompt(
      'Write a prompt that checks whether a client from Iran can be onboarded by a Swiss bank. Answer as a table. Do not speculate.',
      'en',
      { scope },
    );
    expect(text).toContain('# Role');
    expect(text).toContain('# Task');
    expect(text).toContain('Checks whether a client from {{country}} can be onboarded by a Swiss bank.');
    expect(text).toContain('Switzerland (FINMA supervision');
    expect(text).toContain('- Do not speculate.');
    expect(text).toContain('- A table');
    expect(text).toContain('`{{clientName}}`');
    expect(text).toContain('`{{asOfDate}}`');
    expect(text).not.toMatch(/write a prompt/i);
  });

  it('improves a prompt by keeping the user’s text, adding what is missing and saying what changed', () => {
    const original = 'Summarise the attached policy for the board in 200 words.';
    const text = engineerPrompt(`Improve this prompt: "${original}"`, 'en', { scope });
    expect(text).toContain(original);
    expect(text).toContain('**What I changed**');
    expect(text).toContain('Added a role');
    expect(text).toContain('At most 200 words.');
    expect(text).toContain('A concise summary');
    expect(text).not.toContain('Added an output format.');
  });

  it('answers in the user’s language', () => {
    const text = engineerPrompt(
      'Erstelle einen Prompt, der die Sorgfaltspflichten nach GwG für einen Kunden prüft, als Checkliste.',
      'de',
      {
        scope,
      },
    );
    expect(text).toContain('# Rolle');
    expect(text).toContain('Schweiz (Aufsicht der FINMA');
    expect(text).toContain('- Eine Checkliste');
  });
});
