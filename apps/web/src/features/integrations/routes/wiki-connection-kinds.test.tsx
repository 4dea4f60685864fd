import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderRoute } from '@/testing/test-utils.tsx';
import { apiError, fakeIntegrationsApi, type FakeIntegrationsApiOptions } from '../testing/fake-integrations-api.ts';

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

async function addDialog(user: User, kind: string) {
  await user.click(await screen.findByRole('button', { name: 'Add a connection' }));
  const chooser = within(await screen.findByRole('dialog', { name: 'Add a connection' }));
  await user.click(chooser.getByRole('button', { name: new RegExp(`^${kind}`) }));
  return within(await screen.findByRole('dialog', { name: `Connect ${kind}` }));
}

async function fill(user: User, field: HTMLElement, value: string) {
  await user.clear(field);
  await user.paste(value);
}

const created = (api: ReturnType<typeof open>['api']) =>
  api.calls.find((call) => call.method === 'POST' && call.path === '/api/integrations')?.body;

describe('the wiki connection forms: MediaWiki, Confluence and Notion', () => {
  it('connects a MediaWiki category with a bot password, checking the category with the shared rules', async () => {
    const { api, user } = open();
    const dialog = await addDialog(user, 'MediaWiki');
    expect(dialog.getByText(/Special:BotPasswords/)).toBeInTheDocument();
    expect(dialog.getByLabelText(/^Bot password/)).toHaveAttribute('type', 'password');
    await user.click(dialog.getByRole('button', { name: 'Connect and test' }));
    // Name, API address, bot user name and bot password.
    expect(await dialog.findAllByText('This field is required')).toHaveLength(4);

    await fill(user, dialog.getByLabelText(/^Name\b/), 'Policies wiki');
    await fill(user, dialog.getByLabelText(/^API address/), 'https://wiki.example.com/w/api.php');
    await fill(user, dialog.getByLabelText(/^Bot user name/), 'Compliance@sync');
    await fill(user, dialog.getByLabelText(/^Bot password/), 'l211ep5satrurro41mbd52vubctgn8tp');
    await fill(user, dialog.getByLabelText(/^Category/), 'Policies [draft]');
    await user.click(dialog.getByRole('button', { name: 'Connect and test' }));
    expect(await dialog.findByText(/^Enter a category name without/)).toBeInTheDocument();
    expect(created(api)).toBeUndefined();

    await fill(user, dialog.getByLabelText(/^Category/), 'Policies');
    await user.selectOptions(dialog.getByLabelText(/^Sync/), 'Every day');
    await user.click(dialog.getByRole('button', { name: 'Connect and test' }));
    await screen.findByRole('dialog', { name: '“Policies wiki” saved' });
    expect(created(api)).toEqual({
      kind: 'mediawiki',
      scope: 'personal',
      name: 'Policies wiki',
      settings: {
        url: 'https://wiki.example.com/w/api.php',
        username: 'Compliance@sync',
        category: 'Policies',
        namespace: '',
        schedule: 'daily',
      },
      secret: 'l211ep5satrurro41mbd52vubctgn8tp',
    });
  }, 20_000);

  it('connects a Confluence space: checks the e-mail address, space key and page id; shows a refused token', async () => {
    const { api, user } = open({
      respond: ({ method, path, body }) =>
        method === 'POST' && path === '/api/integrations' && (body as { secret?: string }).secret === 'revoked'
          ? apiError(502, 'INTEGRATION_AUTH_FAILED')
          : undefined,
    });
    const dialog = await addDialog(user, 'Confluence');
    expect(dialog.getByText(/id\.atlassian\.com/)).toBeInTheDocument();
    await fill(user, dialog.getByLabelText(/^Name\b/), 'Compliance space');
    await fill(user, dialog.getByLabelText(/^Site address/), 'https://example.atlassian.net');
    await fill(user, dialog.getByLabelText(/^E-mail address/), 'officer');
    await fill(user, dialog.getByLabelText(/^API token/), 'revoked');
    await fill(user, dialog.getByLabelText(/^Space key/), 'COMPLY SPACE');
    await fill(user, dialog.getByLabelText(/^Parent page ID/), 'abc');
    await user.click(dialog.getByRole('button', { name: 'Connect and test' }));
    expect(await dialog.findByText(/^Enter a valid e-mail address/)).toBeInTheDocument();
    expect(dialog.getByText(/^Enter the space key/)).toBeInTheDocument();
    expect(dialog.getByText(/^Enter the page ID: digits only/)).toBeInTheDocument();

    await fill(user, dialog.getByLabelText(/^E-mail address/), 'officer@example.com');
    await fill(user, dialog.getByLabelText(/^Space key/), 'COMPLY');
    await fill(user, dialog.getByLabelText(/^Parent page ID/), '123456789');
    await user.click(dialog.getByRole('button', { name: 'Connect and test' }));
    expect(await dialog.findByText(/^The tool refused the sign-in/)).toBeInTheDocument();
    expect(created(api)).toMatchObject({
      kind: 'confluence',
      settings: { email: 'officer@example.com', spaceKey: 'COMPLY', parentPageId: '123456789' },
    });
  }, 20_000);

  it('connects a Notion database by its link', async () => {
    const { api, user } = open();
    const dialog = await addDialog(user, 'Notion');
    expect(dialog.getByText(/notion\.so\/my-integrations/)).toBeInTheDocument();
    await fill(user, dialog.getByLabelText(/^Name\b/), 'Policies database');
    await fill(user, dialog.getByLabelText(/^Database or page/), 'https://www.notion.so/acme/Policies');
    await fill(user, dialog.getByLabelText(/^Integration secret/), 'ntn_abc123');
    await user.click(dialog.getByRole('button', { name: 'Connect and test' }));
    expect(await dialog.findByText(/^Enter the link of a Notion database or page/)).toBeInTheDocument();

    const link = 'https://www.notion.so/acme/Policies-1a2b3c4d5e6f47a8b9c0d1e2f3a4b5c6?v=1';
    await fill(user, dialog.getByLabelText(/^Database or page/), link);
    await user.click(dialog.getByRole('button', { name: 'Connect and test' }));
    await screen.findByRole('dialog', { name: '“Policies database” saved' });
    expect(created(api)).toEqual({
      kind: 'notion',
      scope: 'personal',
      name: 'Policies database',
      settings: { parentId: link, schedule: 'manual' },
      secret: 'ntn_abc123',
    });
  }, 20_000);
});
