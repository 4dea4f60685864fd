import {
  MAX_PROMPTS_PER_USER,
  PROMPT_LIBRARY_FORMAT,
  type Placeholder,
  type Prompt,
  type PromptCategoriesResponse,
  type PromptCategory,
  type PromptLibraryFile,
  type PromptListResponse,
  type PromptVersionsResponse,
} from '@compliance/shared/prompts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestUser, type TestUser } from './helpers/factories.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';
import { uploadFile } from './helpers/uploads.ts';

let app: TestApp;
let alice: TestUser;
let bob: TestUser;

beforeAll(async () => {
  app = await createTestApp();
  alice = await createTestUser(app);
  bob = await createTestUser(app);
});
afterAll(() => app.close());

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

function call(user: TestUser | null, method: Method, url: string, payload?: unknown) {
  return app.inject({ method, url: `/api${url}`, headers: user?.headers ?? {}, ...(payload ? { payload } : {}) });
}

function placeholder(name: string, overrides: Partial<Placeholder> = {}): Placeholder {
  return {
    name,
    description: `The ${name}`,
    type: 'text',
    required: true,
    defaultValue: '',
    options: [],
    ...overrides,
  };
}

const riskPrompt = {
  title: 'Client risk assessment',
  instructions: 'Assess the money-laundering risk of a client from {{country}} with assets of {{assets}} CHF.',
  categoryId: null as string | null,
  placeholders: [
    placeholder('country'),
    placeholder('assets', { type: 'number', required: false, defaultValue: '1000' }),
  ],
  versionMessage: '',
};

async function createCategory(user: TestUser, name: string, icon = 'scale'): Promise<PromptCategory> {
  const response = await call(user, 'POST', '/prompt-categories', { name, icon, description: '' });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

async function createPrompt(user: TestUser, overrides: Partial<typeof riskPrompt> = {}) {
  const response = await call(user, 'POST', '/prompts', { ...riskPrompt, ...overrides });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<Prompt>();
}

async function list(user: TestUser, query = ''): Promise<PromptListResponse['prompts']> {
  const response = await call(user, 'GET', `/prompts${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<PromptListResponse>().prompts;
}

async function overview(user: TestUser): Promise<PromptCategoriesResponse> {
  const response = await call(user, 'GET', '/prompt-categories');
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

function fieldsOf(response: { json: () => unknown }) {
  return (response.json() as { error: { code: string; fields?: Record<string, string> } }).error;
}

describe('placeholder rules (SPEC §5)', () => {
  it('refuses names that are not camelCase letters and digits, with the spec’s message', async () => {
    for (const name of ['client name', 'Client', '1st', 'client-name', 'clientÄ']) {
      const response = await call(alice, 'POST', '/prompts', {
        ...riskPrompt,
        instructions: 'Text without tokens',
        placeholders: [placeholder(name)],
      });
      expect(response.statusCode, name).toBe(400);
      expect(fieldsOf(response)).toMatchObject({
        code: 'VALIDATION_FAILED',
        fields: { 'placeholders.0.name': 'errors:validation.placeholderNameFormat' },
      });
    }
  });

  it('refuses a name used twice: "This placeholder name is already in use"', async () => {
    const response = await call(alice, 'POST', '/prompts', {
      ...riskPrompt,
      placeholders: [...riskPrompt.placeholders, placeholder('country')],
    });
    expect(response.statusCode).toBe(400);
    expect(fieldsOf(response).fields).toEqual({ 'placeholders.2.name': 'errors:validation.placeholderNameTaken' });
  });

  it('asks for a helpful description, and for the required fields', async () => {
    const response = await call(alice, 'POST', '/prompts', {
      ...riskPrompt,
      title: '  ',
      instructions: '',
      placeholders: [placeholder('country', { description: ' ' })],
    });
    expect(response.statusCode).toBe(400);
    expect(fieldsOf(response).fields).toMatchObject({
      title: 'errors:validation.required',
      instructions: 'errors:validation.required',
      'placeholders.0.description': 'errors:validation.descriptionRequired',
    });
  });

  it('refuses tokens in the text that are not defined or not valid names, and choices without options', async () => {
    const undefinedToken = await call(alice, 'POST', '/prompts', {
      ...riskPrompt,
      placeholders: [placeholder('country')],
    });
    expect(fieldsOf(undefinedToken).fields).toEqual({ instructions: 'prompts:validation.placeholderUndefined' });

    const invalidToken = await call(alice, 'POST', '/prompts', {
      ...riskPrompt,
      instructions: 'Hello {{client name}}',
      placeholders: [],
    });
    expect(fieldsOf(invalidToken).fields).toEqual({ instructions: 'prompts:validation.placeholderTokenInvalid' });

    const select = await call(alice, 'POST', '/prompts', {
      ...riskPrompt,
      placeholders: [placeholder('country', { type: 'select' }), riskPrompt.placeholders[1]],
    });
    expect(fieldsOf(select).fields).toEqual({ 'placeholders.0.options': 'prompts:validation.optionsRequired' });

    const badDefault = await call(alice, 'POST', '/prompts', {
      ...riskPrompt,
      placeholders: [placeholder('country', { type: 'date', defaultValue: '31.12.2025' }), riskPrompt.placeholders[1]],
    });
    expect(fieldsOf(badDefault).fields).toEqual({ 'placeholders.0.defaultValue': 'prompts:validation.date' });
  });

  it('accepts a placeholder that is defined but not used (the editor flags it)', async () => {
    const prompt = await createPrompt(alice, { placeholders: [...riskPrompt.placeholders, placeholder('unused')] });
    expect(prompt.placeholders.map((item) => item.name)).toEqual(['country', 'assets', 'unused']);
    await call(alice, 'DELETE', `/prompts/${prompt.id}`);
  });
});

describe('prompts', () => {
  it('creates, reads, lists with an excerpt, marks favourites, duplicates and deletes', async () => {
    const user = await createTestUser(app);
    const created = await createPrompt(user);
    expect(created).toMatchObject({ title: riskPrompt.title, version: 1, favourite: false, useCount: 0 });

    const read = await call(user, 'GET', `/prompts/${created.id}`);
    expect(read.json<Prompt>().instructions).toBe(riskPrompt.instructions);

    const [summary] = await list(user);
    expect(summary).toMatchObject({ id: created.id, placeholderNames: ['country', 'assets'], version: 1 });
    expect(summary?.excerpt).toBe(riskPrompt.instructions);

    const favourite = await call(user, 'PATCH', `/prompts/${created.id}`, { favourite: true });
    expect(favourite.json<Prompt>()).toMatchObject({ favourite: true, version: 1 });

    const copy = await call(user, 'POST', `/prompts/${created.id}/duplicate`, { title: 'Client risk (copy)' });
    expect(copy.statusCode).toBe(201);
    expect(copy.json<Prompt>()).toMatchObject({
      title: 'Client risk (copy)',
      instructions: riskPrompt.instructions,
      favourite: false,
      version: 1,
    });
    expect((await list(user, '?favourites=true')).map((item) => item.id)).toEqual([created.id]);

    expect((await call(user, 'DELETE', `/prompts/${created.id}`)).statusCode).toBe(204);
    expect((await call(user, 'GET', `/prompts/${created.id}`)).json()).toMatchObject({
      error: { code: 'PROMPT_NOT_FOUND' },
    });
    expect((await list(user)).map((item) => item.title)).toEqual(['Client risk (copy)']);
  });

  it('searches title and instructions, filters by category (or none) and sorts', async () => {
    const user = await createTestUser(app);
    const aml = await createCategory(user, 'AML');
    const first = await createPrompt(user, { title: 'Beneficial owner check', categoryId: aml.id });
    const second = await createPrompt(user, {
      title: 'adviser brochure',
      instructions: 'Form ADV delivery checklist for {{country}} and {{assets}}',
    });
    await createPrompt(user, { title: 'Zebra 100% match_test' });

    expect((await list(user, '?q=form%20adv')).map((item) => item.id)).toEqual([second.id]);
    // LIKE wildcards in the search are literal characters.
    expect((await list(user, '?q=100%25%20match_')).map((item) => item.title)).toEqual(['Zebra 100% match_test']);
    expect((await list(user, `?categoryId=${aml.id}`)).map((item) => item.id)).toEqual([first.id]);
    expect(await list(user, '?categoryId=none')).toHaveLength(2);
    expect((await list(user, '?sort=title')).map((item) => item.title)).toEqual([
      'adviser brochure',
      'Beneficial owner check',
      'Zebra 100% match_test',
    ]);

    await call(user, 'POST', `/prompts/${second.id}/use`, { values: { country: 'CH' } });
    expect((await list(user, '?sort=mostUsed'))[0]?.id).toBe(second.id);
    expect((await list(user, '?sort=lastUsed'))[0]?.id).toBe(second.id);
    expect((await call(user, 'GET', '/prompts?sort=random')).statusCode).toBe(400);
  });
});

describe('versions', () => {
  it('keeps a version on every save that changes something, with its message, and restores an earlier one', async () => {
    const user = await createTestUser(app);
    const created = await createPrompt(user, { versionMessage: 'First draft' });

    const saved = await call(user, 'PUT', `/prompts/${created.id}`, {
      ...riskPrompt,
      instructions: `${riskPrompt.instructions} Cite the FATF list.`,
      versionMessage: 'Mention the FATF list',
    });
    expect(saved.json<Prompt>().version).toBe(2);

    // Saving the same content again keeps the version; a category change alone too.
    const category = await createCategory(user, 'Risk');
    const unchanged = await call(user, 'PUT', `/prompts/${created.id}`, {
      ...riskPrompt,
      instructions: `${riskPrompt.instructions} Cite the FATF list.`,
      categoryId: category.id,
    });
    expect(unchanged.json<Prompt>()).toMatchObject({ version: 2, categoryId: category.id });

    const versions = (await call(user, 'GET', `/prompts/${created.id}/versions`)).json<PromptVersionsResponse>();
    expect(versions.versions.map((version) => [version.version, version.message])).toEqual([
      [2, 'Mention the FATF list'],
      [1, 'First draft'],
    ]);
    expect(versions.versions[1]?.instructions).toBe(riskPrompt.instructions);

    const restored = await call(user, 'POST', `/prompts/${created.id}/versions/1/restore`);
    expect(restored.statusCode, restored.body).toBe(200);
    expect(restored.json<Prompt>()).toMatchObject({
      version: 3,
      instructions: riskPrompt.instructions,
      categoryId: category.id,
    });
    const after = (await call(user, 'GET', `/prompts/${created.id}/versions`)).json<PromptVersionsResponse>();
    expect(after.versions[0]).toMatchObject({ version: 3, restoredFrom: 1, message: null });

    expect((await call(user, 'POST', `/prompts/${created.id}/versions/9/restore`)).json()).toMatchObject({
      error: { code: 'PROMPT_VERSION_NOT_FOUND' },
    });
  });
});

describe('using a prompt', () => {
  it('fills the placeholders in, takes defaults, and checks required values and types', async () => {
    const user = await createTestUser(app);
    const prompt = await createPrompt(user, {
      instructions: 'Client from {{country}}, {{assets}} CHF, review on {{reviewDate}}, risk {{risk}}.',
      placeholders: [
        placeholder('country'),
        placeholder('assets', { type: 'number', required: false, defaultValue: '1000' }),
        placeholder('reviewDate', { type: 'date', required: false }),
        placeholder('risk', { type: 'select', options: ['low', 'high'], defaultValue: 'low' }),
      ],
    });

    const missing = await call(user, 'POST', `/prompts/${prompt.id}/use`, { values: { assets: 'many' } });
    expect(missing.statusCode).toBe(400);
    expect(fieldsOf(missing)).toEqual({
      code: 'PROMPT_VALUES_INVALID',
      message: expect.any(String),
      fields: { 'values.country': 'errors:validation.required', 'values.assets': 'prompts:validation.number' },
    });
    const wrongChoice = await call(user, 'POST', `/prompts/${prompt.id}/use`, {
      values: { country: 'CH', risk: 'medium', reviewDate: '2025-02-30' },
    });
    expect(fieldsOf(wrongChoice).fields).toEqual({
      'values.risk': 'prompts:validation.option',
      'values.reviewDate': 'prompts:validation.date',
    });

    const filled = await call(user, 'POST', `/prompts/${prompt.id}/use`, { values: { country: 'Switzerland' } });
    expect(filled.statusCode, filled.body).toBe(200);
    expect(filled.json()).toEqual({
      text: 'Client from Switzerland, 1000 CHF, review on , risk low.',
      version: 1,
      runId: expect.any(String),
    });
    const after = (await call(user, 'GET', `/prompts/${prompt.id}`)).json<Prompt>();
    expect(after.useCount).toBe(1);
    expect(after.lastUsedAt).not.toBeNull();
  });
});

describe('categories', () => {
  it('creates with a bundled icon, keeps names unique whatever their case, renames and reorders', async () => {
    const user = await createTestUser(app);
    const a = await createCategory(user, 'Onboarding', 'user-check');
    const b = await createCategory(user, 'Sanctions', 'globe');
    const c = await createCategory(user, 'Reporting', 'file-text');
    expect([a.position, b.position, c.position]).toEqual([0, 1, 2]);

    const taken = await call(user, 'POST', '/prompt-categories', {
      name: 'onboarding',
      icon: 'scale',
      description: '',
    });
    expect(taken.statusCode).toBe(409);
    expect(fieldsOf(taken).code).toBe('PROMPT_CATEGORY_EXISTS');
    const badIcon = await call(user, 'POST', '/prompt-categories', { name: 'X', icon: 'skull', description: '' });
    expect(badIcon.statusCode).toBe(400);
    // Another user may use the same name.
    await createCategory(bob, 'Onboarding');

    const renamed = await call(user, 'PATCH', `/prompt-categories/${a.id}`, {
      name: 'Client onboarding',
      description: 'KYC',
    });
    expect(renamed.json<PromptCategory>()).toMatchObject({ name: 'Client onboarding', icon: 'user-check' });
    expect((await call(user, 'PATCH', `/prompt-categories/${a.id}`, { name: 'SANCTIONS' })).statusCode).toBe(409);

    const reordered = await call(user, 'PUT', '/prompt-categories/order', { ids: [c.id, a.id, b.id] });
    expect(reordered.json<PromptCategoriesResponse>().categories.map((category) => category.name)).toEqual([
      'Reporting',
      'Client onboarding',
      'Sanctions',
    ]);
    const incomplete = await call(user, 'PUT', '/prompt-categories/order', { ids: [c.id, a.id] });
    expect(fieldsOf(incomplete).code).toBe('PROMPT_CATEGORY_ORDER_INVALID');
  });

  it('moves the prompts of a deleted category elsewhere, or deletes them with it, as asked', async () => {
    const user = await createTestUser(app);
    const from = await createCategory(user, 'Old');
    const to = await createCategory(user, 'New');
    const gone = await createCategory(user, 'Gone');
    await createPrompt(user, { categoryId: from.id });
    await createPrompt(user, { categoryId: from.id });
    await createPrompt(user, { categoryId: gone.id });
    expect((await overview(user)).categories.map((category) => category.promptCount)).toEqual([2, 0, 1]);

    const moved = await call(user, 'DELETE', `/prompt-categories/${from.id}?prompts=move&targetCategoryId=${to.id}`);
    expect(moved.statusCode).toBe(204);
    expect(await list(user, `?categoryId=${to.id}`)).toHaveLength(2);

    expect((await call(user, 'DELETE', `/prompt-categories/${gone.id}?prompts=delete`)).statusCode).toBe(204);
    const after = await overview(user);
    expect(after.categories.map((category) => category.name)).toEqual(['New']);
    expect(after.counts).toEqual({ all: 2, favourites: 0, uncategorised: 0 });

    const toNone = await call(user, 'DELETE', `/prompt-categories/${to.id}?prompts=move`);
    expect(toNone.statusCode).toBe(204);
    expect((await overview(user)).counts).toEqual({ all: 2, favourites: 0, uncategorised: 2 });
    expect((await call(user, 'DELETE', `/prompt-categories/${to.id}?prompts=move`)).statusCode).toBe(404);
  });
});

describe('privacy: one user’s library is invisible to everyone else', () => {
  it('answers "not found" to another user for every operation on a prompt or a category', async () => {
    const prompt = await createPrompt(alice);
    const category = await createCategory(alice, 'Private');
    const attempts: [Method, string, unknown?][] = [
      ['GET', `/prompts/${prompt.id}`],
      ['PUT', `/prompts/${prompt.id}`, riskPrompt],
      ['PATCH', `/prompts/${prompt.id}`, { favourite: true }],
      ['DELETE', `/prompts/${prompt.id}`],
      ['POST', `/prompts/${prompt.id}/duplicate`, { title: 'Mine now' }],
      ['POST', `/prompts/${prompt.id}/use`, { values: { country: 'CH' } }],
      ['GET', `/prompts/${prompt.id}/versions`],
      ['POST', `/prompts/${prompt.id}/versions/1/restore`],
    ];
    for (const [method, url, payload] of attempts) {
      const response = await call(bob, method, url, payload);
      expect(response.statusCode, `${method} ${url}`).toBe(404);
      expect(fieldsOf(response).code).toBe('PROMPT_NOT_FOUND');
    }
    for (const [method, url, payload] of [
      ['PATCH', `/prompt-categories/${category.id}`, { name: 'Taken over' }],
      ['DELETE', `/prompt-categories/${category.id}?prompts=delete`],
    ] as [Method, string, unknown?][]) {
      const response = await call(bob, method, url, payload);
      expect(fieldsOf(response).code).toBe('PROMPT_CATEGORY_NOT_FOUND');
    }
    // Filing one's own prompt in someone else's category is refused the same way.
    const own = await createPrompt(bob);
    expect(fieldsOf(await call(bob, 'PATCH', `/prompts/${own.id}`, { categoryId: category.id })).code).toBe(
      'PROMPT_CATEGORY_NOT_FOUND',
    );
    expect(fieldsOf(await call(bob, 'POST', '/prompts', { ...riskPrompt, categoryId: category.id })).code).toBe(
      'PROMPT_CATEGORY_NOT_FOUND',
    );
    expect((await list(bob)).map((item) => item.id)).not.toContain(prompt.id);
    expect((await list(bob, `?categoryId=${category.id}`)).length).toBe(0);
    expect((await call(alice, 'GET', `/prompts/${prompt.id}`)).statusCode).toBe(200);
  });

  it('asks visitors to sign in', async () => {
    expect((await call(null, 'GET', '/prompts')).statusCode).toBe(401);
    expect((await call(null, 'GET', '/prompt-categories')).statusCode).toBe(401);
    expect((await call(null, 'GET', '/prompts/export')).statusCode).toBe(401);
  });
});

describe('import and export', () => {
  it('exports the whole library and imports it into another account, history included', async () => {
    const author = await createTestUser(app);
    const category = await createCategory(author, 'FinSA', 'landmark');
    const prompt = await createPrompt(author, { categoryId: category.id, versionMessage: 'Draft' });
    await call(author, 'PUT', `/prompts/${prompt.id}`, {
      ...riskPrompt,
      categoryId: category.id,
      title: 'Client risk assessment v2',
      versionMessage: 'Better title',
    });
    await call(author, 'PATCH', `/prompts/${prompt.id}`, { favourite: true });
    await createPrompt(author, { title: 'Loose prompt' });

    const exported = await call(author, 'GET', '/prompts/export');
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['content-disposition']).toMatch(
      /^attachment; filename="prompt-library-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    const file = exported.json<PromptLibraryFile>();
    expect(file).toMatchObject({ format: PROMPT_LIBRARY_FORMAT, formatVersion: 1 });
    expect(file.categories).toEqual([{ name: 'FinSA', icon: 'landmark', description: '' }]);
    expect(file.prompts[0]).toMatchObject({ title: 'Client risk assessment v2', category: 'FinSA', favourite: true });
    expect(file.prompts[0]?.versions?.map((version) => version.message)).toEqual(['Draft', 'Better title']);

    const reader = await createTestUser(app);
    await createCategory(reader, 'finsa', 'scale');
    const imported = await call(reader, 'POST', '/prompts/import', file);
    expect(imported.statusCode, imported.body).toBe(200);
    expect(imported.json()).toEqual({ prompts: 2, categories: 0, mergedCategories: 1 });
    const library = await overview(reader);
    expect(library.categories).toMatchObject([{ name: 'finsa', promptCount: 1 }]);
    expect(library.counts).toEqual({ all: 2, favourites: 1, uncategorised: 1 });
    const [copy] = await list(reader, `?categoryId=${library.categories[0]?.id}`);
    expect(copy).toMatchObject({ title: 'Client risk assessment v2', version: 2 });
    const versions = (await call(reader, 'GET', `/prompts/${copy?.id}/versions`)).json<PromptVersionsResponse>();
    expect(versions.versions.map((version) => version.message)).toEqual(['Better title', 'Draft']);
  });

  it('refuses a bad file as a whole, with the problems named, and changes nothing', async () => {
    const user = await createTestUser(app);
    const bad = {
      format: PROMPT_LIBRARY_FORMAT,
      formatVersion: 1,
      categories: [{ name: 'A', icon: 'scale', description: '' }],
      prompts: [
        { ...riskPrompt, category: 'A', favourite: false },
        { ...riskPrompt, category: 'Missing', favourite: false, placeholders: [placeholder('Bad Name')] },
      ],
    };
    const response = await call(user, 'POST', '/prompts/import', bad);
    expect(response.statusCode).toBe(400);
    expect(fieldsOf(response).fields).toMatchObject({
      'prompts.1.placeholders.0.name': 'errors:validation.placeholderNameFormat',
    });
    const notALibrary = await call(user, 'POST', '/prompts/import', { hello: 'world' });
    expect(fieldsOf(notALibrary).fields).toMatchObject({ format: 'prompts:import.notALibrary' });
    const unknownCategory = await call(user, 'POST', '/prompts/import', {
      ...bad,
      prompts: [{ ...bad.prompts[0], category: 'Missing' }],
    });
    expect(fieldsOf(unknownCategory).fields).toEqual({ 'prompts.0.category': 'prompts:import.unknownCategory' });
    expect((await overview(user)).counts.all).toBe(0);
    expect((await overview(user)).categories).toEqual([]);
  });

  it(`enforces the limit of ${MAX_PROMPTS_PER_USER} prompts per user on import and on create`, async () => {
    const user = await createTestUser(app);
    const many = (count: number) => ({
      format: PROMPT_LIBRARY_FORMAT,
      formatVersion: 1,
      categories: [],
      prompts: Array.from({ length: count }, (_, index) => ({
        title: `Prompt ${index}`,
        instructions: 'Summarise the document.',
        category: null,
        favourite: false,
        placeholders: [],
      })),
    });
    await createPrompt(user);
    const tooMany = await call(user, 'POST', '/prompts/import', many(MAX_PROMPTS_PER_USER));
    expect(tooMany.statusCode).toBe(409);
    expect(fieldsOf(tooMany).code).toBe('PROMPT_LIMIT_REACHED');
    expect((await overview(user)).counts.all).toBe(1);

    const fits = await call(user, 'POST', '/prompts/import', many(MAX_PROMPTS_PER_USER - 1));
    expect(fits.statusCode, fits.body).toBe(200);
    const create = await call(user, 'POST', '/prompts', riskPrompt);
    expect(create.statusCode).toBe(409);
    expect(fieldsOf(create).code).toBe('PROMPT_LIMIT_REACHED');
    const [any] = await list(user);
    const duplicate = await call(user, 'POST', `/prompts/${any?.id}/duplicate`, { title: 'One more' });
    expect(fieldsOf(duplicate).code).toBe('PROMPT_LIMIT_REACHED');
  });
});

describe('the starter set of compliance prompts', () => {
  it('adds the set in the chosen language once, and every language has the same prompts and placeholders', async () => {
    const sets = [];
    for (const language of ['en', 'de', 'fr', 'it'] as const) {
      const user = await createTestUser(app);
      const added = await call(user, 'POST', '/prompts/starter-set', { language });
      expect(added.statusCode, added.body).toBe(200);
      expect(added.json().prompts).toBeGreaterThanOrEqual(6);
      const again = await call(user, 'POST', '/prompts/starter-set', { language });
      expect(again.json()).toEqual({ prompts: 0, categories: 0, mergedCategories: 0 });
      const exported = (await call(user, 'GET', '/prompts/export')).json<PromptLibraryFile>();
      sets.push(
        exported.prompts.map((prompt) => prompt.placeholders.map(({ name, type }) => `${name}:${type}`).sort()),
      );
      expect(exported.prompts.every((prompt) => prompt.category !== null)).toBe(true);
    }
    const [english, ...others] = sets.map((set) => set.map((names) => names.join(',')).sort());
    for (const other of others) expect(other).toEqual(english);
    const refused = await call(alice, 'POST', '/prompts/starter-set', { language: 'es' });
    expect(refused.statusCode).toBe(400);
  });
});

describe('tracing a question back to its prompt', () => {
  it('records each use with its version and values, and a question sent from it names the run', async () => {
    const user = await createTestUser(app);
    const prompt = await createPrompt(user);
    const used = await call(user, 'POST', `/prompts/${prompt.id}/use`, { values: { country: 'Panama' } });
    expect(used.statusCode, used.body).toBe(200);
    const { runId } = used.json<{ runId: string }>();
    expect(runId).toMatch(/^[0-9a-f-]{36}$/);

    const assistants = (await call(null, 'GET', '/assistants')).json<{ assistants: { id: string }[] }>();
    const asked = await call(user, 'POST', '/chat/conversations', {
      assistantId: assistants.assistants[0]!.id,
      content: used.json<{ text: string }>().text,
      promptRunId: runId,
    });
    expect(asked.statusCode, asked.body).toBe(200);
    // The stream names the run at once, so the question shows where it came from without a reload.
    const meta = JSON.parse(/event: meta\ndata: (.+)/.exec(asked.body)![1]!) as { promptRun: unknown };
    expect(meta.promptRun).toEqual({
      title: prompt.title,
      version: prompt.version,
      values: expect.objectContaining({ country: 'Panama' }),
    });
    const conversationId = /"conversationId":"([^"]+)"/.exec(asked.body)?.[1];
    const detail = (await call(user, 'GET', `/chat/conversations/${conversationId}`)).json<{
      messages: {
        role: string;
        promptRun: { title: string; version: number; values: Record<string, string> } | null;
      }[];
    }>();
    expect(detail.messages.find((message) => message.role === 'user')?.promptRun).toEqual({
      title: prompt.title,
      version: prompt.version,
      values: expect.objectContaining({ country: 'Panama' }),
    });

    // Someone else's run is not attached to one's question.
    const stranger = await createTestUser(app);
    const other = await call(stranger, 'POST', '/chat/conversations', {
      assistantId: assistants.assistants[0]!.id,
      content: 'A question',
      promptRunId: runId,
    });
    const otherId = /"conversationId":"([^"]+)"/.exec(other.body)?.[1];
    const otherDetail = (await call(stranger, 'GET', `/chat/conversations/${otherId}`)).json<{
      messages: { role: string; promptRun: unknown }[];
    }>();
    expect(otherDetail.messages.find((message) => message.role === 'user')?.promptRun).toBeNull();
  });
});

describe('multiple choice and document placeholders', () => {
  const areas = placeholder('areas', {
    type: 'multiSelect',
    options: ['AML', 'Sanctions', 'Tax'],
    defaultValue: 'AML',
  });
  const policy = placeholder('policy', { type: 'document' });
  const reviewPrompt = {
    ...riskPrompt,
    title: 'Policy review',
    instructions: 'Summarise what {{policy}} says about overnight rescreening for {{areas}}.',
    placeholders: [policy, areas],
  };

  async function readyDocument(user: TestUser, name: string, content: string): Promise<string> {
    const upload = await uploadFile(app, user.headers, name, content);
    expect(upload.statusCode, upload.body).toBe(201);
    for (let round = 0; round < 10; round += 1) {
      if ((await app.jobs.runDueJobs()) === 0) break;
    }
    const { file } = upload.json<{ file: { id: string } }>();
    const read = await call(user, 'GET', `/documents/files/${file.id}`);
    expect(read.json<{ status: string }>().status).toBe('ready');
    return file.id;
  }

  it('defines them with their rules: choices for a multiple choice, no default for a document', async () => {
    const user = await createTestUser(app);
    const created = await createPrompt(user, reviewPrompt);
    expect(created.placeholders).toEqual([policy, areas]);

    const noChoices = await call(user, 'POST', '/prompts', {
      ...reviewPrompt,
      placeholders: [policy, { ...areas, options: [], defaultValue: '' }],
    });
    expect(noChoices.statusCode).toBe(400);
    expect(fieldsOf(noChoices).fields).toMatchObject({
      'placeholders.1.options': 'prompts:validation.optionsRequired',
    });

    const wrongDefault = await call(user, 'POST', '/prompts', {
      ...reviewPrompt,
      placeholders: [policy, { ...areas, defaultValue: 'AML\nCrypto' }],
    });
    expect(fieldsOf(wrongDefault).fields).toMatchObject({ 'placeholders.1.defaultValue': 'prompts:validation.option' });

    const documentDefault = await call(user, 'POST', '/prompts', {
      ...reviewPrompt,
      placeholders: [{ ...policy, defaultValue: created.id }, areas],
    });
    expect(fieldsOf(documentDefault).fields).toMatchObject({
      'placeholders.0.defaultValue': 'prompts:validation.documentDefault',
    });
    expect(await list(user)).toHaveLength(1);
  });

  it('travels through export and import as they are, and a file with an unknown choice is refused', async () => {
    const author = await createTestUser(app);
    const reader = await createTestUser(app);
    await createPrompt(author, reviewPrompt);
    const exported = (await call(author, 'GET', '/prompts/export')).json<PromptLibraryFile>();
    expect(exported.prompts[0]?.placeholders).toEqual([policy, areas]);
    const imported = await call(reader, 'POST', '/prompts/import', exported);
    expect(imported.statusCode, imported.body).toBe(200);
    const [copy] = await list(reader);
    const full = (await call(reader, 'GET', `/prompts/${copy?.id}`)).json<Prompt>();
    expect(full.placeholders).toEqual([policy, areas]);

    const broken = structuredClone(exported);
    broken.prompts[0]!.placeholders[1]!.defaultValue = 'AML\nCrypto';
    const refused = await call(reader, 'POST', '/prompts/import', broken);
    expect(refused.statusCode).toBe(400);
    expect(await list(reader)).toHaveLength(1);
  });

  it('offers only the user’s own ready documents, and refuses wrong values with nothing recorded', async () => {
    const owner = await createTestUser(app);
    const other = await createTestUser(app);
    const documentId = await readyDocument(
      owner,
      'sanctions-screening-policy.txt',
      'Sanctions screening policy. The whole client base is rescreened overnight against the SECO sanctions list.',
    );
    const choices = await call(owner, 'GET', '/prompts/document-choices?q=screening');
    expect(choices.statusCode, choices.body).toBe(200);
    expect(choices.json()).toEqual({ documents: [{ id: documentId, name: 'sanctions-screening-policy.txt' }] });
    expect((await call(other, 'GET', '/prompts/document-choices')).json()).toEqual({ documents: [] });

    const mine = await createPrompt(other, reviewPrompt);
    const use = (values: Record<string, string>) => call(other, 'POST', `/prompts/${mine.id}/use`, { values });

    const unknownOption = await use({ policy: documentId, areas: 'AML\nCrypto' });
    expect(unknownOption.statusCode).toBe(400);
    expect(fieldsOf(unknownOption)).toMatchObject({
      code: 'PROMPT_VALUES_INVALID',
      fields: { 'values.areas': 'prompts:validation.option' },
    });
    // Someone else's document, or one that does not exist, cannot be used.
    for (const id of [documentId, '00000000-0000-4000-8000-000000000000']) {
      const refused = await use({ policy: id, areas: 'AML' });
      expect(refused.statusCode).toBe(400);
      expect(fieldsOf(refused)).toMatchObject({
        code: 'PROMPT_VALUES_INVALID',
        fields: { 'values.policy': 'prompts:validation.documentUnavailable' },
      });
    }
    const missing = await use({ areas: '' });
    expect(fieldsOf(missing).fields).toMatchObject({ 'values.policy': 'errors:validation.required' });
    const [summary] = await list(other);
    expect(summary?.useCount).toBe(0);
  });

  it('fills in the chosen options as a list in the user’s language and the document’s name, and the chat answers from that document', async () => {
    const user = await createTestUser(app);
    const documentId = await readyDocument(
      user,
      'screening-manual.txt',
      'Screening manual of the bank. Overnight rescreening covers every client against the SECO sanctions list and the PEP list.',
    );
    const prompt = await createPrompt(user, reviewPrompt);
    const used = await call(user, 'POST', `/prompts/${prompt.id}/use`, {
      values: { policy: documentId, areas: 'AML\nSanctions' },
      language: 'de',
    });
    expect(used.statusCode, used.body).toBe(200);
    const { text, runId } = used.json<{ text: string; runId: string }>();
    expect(text).toBe('Summarise what screening-manual.txt says about overnight rescreening for AML und Sanctions.');

    const assistants = (await call(null, 'GET', '/assistants')).json<{ assistants: { id: string }[] }>();
    const asked = await call(user, 'POST', '/chat/conversations', {
      assistantId: assistants.assistants[0]!.id,
      content: text,
      promptRunId: runId,
      knowledgeBase: false,
    });
    expect(asked.statusCode, asked.body).toBe(200);
    const meta = JSON.parse(/event: meta\ndata: (.+)/.exec(asked.body)![1]!) as { promptRun: unknown };
    // The run keeps what was filled in: the document by its name.
    expect(meta.promptRun).toMatchObject({
      values: { policy: 'screening-manual.txt', areas: 'AML und Sanctions' },
    });
    const citations = [...asked.body.matchAll(/event: citation\ndata: (.+)/g)].map(
      (match) => JSON.parse(match[1]!) as { documentId: string | null; title: string },
    );
    expect(citations.length).toBeGreaterThan(0);
    expect(citations.map((citation) => citation.documentId)).toContain(documentId);
  });
  it('answers from the chosen document even when none of its passages holds the question’s words', async () => {
    const user = await createTestUser(app);
    const documentId = await readyDocument(
      user,
      'kyc-annex-7.txt',
      'Annex seven. Relationship managers verify passports in person and keep a certified copy for ten years.',
    );
    const prompt = await createPrompt(user, {
      ...reviewPrompt,
      title: 'Overview',
      instructions: 'Give me an overview of {{policy}}.',
      placeholders: [policy],
    });
    const used = await call(user, 'POST', `/prompts/${prompt.id}/use`, { values: { policy: documentId } });
    expect(used.statusCode, used.body).toBe(200);
    const { text, runId } = used.json<{ text: string; runId: string }>();
    expect(text).toBe('Give me an overview of kyc-annex-7.txt.');
    const assistants = (await call(null, 'GET', '/assistants')).json<{ assistants: { id: string }[] }>();
    const asked = await call(user, 'POST', '/chat/conversations', {
      assistantId: assistants.assistants[0]!.id,
      content: text,
      promptRunId: runId,
      knowledgeBase: false,
    });
    expect(asked.statusCode, asked.body).toBe(200);
    const cited = [...asked.body.matchAll(/event: citation\ndata: (.+)/g)].map(
      (match) => (JSON.parse(match[1]!) as { documentId: string | null }).documentId,
    );
    expect(cited).toContain(documentId);
  });
});
