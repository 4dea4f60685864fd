import { PROMPT_LIBRARY_FORMAT } from '@compliance/shared/prompts';
import { describe, expect, it } from 'vitest';
import { readLibraryFile } from './import-file.ts';

function file(content: unknown): Blob {
  return new Blob([typeof content === 'string' ? content : JSON.stringify(content)], { type: 'application/json' });
}

const prompt = {
  title: 'Risk',
  instructions: 'About {{country}}',
  category: 'AML',
  favourite: false,
  placeholders: [
    { name: 'country', description: 'Country', type: 'text', required: true, defaultValue: '', options: [] },
  ],
};
const library = {
  format: PROMPT_LIBRARY_FORMAT,
  formatVersion: 1,
  categories: [{ name: 'AML', icon: 'scale', description: '' }],
  prompts: [prompt],
};

describe('reading a library file before import', () => {
  it('accepts a valid file', async () => {
    const check = await readLibraryFile(file(library));
    expect(check.ok).toBe(true);
  });

  it('explains what is wrong, and where', async () => {
    expect(await readLibraryFile(file('{ not json'))).toEqual({
      ok: false,
      problems: [{ message: 'prompts:import.notJson' }],
      more: 0,
    });
    expect((await readLibraryFile(file({ hello: 1 }))).ok).toBe(false);

    const bad = {
      ...library,
      prompts: [{ ...prompt, placeholders: [{ ...prompt.placeholders[0], name: 'Country', description: '' }] }],
    };
    const check = await readLibraryFile(file(bad));
    expect(check.ok).toBe(false);
    expect(check.ok ? [] : check.problems).toEqual(
      expect.arrayContaining([
        {
          message: 'errors:validation.placeholderNameFormat',
          prompt: { index: 0, title: 'Risk' },
          placeholder: { index: 0, name: 'Country' },
          field: 'name',
        },
        {
          message: 'errors:validation.descriptionRequired',
          prompt: { index: 0, title: 'Risk' },
          placeholder: { index: 0, name: 'Country' },
          field: 'description',
        },
      ]),
    );
  });
});
