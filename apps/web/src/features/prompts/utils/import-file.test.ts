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

  it('converts an Open WebUI prompt export', async () => {
    const check = await readLibraryFile(
      file([
        {
          command: '/risk',
          title: 'Risk memo',
          content: 'Assess {{country | text:placeholder="Country":required}} as of {{CURRENT_DATE}}',
          access_control: null,
          user_id: 'u1',
          timestamp: 1_735_689_600,
        },
      ]),
    );
    expect(check).toEqual({
      ok: true,
      file: {
        format: PROMPT_LIBRARY_FORMAT,
        formatVersion: 1,
        categories: [],
        prompts: [
          {
            title: 'Risk memo',
            instructions: 'Assess {{country}} as of [CURRENT_DATE]',
            category: null,
            favourite: false,
            placeholders: [
              { name: 'country', description: 'Country', type: 'text', required: true, defaultValue: '', options: [] },
            ],
          },
        ],
      },
    });
  });

  it('converts LibreChat prompt groups, and explains their problems by the converted prompt', async () => {
    const group = {
      name: 'Screening',
      category: 'AML',
      productionId: 'b',
      prompts: [
        { _id: 'a', prompt: 'Old', type: 'text' },
        { _id: 'b', prompt: 'Screen {{client}} in a {{tone:formal|brief}} tone', type: 'text' },
      ],
    };
    const check = await readLibraryFile(file({ promptGroups: [group] }));
    expect(check.ok).toBe(true);
    if (!check.ok) return;
    expect(check.file.categories).toEqual([{ name: 'AML', icon: 'folder', description: '' }]);
    expect(check.file.prompts[0]).toMatchObject({
      title: 'Screening',
      instructions: 'Screen {{client}} in a {{tone}} tone',
      category: 'AML',
      placeholders: [{ name: 'client' }, { name: 'tone', type: 'select', options: ['formal', 'brief'] }],
    });

    const empty = await readLibraryFile(file([{ ...group, name: 'Empty', productionId: 'c', prompts: [] }]));
    expect(empty).toEqual({
      ok: false,
      problems: [
        { message: 'errors:validation.required', prompt: { index: 0, title: 'Empty' }, field: 'instructions' },
      ],
      more: 0,
    });
  });

  it('still calls an unknown shape not a library', async () => {
    for (const content of [[{ hello: 1 }], [], 'text', { hello: 1 }]) {
      const check = await readLibraryFile(file(JSON.stringify(content)));
      expect(check.ok ? [] : check.problems.map((problem) => problem.message)).toContain('prompts:import.notALibrary');
    }
  });
});
