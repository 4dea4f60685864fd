import {
  fillPrompt,
  placeholderValueIssues,
  type Prompt,
  type PromptCategoriesResponse,
  type PromptInput,
} from '@compliance/shared/prompts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderRoute } from '@/testing/test-utils.tsx';

function jsonResponse(status: number, body: unknown): Response {
  return new Response(status === 204 ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

const now = '2026-03-02T10:00:00.000Z';
const riskPrompt: Prompt = {
  id: '10000000-0000-4000-8000-000000000001',
  title: 'Client risk assessment',
  instructions: 'Assess a client from {{clientCountry}} holding {{assets}} CHF.',
  categoryId: null,
  favourite: false,
  placeholders: [
    {
      name: 'clientCountry',
      description: 'Country of residence',
      type: 'text',
      required: true,
      defaultValue: '',
      options: [],
    },
    {
      name: 'assets',
      description: 'Assets in CHF',
      type: 'number',
      required: false,
      defaultValue: '1000',
      options: [],
    },
  ],
  version: 1,
  useCount: 0,
  lastUsedAt: null,
  createdAt: now,
  updatedAt: now,
};

const manualId = '20000000-0000-4000-8000-000000000001';
const reviewPrompt: Prompt = {
  ...riskPrompt,
  id: '10000000-0000-4000-8000-000000000003',
  title: 'Policy review',
  instructions: 'Summarise what {{policy}} says about {{areas}}.',
  placeholders: [
    {
      name: 'policy',
      description: 'Policy to review',
      type: 'document',
      required: true,
      defaultValue: '',
      options: [],
    },
    {
      name: 'areas',
      description: 'Areas to cover',
      type: 'multiSelect',
      required: true,
      defaultValue: 'AML',
      options: ['AML', 'Sanctions', 'Tax'],
    },
  ],
};

/** A small stand-in for the prompt API: what the server would answer, kept in memory. */
function fakeApi() {
  const prompts = new Map<string, Prompt>([
    [riskPrompt.id, riskPrompt],
    [reviewPrompt.id, reviewPrompt],
  ]);
  const uses: Record<string, unknown>[] = [];
  const documents = [
    { id: manualId, name: 'screening-manual.txt' },
    { id: '20000000-0000-4000-8000-000000000002', name: 'travel-policy.pdf' },
  ];
  const created: PromptInput[] = [];
  const categories: PromptCategoriesResponse = {
    categories: [],
    counts: { all: 1, favourites: 0, uncategorised: 1 },
    limits: { prompts: 500, categories: 50 },
  };
  const handler = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, 'http://x');
    const method = init?.method ?? 'GET';
    const body = init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : {};
    if (url.pathname === '/api/prompts/document-choices') {
      const q = (url.searchParams.get('q') ?? '').toLowerCase();
      return jsonResponse(200, { documents: documents.filter((document) => document.name.includes(q)) });
    }
    const match = /^\/api\/prompts\/([^/]+)(\/use)?$/.exec(url.pathname);
    if (url.pathname === '/api/prompt-categories') return jsonResponse(200, categories);
    if (url.pathname === '/api/prompts' && method === 'GET') {
      return jsonResponse(200, {
        prompts: [...prompts.values()].map(({ instructions, placeholders, ...rest }) => ({
          ...rest,
          excerpt: instructions,
          placeholderNames: placeholders.map((placeholder) => placeholder.name),
        })),
      });
    }
    if (url.pathname === '/api/prompts' && method === 'POST') {
      const input = body as unknown as PromptInput;
      created.push(input);
      const prompt: Prompt = { ...riskPrompt, ...input, id: '10000000-0000-4000-8000-000000000002' };
      prompts.set(prompt.id, prompt);
      return jsonResponse(201, prompt);
    }
    const prompt = match ? prompts.get(match[1] ?? '') : undefined;
    if (prompt && match?.[2] && method === 'POST') {
      const values = (body.values ?? {}) as Record<string, string>;
      uses.push(body);
      if (Object.keys(placeholderValueIssues(prompt.placeholders, values)).length > 0) {
        return jsonResponse(400, { error: { code: 'PROMPT_VALUES_INVALID', message: 'Invalid' } });
      }
      const documentNames = Object.fromEntries(documents.map((document) => [document.id, document.name]));
      const language = typeof body.language === 'string' ? body.language : 'en';
      return jsonResponse(200, {
        text: fillPrompt(prompt.instructions, prompt.placeholders, values, { language, documentNames }),
        version: 1,
      });
    }
    if (prompt && method === 'GET') return jsonResponse(200, prompt);
    return jsonResponse(404, { error: { code: 'NOT_FOUND', message: 'Not found' } });
  };
  return { handler, created, uses };
}

class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}

beforeEach(() => {
  vi.stubGlobal('ResizeObserver', ResizeObserverStub);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('prompt library', () => {
  it('says "Unable to load prompts" when the library cannot be loaded', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse(500, { error: { code: 'INTERNAL_ERROR', message: 'Down' } })),
    );
    renderRoute('/prompt-library', { token: 'token-123' });
    expect(await screen.findByRole('alert')).toHaveTextContent('Unable to load prompts');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('creates a prompt whose placeholders follow the text, with the spec’s messages', async () => {
    const api = fakeApi();
    vi.stubGlobal('fetch', vi.fn(api.handler));
    const { user } = renderRoute('/prompt-library', { token: 'token-123' });
    await screen.findByRole('heading', { level: 3, name: 'Client risk assessment' });

    await user.click(screen.getByRole('button', { name: 'New prompt' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'New prompt' }));
    await user.type(dialog.getByLabelText(/^Title/), 'FinSA suitability');
    // Typing `{{` needs escaping in user-event; the text is set as a user pasting it would.
    fireEvent.change(dialog.getByLabelText(/^Instructions/), {
      target: { value: 'Is {{product}} suitable for {{client name}}?' },
    });
    expect(await dialog.findByText('{{product}}', { selector: 'legend code' })).toBeInTheDocument();
    expect(dialog.getByText('{{client name}}')).toBeInTheDocument();
    expect(dialog.getByText(/is not a valid placeholder name/)).toBeInTheDocument();

    fireEvent.change(dialog.getByLabelText(/^Instructions/), { target: { value: 'Is {{product}} suitable?' } });
    await user.click(dialog.getByRole('button', { name: 'Add placeholder' }));
    const fieldsets = dialog.getAllByTestId('placeholder-fieldset');
    expect(fieldsets).toHaveLength(2);
    const second = within(fieldsets[1] as HTMLElement);
    await user.type(second.getByLabelText(/^Name/), 'product');
    await user.click(dialog.getByRole('button', { name: 'Create prompt' }));
    expect(await dialog.findByText('This placeholder name is already in use')).toBeInTheDocument();
    expect(dialog.getAllByText('Please provide a helpful description')).toHaveLength(2);

    await user.clear(second.getByLabelText(/^Name/));
    await user.type(second.getByLabelText(/^Name/), 'Client Name');
    await user.tab();
    expect(
      await dialog.findByText('Use letters and numbers only, in camelCase, without spaces or special characters'),
    ).toBeInTheDocument();
    await user.click(second.getByRole('button', { name: 'Remove placeholder' }));
    await user.type(
      within(dialog.getAllByTestId('placeholder-fieldset')[0] as HTMLElement).getByLabelText(/^Description/),
      'Financial instrument',
    );
    await user.click(dialog.getByRole('button', { name: 'Create prompt' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.created).toEqual([
      {
        title: 'FinSA suitability',
        instructions: 'Is {{product}} suitable?',
        categoryId: null,
        versionMessage: '',
        placeholders: [
          {
            name: 'product',
            description: 'Financial instrument',
            type: 'text',
            required: true,
            defaultValue: '',
            options: [],
          },
        ],
      },
    ]);
  });

  it('asks for the placeholder values, checks them, and gives the filled text to copy or take to the chat', async () => {
    const api = fakeApi();
    vi.stubGlobal('fetch', vi.fn(api.handler));
    const { user, router } = renderRoute('/prompt-library', { token: 'token-123' });
    await user.click(await screen.findByRole('button', { name: 'Use Client risk assessment' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Use “Client risk assessment”' }));

    const country = await dialog.findByLabelText(/^Country of residence/);
    expect(dialog.getByLabelText(/^Assets in CHF/)).toHaveValue(1000);
    await user.click(dialog.getByRole('button', { name: 'Fill in prompt' }));
    expect(await dialog.findByRole('alert')).toHaveTextContent('Please fill out all the fields');
    expect(dialog.getByText('This field is required')).toBeInTheDocument();
    expect(country).toHaveAttribute('aria-invalid', 'true');

    await user.type(country, 'Panama');
    await user.click(dialog.getByRole('button', { name: 'Fill in prompt' }));
    expect(await dialog.findByLabelText('Your prompt')).toHaveValue('Assess a client from Panama holding 1000 CHF.');

    // The chat takes the text from the address and then drops it: record every location visited.
    const visited: string[] = [];
    const unsubscribe = router.subscribe((state) => visited.push(`${state.location.pathname}${state.location.search}`));
    await user.click(dialog.getByRole('button', { name: 'Open in chat' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/chat'));
    unsubscribe();
    const opened = visited.map((entry) => new URL(entry, 'http://app.test')).find((url) => url.pathname === '/chat');
    expect(opened?.searchParams.get('prompt')).toBe('Assess a client from Panama holding 1000 CHF.');
  });

  it('asks for several choices and one of the user’s own documents, and fills in the list and the name', async () => {
    const api = fakeApi();
    vi.stubGlobal('fetch', vi.fn(api.handler));
    const { user } = renderRoute('/prompt-library', { token: 'token-123' });
    await user.click(await screen.findByRole('button', { name: 'Use Policy review' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Use “Policy review”' }));

    const areas = within(await dialog.findByRole('group', { name: 'Areas to cover' }));
    expect(areas.getByLabelText('AML')).toBeChecked();
    await user.click(areas.getByLabelText('AML'));
    await user.click(dialog.getByRole('button', { name: 'Fill in prompt' }));
    expect(await dialog.findByRole('alert')).toHaveTextContent('Please fill out all the fields');
    expect(dialog.getAllByText('This field is required')).toHaveLength(2);
    expect(areas.getByLabelText('Sanctions')).toHaveAttribute('aria-invalid', 'true');
    expect(api.uses).toEqual([]);

    await user.click(areas.getByLabelText('Sanctions'));
    await user.click(areas.getByLabelText('Tax'));
    await user.type(dialog.getByLabelText(/^Policy to review/), 'manual');
    await waitFor(() => expect(dialog.queryByRole('button', { name: 'travel-policy.pdf' })).not.toBeInTheDocument());
    await user.click(dialog.getByRole('button', { name: 'screening-manual.txt' }));
    expect(dialog.getByTestId('chosen-document')).toHaveTextContent('screening-manual.txt');
    await user.click(dialog.getByRole('button', { name: 'Fill in prompt' }));
    expect(await dialog.findByLabelText('Your prompt')).toHaveValue(
      'Summarise what screening-manual.txt says about Sanctions and Tax.',
    );
    expect(api.uses).toEqual([{ values: { policy: manualId, areas: 'Sanctions\nTax' }, language: 'en' }]);
  });
});
