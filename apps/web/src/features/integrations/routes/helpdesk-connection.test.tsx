import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderRoute } from '@/testing/test-utils.tsx';
import { fakeIntegrationsApi, type FakeIntegrationsApiOptions } from '../testing/fake-integrations-api.ts';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function open(options: FakeIntegrationsApiOptions = {}) {
  const api = fakeIntegrationsApi(options);
  vi.stubGlobal('fetch', vi.fn(api.handler));
  return { api, ...renderRoute('/settings/integrations', { token: 'token-123' }) };
}

type User = ReturnType<typeof open>['user'];

async function fill(user: User, field: HTMLElement, value: string) {
  await user.clear(field);
  await user.paste(value);
}

async function connectDialog(user: User, product: 'Zendesk' | 'Freshdesk') {
  await user.click(await screen.findByRole('button', { name: 'Add a connection' }));
  const chooser = within(await screen.findByRole('dialog', { name: 'Add a connection' }));
  await user.click(
    chooser.getByRole('button', { name: new RegExp(`^${product}.*Turn conversations into ${product}`) }),
  );
  return within(await screen.findByRole('dialog', { name: `Connect ${product}` }));
}

describe('a Zendesk connection', () => {
  it('checks the address, the agent’s e-mail and the API token with the shared rules, and sends them', async () => {
    const { api, user } = open();
    const dialog = await connectDialog(user, 'Zendesk');
    expect(dialog.getByLabelText(/^API token/)).toHaveAttribute('type', 'password');
    await fill(user, dialog.getByLabelText(/^Name/), 'Support');
    await fill(user, dialog.getByLabelText(/^Zendesk address/), 'example.zendesk.com');
    await fill(user, dialog.getByLabelText(/^Agent’s e-mail address/), 'agent');
    await fill(user, dialog.getByLabelText(/^API token/), 'token with spaces');
    await user.click(dialog.getByRole('button', { name: 'Connect and test' }));
    expect(await dialog.findByText(/^Enter a web address starting with https:\/\//)).toBeInTheDocument();
    expect(dialog.getByText('Enter a valid e-mail address, such as officer@example.com')).toBeInTheDocument();
    expect(dialog.getByText('Enter the API token without spaces')).toBeInTheDocument();
    expect(api.calls.some((call) => call.method === 'POST' && call.path === '/api/integrations')).toBe(false);

    await fill(user, dialog.getByLabelText(/^Zendesk address/), 'https://example.zendesk.com');
    await fill(user, dialog.getByLabelText(/^Agent’s e-mail address/), 'agent@example.com');
    await fill(user, dialog.getByLabelText(/^API token/), 'Zx9aBcDeFgHiJkLmNoPqRsTuVwXyZ0123456789');
    await user.click(dialog.getByRole('button', { name: 'Connect and test' }));
    const result = within(await screen.findByRole('dialog', { name: '“Support” saved' }));
    expect(result.getByText(/turn conversations into tickets and create tasks/)).toBeInTheDocument();
    expect(api.calls.find((call) => call.method === 'POST' && call.path === '/api/integrations')?.body).toEqual({
      kind: 'zendesk',
      scope: 'personal',
      name: 'Support',
      settings: { url: 'https://example.zendesk.com', email: 'agent@example.com' },
      secret: 'Zx9aBcDeFgHiJkLmNoPqRsTuVwXyZ0123456789',
    });
  });
});

describe('a Freshdesk connection', () => {
  it('checks the address and the API key with the shared rules, and sends them', async () => {
    const { api, user } = open();
    const dialog = await connectDialog(user, 'Freshdesk');
    expect(dialog.getByLabelText(/^API key/)).toHaveAttribute('type', 'password');
    await fill(user, dialog.getByLabelText(/^Name/), 'Helpdesk');
    await fill(user, dialog.getByLabelText(/^Freshdesk address/), 'ftp://example.freshdesk.com');
    await fill(user, dialog.getByLabelText(/^API key/), 'key with spaces');
    await user.click(dialog.getByRole('button', { name: 'Connect and test' }));
    expect(await dialog.findByText(/^Enter a web address starting with https:\/\//)).toBeInTheDocument();
    expect(dialog.getByText('Enter the API key without spaces')).toBeInTheDocument();

    await fill(user, dialog.getByLabelText(/^Freshdesk address/), 'https://example.freshdesk.com');
    await fill(user, dialog.getByLabelText(/^API key/), 'aBcDeFgHiJkLmNoPqRsT');
    await user.click(dialog.getByRole('button', { name: 'Connect and test' }));
    await screen.findByRole('dialog', { name: '“Helpdesk” saved' });
    expect(api.calls.find((call) => call.method === 'POST' && call.path === '/api/integrations')?.body).toEqual({
      kind: 'freshdesk',
      scope: 'personal',
      name: 'Helpdesk',
      settings: { url: 'https://example.freshdesk.com' },
      secret: 'aBcDeFgHiJkLmNoPqRsT',
    });
  });

  it('shows a refused API key with the translated error and Freshdesk’s own words', async () => {
    const { user } = open({
      testOutcome: () => ({
        status: 'failing',
        lastError: {
          code: 'INTEGRATION_AUTH_FAILED',
          detail: 'Freshdesk answered 401 to GET /api/v2/agents/me: You have to be logged in to perform this action.',
        },
      }),
    });
    const dialog = await connectDialog(user, 'Freshdesk');
    await fill(user, dialog.getByLabelText(/^Name/), 'Desk');
    await fill(user, dialog.getByLabelText(/^Freshdesk address/), 'https://example.freshdesk.com');
    await fill(user, dialog.getByLabelText(/^API key/), 'bad-key');
    await user.click(dialog.getByRole('button', { name: 'Connect and test' }));
    const result = within(await screen.findByRole('dialog', { name: '“Desk” saved' }));
    expect(result.getByText(/^The tool refused the sign-in/)).toBeInTheDocument();
    expect(result.getByText(/You have to be logged in/)).toBeInTheDocument();
  });
});
