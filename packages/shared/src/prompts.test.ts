import { describe, expect, it } from 'vitest';
import {
  chosenDocumentIds,
  detectPlaceholders,
  fillPrompt,
  placeholderSchema,
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

describe('multiple choice and document placeholders', () => {
  const areas: Placeholder = {
    name: 'areas',
    description: 'Areas to cover',
    type: 'multiSelect',
    required: true,
    defaultValue: 'AML\nTax',
    options: ['AML', 'Sanctions', 'Tax'],
  };
  const policy: Placeholder = {
    name: 'policy',
    description: 'The policy to check',
    type: 'document',
    required: true,
    defaultValue: '',
    options: [],
  };
  const documentId = '0b7f6a52-3c1e-4f7a-9d0e-2a4b6c8d0e1f';

  it('lists the chosen options in the user’s language, the default when none is given', () => {
    expect(fillPrompt('Cover {{areas}}.', [areas], {}, { language: 'en' })).toBe('Cover AML and Tax.');
    expect(fillPrompt('Cover {{areas}}.', [areas], { areas: 'Sanctions\nAML\nTax' }, { language: 'de' })).toBe(
      'Cover Sanctions, AML und Tax.',
    );
    expect(fillPrompt('{{areas}}', [areas], { areas: 'AML\nSanctions' }, { language: 'fr' })).toBe('AML et Sanctions');
  });

  it('requires at least one option of a required multiple choice, and only its own options', () => {
    const none = { ...areas, defaultValue: '' };
    expect(placeholderValueIssues([none], { areas: '' })).toEqual({ areas: 'errors:validation.required' });
    expect(placeholderValueIssues([none], { areas: '\n \n' })).toEqual({ areas: 'errors:validation.required' });
    expect(placeholderValueIssues([none], { areas: 'AML\nCrypto' })).toEqual({ areas: 'prompts:validation.option' });
    expect(placeholderValueIssues([none], { areas: 'Tax' })).toEqual({});
    expect(placeholderValueIssues([{ ...none, required: false }], { areas: '' })).toEqual({});
    // Unticking the default choices leaves none; not answering at all takes the defaults.
    expect(placeholderValueIssues([areas], { areas: '' })).toEqual({ areas: 'errors:validation.required' });
    expect(placeholderValueIssues([areas], {})).toEqual({});
    expect(fillPrompt('{{areas}}', [{ ...areas, required: false }], { areas: '' })).toBe('');
  });

  it('checks a multiple choice’s options and defaults when it is defined', () => {
    expect(placeholderSchema.safeParse(areas).success).toBe(true);
    expect(placeholderSchema.safeParse({ ...areas, options: [] }).error?.issues[0]?.message).toBe(
      'prompts:validation.optionsRequired',
    );
    expect(placeholderSchema.safeParse({ ...areas, defaultValue: 'AML\nCrypto' }).error?.issues[0]?.message).toBe(
      'prompts:validation.option',
    );
    expect(placeholderSchema.safeParse({ ...areas, options: ['AML', 'Two\nlines'] }).success).toBe(false);
  });

  it('takes a document by its id, fills in its name, and has no default', () => {
    expect(placeholderValueIssues([policy], { policy: 'my-policy.pdf' })).toEqual({
      policy: 'prompts:validation.document',
    });
    expect(placeholderValueIssues([policy], {})).toEqual({ policy: 'errors:validation.required' });
    expect(placeholderValueIssues([policy], { policy: documentId })).toEqual({});
    expect(
      fillPrompt(
        'Review {{policy}}.',
        [policy],
        { policy: documentId },
        { documentNames: { [documentId]: 'AML policy.pdf' } },
      ),
    ).toBe('Review AML policy.pdf.');
    expect(chosenDocumentIds([policy, areas], { policy: documentId })).toEqual([documentId]);
    expect(placeholderSchema.safeParse({ ...policy, defaultValue: documentId }).error?.issues[0]?.message).toBe(
      'prompts:validation.documentDefault',
    );
  });
});
