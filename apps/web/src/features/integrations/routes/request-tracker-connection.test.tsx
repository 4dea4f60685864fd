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

async function rtDialog(user: User) {
  await user.click(await screen.findByRole('button', { name: 'Add a connection' }));
  const chooser = within(await screen.findByRole('dialog', { name: 'Add a connection' }));
  await user.click(chooser.getByRole('button', { name: /^Request Tracker.*Turn conversations into tickets/ }));
  return within(await screen.findByRole('dialog', { name: 'Connect Request Tracker' }));
}

describe('a Request Tracker connection', () => {
  it('checks the address, the queue and the token with the shared rules, and sends them', async () => {
    const { api, user } = open();
    const dialog = await rtDialog(user);
    expect(dialog.getByLabelText(/^Auth token/)).toHaveAttribute('type', 'password');
    await fill(user, dialog.getByLabelText(/^Name/), 'Support desk');
    await fill(user, dialog.getByLabelText(/^Request Tracker address/), 'rt.example.com');
    await fill(user, dialog.getByLabelText(/^Queue/), 'Compliance/AML');
    await fill(user, dialog.getByLabelText(/^Auth token/), 'token with spaces');
    await user.click(dialog.getByRole('button', { name: 'Connect and test' }));
    expect(await dialog.findByText(/^Enter a web address starting with https:\/\//)).toBeInTheDocument();
    expect(dialog.getByText('Enter the queue’s name (at most 200 characters, without “/”)')).toBeInTheDocument();
    expect(dialog.getByText('Enter the auth token without spaces')).toBeInTheDocument();

    await fill(user, dialog.getByLabelText(/^Request Tracker address/), 'https://rt.example.com/');
    await fill(user, dialog.getByLabelText(/^Queue/), 'Compliance');
    await fill(user, dialog.getByLabelText(/^Auth token/), '1-14-0123456789abcdef0123456789abcdef');
    await user.click(dialog.getByRole('button', { name: 'Connect and test' }));
    const result = within(await screen.findByRole('dialog', { name: '“Support desk” saved' }));
    expect(result.getByText(/turn conversations into tickets and create tasks/)).toBeInTheDocument();
    expect(api.calls.find((call) => call.method === 'POST' && call.path === '/api/integrations')?.body).toEqual({
      kind: 'requesttracker',
      scope: 'personal',
      name: 'Support desk',
      settings: { url: 'https://rt.example.com/', queue: 'Compliance' },
      secret: '1-14-0123456789abcdef0123456789abcdef',
    });
  });

  it('shows a refused token with the translated error', async () => {
    const { user } = open({
      testOutcome: () => ({
        status: 'failing',
        lastError: { code: 'INTEGRATION_AUTH_FAILED', detail: 'Unauthorized' },
      }),
    });
    const dialog = await rtDialog(user);
    await fill(user, dialog.getByLabelText(/^Name/), 'Desk');
    await fill(user, dialog.getByLabelText(/^Request Tracker address/), 'https://rt.example.com/');
    await fill(user, dialog.getByLabelText(/^Queue/), 'General');
    await fill(user, dialog.getByLabelText(/^Auth token/), '1-14-bad');
    await user.click(dialog.getByRole('button', { name: 'Connect and test' }));
    const result = within(await screen.findByRole('dialog', { name: '“Desk” saved' }));
    expect(result.getByText(/^The tool refused the sign-in/)).toBeInTheDocument();
    expect(result.getByText(/Unauthorized/)).toBeInTheDocument();
  });
});
