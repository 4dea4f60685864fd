import { describe, expect, it } from 'vitest';
import {
  detectPlaceholders,
  fillPrompt,
  placeholderValueIssues,
  promptInputSchema,
  renamePlaceholderInText,
  type Placeholder,
} from './prompts.ts';

const country: Placeholder = {
  name: 'country',
  description: 'The client’s country',
  type: 'text',
  required: true,
  defaultValue: '',
  options: [],
};

describe('placeholders in the instructions', () => {
  it('finds each {{name}} once, in order, spaces inside the braces tolerated', () => {
    expect(detectPlaceholders('A {{country}} and {{ amount }}, again {{country}}, {{bad name}}, {single}')).toEqual([
      'country',
      'amount',
      'bad name',
    ]);
  });

  it('renames a placeholder wherever it is written, and nothing else', () => {
    expect(renamePlaceholderInText('{{country}} / {{ country }} / {{countryCode}}', 'country', 'clientCountry')).toBe(
      '{{clientCountry}} / {{clientCountry}} / {{countryCode}}',
    );
  });

  it('fills values in, falls back to defaults, and leaves unknown tokens alone', () => {
    const amount: Placeholder = { ...country, name: 'amount', type: 'number', required: false, defaultValue: '10' };
    expect(fillPrompt('{{country}}: {{amount}} {{other}}', [country, amount], { country: 'CH' })).toBe(
      'CH: 10 {{other}}',
    );
    expect(placeholderValueIssues([country, amount], { amount: 'ten' })).toEqual({
      country: 'errors:validation.required',
      amount: 'prompts:validation.number',
    });
  });

  it('checks the prompt as a whole: unique names, every token defined', () => {
    const result = promptInputSchema.safeParse({
      title: 'T',
      instructions: 'About {{country}}',
      categoryId: null,
      placeholders: [country, country],
      versionMessage: '',
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['placeholders.1.name', 'errors:validation.placeholderNameTaken'],
    ]);
  });
});
