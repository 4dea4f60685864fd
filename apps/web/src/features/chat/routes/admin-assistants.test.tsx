import type { AdminAssistant } from '@compliance/shared/chat';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderRoute } from '@/testing/test-utils.tsx';

function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

const expert: AdminAssistant = {
  id: '00000000-0000-4000-8000-000000000001',
  slug: 'ai-expert',
  name: 'AI Expert',
  description: 'Regulatory questions answered from cited sources.',
  customized: false,
  instructions: 'Answer only from the sources.',
  defaultKnowledgeBase: true,
  defaultWebSearch: false,
  updatedAt: '2026-01-15T10:00:00.000Z',
};
const engineer: AdminAssistant = {
  ...expert,
  id: '00000000-0000-4000-8000-000000000002',
  slug: 'prompt-engineer',
  name: 'Prompt Engineer',
  description: 'Helps you write prompts.',
  defaultKnowledgeBase: false,
};

// Radix measures the switches' hidden form inputs; jsdom has no ResizeObserver.
class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}

const fetchMock = vi.fn<typeof fetch>();
let patchResponse: (body: Record<string, unknown>) => Response;
let provider: 'offline' | 'openai';

beforeEach(() => {
  provider = 'openai';
  patchResponse = (body) => jsonResponse(200, { ...expert, ...body, updatedAt: '2026-02-01T10:00:00.000Z' });
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const path = new URL(url, 'http://localhost').pathname;
    if (path === '/api/admin/assistants') return jsonResponse(200, { assistants: [expert, engineer] });
    if (path === '/api/assistants') {
      return jsonResponse(200, {
        assistants: [expert, engineer],
        capabilities: { provider, webSearch: { available: false, reason: null }, anonymousDailyLimit: 5 },
      });
    }
    if (path === `/api/admin/assistants/${expert.id}` && init?.method === 'PATCH') {
      return patchResponse(JSON.parse(String(init.body)) as Record<string, unknown>);
    }
    return jsonResponse(404, { error: { code: 'NOT_FOUND', message: 'Not found' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  vi.stubGlobal('ResizeObserver', ResizeObserverStub);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

async function expertCard() {
  await screen.findByRole('heading', { level: 1, name: 'Assistants' });
  return within(await screen.findByRole('form', { name: 'AI Expert' }));
}

describe('admin assistants', () => {
  it('edits an assistant and saves every field', async () => {
    const { user } = renderRoute('/admin/assistants', { token: 'token-123' });
    const card = await expertCard();
    expect(screen.getByRole('form', { name: 'Prompt Engineer' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Assistants' })).toHaveAttribute('href', '/admin/assistants');

    const description = card.getByLabelText(/^Description/);
    expect(description).toHaveValue(expert.description);
    expect(card.getByRole('button', { name: 'Discard changes' })).toBeDisabled();
    await user.clear(description);
    await user.type(description, 'Cited answers on Swiss and US rules.');
    await user.click(card.getByRole('switch', { name: 'Web search on by default' }));
    expect(card.getByText('Unsaved changes')).toBeInTheDocument();
    await user.click(card.getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByText('AI Expert saved')).toBeInTheDocument();
    const patch = fetchMock.mock.calls.find(([, init]) => init?.method === 'PATCH');
    expect(JSON.parse(String(patch?.[1]?.body))).toEqual({
      name: 'AI Expert',
      description: 'Cited answers on Swiss and US rules.',
      instructions: expert.instructions,
      defaultKnowledgeBase: true,
      defaultWebSearch: true,
    });
    await waitFor(() => expect(card.queryByText('Unsaved changes')).not.toBeInTheDocument());
    expect(card.getByRole('button', { name: 'Discard changes' })).toBeDisabled();
  });

  it('says that the built-in engine does not use the instructions when the server answers offline', async () => {
    provider = 'offline';
    renderRoute('/admin/assistants', { token: 'token-123' });
    const card = await expertCard();
    expect(
      await card.findByText(
        /the built-in engine, which builds answers from the cited sources and does not use these instructions/,
      ),
    ).toBeInTheDocument();
  });

  it('shows no such note when an AI provider answers', async () => {
    renderRoute('/admin/assistants', { token: 'token-123' });
    const card = await expertCard();
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([input]) => String(input).endsWith('/api/assistants'))).toBe(true),
    );
    expect(card.getByText(/What the assistant is told before every question/)).toBeInTheDocument();
    expect(card.queryByText(/built-in engine/)).not.toBeInTheDocument();
  });

  it('shows translated validation messages and sends nothing when a field is empty', async () => {
    const { user } = renderRoute('/admin/assistants', { token: 'token-123' });
    const card = await expertCard();
    const name = card.getByLabelText(/^Name/);
    await user.clear(name);
    await user.click(card.getByRole('button', { name: 'Save changes' }));
    expect(await card.findByText('This field is required')).toBeInTheDocument();
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'PATCH')).toBe(false);
  });

  it('discards unsaved changes', async () => {
    const { user } = renderRoute('/admin/assistants', { token: 'token-123' });
    const card = await expertCard();
    const name = card.getByLabelText(/^Name/);
    await user.type(name, ' v2');
    await user.click(card.getByRole('button', { name: 'Discard changes' }));
    expect(name).toHaveValue('AI Expert');
    expect(card.queryByText('Unsaved changes')).not.toBeInTheDocument();
  });

  it('shows a translated error toast and keeps the edits when saving fails', async () => {
    patchResponse = () => jsonResponse(404, { error: { code: 'NOT_FOUND', message: 'Assistant not found' } });
    const { user } = renderRoute('/admin/assistants', { token: 'token-123' });
    const card = await expertCard();
    await user.type(card.getByLabelText(/^Name/), ' v2');
    await user.click(card.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('The assistant could not be saved.')).toBeInTheDocument();
    expect(screen.queryByText('Assistant not found')).not.toBeInTheDocument();
    expect(card.getByLabelText(/^Name/)).toHaveValue('AI Expert v2');
    expect(card.getByText('Unsaved changes')).toBeInTheDocument();
  });
});
