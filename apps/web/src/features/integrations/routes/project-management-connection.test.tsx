import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderRoute } from '@/testing/test-utils.tsx';
import { fakeIntegrationsApi } from '../testing/fake-integrations-api.ts';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function open() {
  const api = fakeIntegrationsApi();
  vi.stubGlobal('fetch', vi.fn(api.handler));
  return { api, ...renderRoute('/settings/integrations', { token: 'token-123' }) };
}

type User = ReturnType<typeof open>['user'];

async function fill(user: User, field: HTMLElement, value: string) {
  await user.clear(field);
  await user.paste(value);
}

async function kindDialog(user: User, choice: RegExp, title: string) {
  await user.click(await screen.findByRole('button', { name: 'Add a connection' }));
  const chooser = within(await screen.findByRole('dialog', { name: 'Add a connection' }));
  await user.click(chooser.getByRole('button', { name: choice }));
  return within(await screen.findByRole('dialog', { name: title }));
}

describe('a Jira connection', () => {
  it('checks the site, the account, the project key and the token with the shared rules, and sends them', async () => {
    const { api, user } = open();
    const dialog = await kindDialog(user, /^Jira.*Jira Cloud/, 'Connect Jira');
    expect(dialog.getByLabelText(/^API token/)).toHaveAttribute('type', 'password');
    expect(dialog.getByLabelText(/^Issue type/)).toHaveValue('Task');
    await fill(user, dialog.getByLabelText(/^Name/), 'Compliance board');
    await fill(user, dialog.getByLabelText(/^Site address/), 'example.atlassian.net');
    await fill(user, dialog.getByLabelText(/^E-mail address/), 'officer');
    await fill(user, dialog.getByLabelText(/^Project key/), 'COMP-12');
    await fill(user, dialog.getByLabelText(/^API token/), 'token with spaces');
    await user.click(dialog.getByRole('button', { name: 'Connect and test' }));
    expect(await dialog.findByText(/^Enter a web address starting with https:\/\//)).toBeInTheDocument();
    expect(dialog.getByText(/^Enter the project key: capital letters/)).toBeInTheDocument();
    expect(dialog.getByText('Enter the API token without spaces')).toBeInTheDocument();

    await fill(user, dialog.getByLabelText(/^Site address/), 'https://example.atlassian.net');
    await fill(user, dialog.getByLabelText(/^E-mail address/), 'officer@example.com');
    await fill(user, dialog.getByLabelText(/^Project key/), 'comp');
    await fill(user, dialog.getByLabelText(/^API token/), 'ATATT3xFfGF0-token');
    await user.click(dialog.getByRole('button', { name: 'Connect and test' }));
    await screen.findByRole('dialog', { name: '“Compliance board” saved' });
    expect(api.calls.find((call) => call.method === 'POST' && call.path === '/api/integrations')?.body).toEqual({
      kind: 'jira',
      scope: 'personal',
      name: 'Compliance board',
      settings: {
        url: 'https://example.atlassian.net',
        email: 'officer@example.com',
        projectKey: 'COMP',
        issueType: 'Task',
      },
      secret: 'ATATT3xFfGF0-token',
    });
  });
});

describe('an Asana connection', () => {
  it('checks the project’s ID and the token, and sends them', async () => {
    const { api, user } = open();
    const dialog = await kindDialog(user, /^Asana.*Asana project/, 'Connect Asana');
    expect(dialog.getByLabelText(/^Personal access token/)).toHaveAttribute('type', 'password');
    await fill(user, dialog.getByLabelText(/^Name/), 'Compliance tasks');
    await fill(user, dialog.getByLabelText(/^Project ID/), 'app.asana.com/0/1208765432101234');
    await fill(user, dialog.getByLabelText(/^Personal access token/), '2/1208/abc');
    await user.click(dialog.getByRole('button', { name: 'Connect and test' }));
    expect(await dialog.findByText('Enter the ID as digits only, such as 1208765432101234')).toBeInTheDocument();

    await fill(user, dialog.getByLabelText(/^Project ID/), '1208765432101234');
    await user.click(dialog.getByRole('button', { name: 'Connect and test' }));
    await screen.findByRole('dialog', { name: '“Compliance tasks” saved' });
    expect(api.calls.find((call) => call.method === 'POST' && call.path === '/api/integrations')?.body).toEqual({
      kind: 'asana',
      scope: 'personal',
      name: 'Compliance tasks',
      settings: { projectGid: '1208765432101234', workspaceGid: '' },
      secret: '2/1208/abc',
    });
  });
});
