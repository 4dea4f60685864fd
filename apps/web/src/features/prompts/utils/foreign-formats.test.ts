import {
  MAX_PLACEHOLDERS_PER_PROMPT,
  PROMPT_LIBRARY_FORMAT,
  PROMPT_TITLE_MAX_LENGTH,
  promptLibraryFileSchema,
  type PromptLibraryFile,
} from '@compliance/shared/prompts';
import { describe, expect, it } from 'vitest';
import {
  convertForeignLibrary,
  convertLibreChatText,
  convertOpenWebUiText,
  detectForeignFormat,
  fromLibreChat,
  fromOpenWebUi,
  humanise,
  toPlaceholderName,
} from './foreign-formats.ts';

function expectValid(file: PromptLibraryFile | null): PromptLibraryFile {
  expect(file).not.toBeNull();
  const result = promptLibraryFileSchema.safeParse(file);
  expect(result.success ? [] : result.error.issues).toEqual([]);
  return file!;
}

const openWebUiExport = [
  {
    command: '/risk',
    title: 'Risk memo',
    content: 'Assess {{country | text:placeholder="Country":required}} for {{CURRENT_DATE}}. Again: {{country}}.',
    access_control: null,
    user_id: 'b7f2',
    timestamp: 1_735_689_600,
  },
  { command: '/kyc-check', content: 'Check {{client_name}}', access_control: {}, user_id: 'b7f2', timestamp: 1 },
];

const libreChatGroups = [
  {
    _id: '66a1',
    name: 'Screening note',
    category: 'AML',
    oneliner: 'A short note',
    command: 'screen',
    productionId: '66b2',
    prompts: [
      { _id: '66b1', prompt: 'Old text {{client}}', type: 'text' },
      { _id: '66b2', prompt: 'Screen {{client}} in a {{tone:formal|neutral|brief}} tone', type: 'text' },
      { _id: '66b3', prompt: 'Draft, not in production {{client}}', type: 'chat' },
    ],
  },
  { name: 'Sanctions', category: 'aml', prompts: [{ prompt: 'Check {{party}} on {{current_date}}', type: 'text' }] },
  { name: 'No category', category: '', prompts: [{ prompt: 'Plain text', type: 'text' }] },
];

describe('detecting a foreign export', () => {
  it('tells Open WebUI and LibreChat exports apart, and leaves everything else alone', () => {
    expect(detectForeignFormat(openWebUiExport)).toBe('openWebUi');
    // Newer Open WebUI versions call the title "name".
    expect(detectForeignFormat([{ command: '/a', name: 'A', content: 'x' }])).toBe('openWebUi');
    expect(detectForeignFormat(libreChatGroups)).toBe('libreChat');
    expect(detectForeignFormat({ promptGroups: libreChatGroups, pageNumber: '1' })).toBe('libreChat');
    expect(detectForeignFormat([{ name: 'A', productionId: '1', productionPrompt: { prompt: 'x' } }])).toBe(
      'libreChat',
    );

    expect(
      detectForeignFormat({ format: PROMPT_LIBRARY_FORMAT, formatVersion: 1, categories: [], prompts: [] }),
    ).toBeNull();
    expect(detectForeignFormat([])).toBeNull();
    expect(detectForeignFormat([{ hello: 1 }])).toBeNull();
    expect(detectForeignFormat([1, 2])).toBeNull();
    expect(detectForeignFormat({ hello: 1 })).toBeNull();
    expect(detectForeignFormat('text')).toBeNull();
    expect(convertForeignLibrary({ hello: 1 })).toBeNull();
  });
});

describe('variable names', () => {
  it('become camelCase', () => {
    expect(toPlaceholderName('client_name')).toBe('clientName');
    expect(toPlaceholderName('due-date')).toBe('dueDate');
    expect(toPlaceholderName('Client Name')).toBe('clientName');
    expect(toPlaceholderName('countryName')).toBe('countryName');
    expect(toPlaceholderName('CountryName')).toBe('countryName');
    expect(toPlaceholderName('URL')).toBe('url');
    expect(toPlaceholderName('XMLParser')).toBe('xmlParser');
    expect(toPlaceholderName('CURRENT_DATE')).toBe('currentDate');
    expect(toPlaceholderName('2fa_code')).toBe('v2faCode');
    expect(toPlaceholderName('país')).toBe('pais');
    expect(toPlaceholderName('国家')).toBe('variable');
    expect(toPlaceholderName('a_very_long_variable_name_that_goes_on_and_on_forever')).toHaveLength(40);
  });

  it('are humanised into a description', () => {
    expect(humanise('countryName')).toBe('Country name');
    expect(humanise('country_name')).toBe('Country name');
    expect(humanise('URL_link')).toBe('URL link');
    expect(humanise('USER_EMAIL')).toBe('User email');
    expect(humanise('国家')).toBe('国家');
  });

  it('are made unique, and the text follows every rename', () => {
    const { instructions, placeholders } = convertOpenWebUiText(
      '{{Country}} {{country}} {{COUNTRY | number}} {{country2}} {{client name}} {{client_name}} {{Country}}',
    );
    // Names that are already valid keep them; the others are numbered around them.
    expect(placeholders.map((placeholder) => placeholder.name)).toEqual([
      'country3',
      'country',
      'country4',
      'country2',
      'clientName',
      'clientName2',
    ]);
    expect(instructions).toBe(
      '{{country3}} {{country}} {{country4}} {{country2}} {{clientName}} {{clientName2}} {{country3}}',
    );
    expect(placeholders[2]).toMatchObject({ type: 'number', description: 'Country' });
    expect(placeholders[4]).toMatchObject({ description: 'Client name' });
  });
});

describe('Open WebUI', () => {
  it('maps every input type', () => {
    const { instructions, placeholders } = convertOpenWebUiText(
      [
        '{{country | text:placeholder="Country of the client":required}}',
        '{{notes | textarea}}',
        '{{amount | number:min=0:max=100:default=5}}',
        '{{share | range:min=0:max=100}}',
        '{{due | date:default="2025-03-01"}}',
        '{{meeting | datetime-local:default="2025-03-01T09:30"}}',
        '{{level | select:options=["low","medium","high"]:default="low":required}}',
        '{{urgent | checkbox:label="Urgent?":default=true}}',
        '{{colour | color}}',
        '{{email | email:placeholder="name@example.com"}}',
        '{{site | url}}',
        '{{phone | tel}}',
        '{{month | month}}',
        '{{time | time}}',
        '{{week | week}}',
        '{{where | map}}',
        '{{plain}}',
      ].join('\n'),
    );
    const byName = Object.fromEntries(placeholders.map((placeholder) => [placeholder.name, placeholder]));
    expect(byName.country).toEqual({
      name: 'country',
      description: 'Country of the client',
      type: 'text',
      required: true,
      defaultValue: '',
      options: [],
    });
    expect(byName.notes).toMatchObject({ type: 'longText', description: 'Notes', required: false });
    expect(byName.amount).toMatchObject({ type: 'number', defaultValue: '5' });
    expect(byName.share).toMatchObject({ type: 'number', defaultValue: '' });
    expect(byName.due).toMatchObject({ type: 'date', defaultValue: '2025-03-01' });
    expect(byName.meeting).toMatchObject({ type: 'date', defaultValue: '2025-03-01' });
    expect(byName.level).toEqual({
      name: 'level',
      description: 'Level',
      type: 'select',
      required: true,
      defaultValue: 'low',
      options: ['low', 'medium', 'high'],
    });
    expect(byName.urgent).toMatchObject({
      type: 'select',
      options: ['yes', 'no'],
      defaultValue: 'yes',
      description: 'Urgent?',
    });
    for (const name of ['colour', 'email', 'site', 'phone', 'month', 'time', 'week', 'where', 'plain']) {
      expect(byName[name]).toMatchObject({ type: 'text', options: [], required: false });
    }
    expect(byName.email).toMatchObject({ description: 'name@example.com' });
    expect(instructions.split('\n')).toEqual([
      '{{country}}',
      '{{notes}}',
      '{{amount}}',
      '{{share}}',
      '{{due}}',
      '{{meeting}}',
      '{{level}}',
      '{{urgent}}',
      '{{colour}}',
      '{{email}}',
      '{{site}}',
      '{{phone}}',
      '{{month}}',
      '{{time}}',
      '{{week}}',
      '{{where}}',
      '{{plain}}',
    ]);
  });

  it('keeps defaults only where they fit the type', () => {
    const { placeholders } = convertOpenWebUiText(
      [
        '{{a | number:default="many"}}',
        '{{b | date:default="01/03/2025"}}',
        '{{c | select:options=["x","y"]:default="z"}}',
        '{{d | checkbox:default="maybe"}}',
        '{{e | checkbox:default=false}}',
        '{{f | text:default="as written"}}',
        "{{g | select:options=['one', 'two', 'two', ' ']}}",
        '{{h | select}}',
        '{{i | type=select:options=["p","q"]:required=true}}',
      ].join(' '),
    );
    expect(
      placeholders.map(({ name, type, defaultValue, options, required }) => [
        name,
        type,
        defaultValue,
        options,
        required,
      ]),
    ).toEqual([
      ['a', 'number', '', [], false],
      ['b', 'date', '', [], false],
      ['c', 'select', '', ['x', 'y'], false],
      ['d', 'select', '', ['yes', 'no'], false],
      ['e', 'select', 'no', ['yes', 'no'], false],
      ['f', 'text', 'as written', [], false],
      // Near-JSON lists are read too; repeated and empty choices are dropped.
      ['g', 'select', '', ['one', 'two'], false],
      // A select without choices would not validate: it is a text.
      ['h', 'text', '', [], false],
      ['i', 'select', '', ['p', 'q'], true],
    ]);
  });

  it('imports a multiple choice with its options and default choices, keeping only defaults among them', () => {
    const { instructions, placeholders } = convertOpenWebUiText(
      [
        'Check {{areas | multiselect:options=["AML","Sanctions","Tax"]:default=["AML","Tax"]:required}}',
        '{{extra | multi-select:options="a,b":default="b, z"}}',
        '{{empty | multiselect}}',
      ].join(' '),
    );
    expect(instructions).toBe('Check {{areas}} {{extra}} {{empty}}');
    expect(
      placeholders.map(({ name, type, defaultValue, options, required }) => [
        name,
        type,
        defaultValue,
        options,
        required,
      ]),
    ).toEqual([
      ['areas', 'multiSelect', 'AML\nTax', ['AML', 'Sanctions', 'Tax'], true],
      ['extra', 'multiSelect', 'b', ['a', 'b'], false],
      // Without choices it would not validate: it is a text.
      ['empty', 'text', '', [], false],
    ]);
    const content = 'Check {{areas | multiselect:options=["AML","Sanctions"]:default=["AML"]}}.';
    const parsed = promptLibraryFileSchema.safeParse(
      convertForeignLibrary([{ command: '/check', title: 'Check', content }]),
    );
    expect(parsed.success).toBe(true);
    expect(parsed.data?.prompts[0]?.placeholders[0]).toMatchObject({ type: 'multiSelect', defaultValue: 'AML' });
  });

  it('reads a definition over several lines, but not braces around prose', () => {
    const { instructions, placeholders } = convertOpenWebUiText(
      'Pick {{level | select:\n  options=["low","high"]:\n  required}}. Write {{ like\nthis }} and {{}} as they are.',
    );
    expect(instructions).toBe('Pick {{level}}. Write {{ like\nthis }} and {{}} as they are.');
    expect(placeholders).toMatchObject([{ name: 'level', type: 'select', options: ['low', 'high'], required: true }]);
  });

  it('turns its built-in variables into readable markers', () => {
    const { instructions, placeholders } = convertOpenWebUiText(
      'Today is {{CURRENT_DATE}} ({{CURRENT_WEEKDAY}}), {{USER_NAME}} asks about {{CLIPBOARD}} for {{topic}}.',
    );
    expect(instructions).toBe(
      'Today is [CURRENT_DATE] ([CURRENT_WEEKDAY]), [USER_NAME] asks about [CLIPBOARD] for {{topic}}.',
    );
    expect(placeholders.map((placeholder) => placeholder.name)).toEqual(['topic']);
    // A built-in's name with a type, or an unknown upper-case name, is the user's own variable.
    expect(convertOpenWebUiText('{{CURRENT_DATE | date}} {{CLIENT_ID}}').placeholders).toMatchObject([
      { name: 'currentDate', type: 'date', description: 'Current date' },
      { name: 'clientId', type: 'text', description: 'Client id' },
    ]);
  });

  it('makes a library of the export, titled by the title or else the command', () => {
    const file = expectValid(convertForeignLibrary(openWebUiExport));
    expect(file).toEqual({
      format: PROMPT_LIBRARY_FORMAT,
      formatVersion: 1,
      categories: [],
      prompts: [
        {
          title: 'Risk memo',
          instructions: 'Assess {{country}} for [CURRENT_DATE]. Again: {{country}}.',
          category: null,
          favourite: false,
          placeholders: [
            { name: 'country', description: 'Country', type: 'text', required: true, defaultValue: '', options: [] },
          ],
        },
        {
          title: 'kyc-check',
          instructions: 'Check {{clientName}}',
          category: null,
          favourite: false,
          placeholders: [
            {
              name: 'clientName',
              description: 'Client name',
              type: 'text',
              required: false,
              defaultValue: '',
              options: [],
            },
          ],
        },
      ],
    });
  });

  it('shortens long titles and cleans their hidden characters', () => {
    const file = expectValid(
      fromOpenWebUi([{ command: '/long', title: `Line\none\u200b ${'x'.repeat(300)}`, content: 'Text' }]),
    );
    const title = file.prompts[0]!.title;
    expect(title).toHaveLength(PROMPT_TITLE_MAX_LENGTH);
    expect(title.startsWith('Line one x')).toBe(true);
    expect(title.endsWith('…')).toBe(true);
  });

  it('leaves what it cannot keep for the schema to report', () => {
    const many = Array.from({ length: MAX_PLACEHOLDERS_PER_PROMPT + 1 }, (_, index) => `{{field${index}}}`).join(' ');
    const file = fromOpenWebUi([{ command: '/many', title: 'Many', content: many }]);
    expect(file.prompts[0]!.placeholders).toHaveLength(MAX_PLACEHOLDERS_PER_PROMPT + 1);
    const result = promptLibraryFileSchema.safeParse(file);
    expect(result.success ? [] : result.error.issues.map((issue) => issue.message)).toContain(
      'prompts:validation.tooManyPlaceholders',
    );
  });
});

describe('LibreChat', () => {
  it('maps variables, dropdowns and built-ins', () => {
    const { instructions, placeholders } = convertLibreChatText(
      'For {{client_name}} on {{current_date}} / {{CURRENT_USER}} at {{iso_datetime}} ({{current_datetime}}): ' +
        '{{tone:formal|casual|business casual}} again {{tone}} and {{note:just one}}',
    );
    expect(instructions).toBe(
      'For {{clientName}} on [current_date] / [CURRENT_USER] at [iso_datetime] ([current_datetime]): ' +
        '{{tone}} again {{tone}} and {{noteJustOne}}',
    );
    expect(placeholders).toEqual([
      { name: 'clientName', description: 'Client name', type: 'text', required: true, defaultValue: '', options: [] },
      {
        name: 'tone',
        description: 'Tone',
        type: 'select',
        required: true,
        defaultValue: '',
        options: ['formal', 'casual', 'business casual'],
      },
      // Without `|` LibreChat reads the colon as part of a plain name.
      {
        name: 'noteJustOne',
        description: 'Note just one',
        type: 'text',
        required: true,
        defaultValue: '',
        options: [],
      },
    ]);
  });

  it('takes the production prompt, the name as title and the category', () => {
    const file = expectValid(convertForeignLibrary(libreChatGroups));
    expect(file.categories).toEqual([{ name: 'AML', icon: 'folder', description: '' }]);
    expect(file.prompts.map(({ title, instructions, category }) => ({ title, instructions, category }))).toEqual([
      { title: 'Screening note', instructions: 'Screen {{client}} in a {{tone}} tone', category: 'AML' },
      // Categories are matched regardless of case, as the import matches them.
      { title: 'Sanctions', instructions: 'Check {{party}} on [current_date]', category: 'AML' },
      { title: 'No category', instructions: 'Plain text', category: null },
    ]);
  });

  it('falls back to the last prompt, reads MongoDB ids and the embedded production prompt', () => {
    const file = expectValid(
      fromLibreChat([
        {
          name: 'Unknown id',
          productionId: 'gone',
          prompts: [
            { _id: '1', prompt: 'First' },
            { _id: '2', prompt: 'Last' },
          ],
        },
        {
          name: 'Extended JSON',
          productionId: { $oid: 'a1' },
          prompts: [
            { _id: { $oid: 'a1' }, prompt: 'Chosen' },
            { _id: { $oid: 'a2' }, prompt: 'Newer' },
          ],
        },
        { name: 'Listed', productionId: 'p', productionPrompt: { _id: 'p', prompt: 'From the list' } },
      ]),
    );
    expect(file.prompts.map((prompt) => prompt.instructions)).toEqual(['Last', 'Chosen', 'From the list']);
  });

  it('accepts the { promptGroups } wrapper', () => {
    const file = expectValid(convertForeignLibrary({ promptGroups: libreChatGroups.slice(2) }));
    expect(file.prompts).toHaveLength(1);
  });
});
