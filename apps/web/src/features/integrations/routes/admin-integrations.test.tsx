import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderRoute } from '@/testing/test-utils.tsx';
import {
  admin,
  apiError,
  connection,
  fakeIntegrationsApi,
  journalEntry,
  taxonomy,
  type FakeIntegrationsApiOptions,
} from '../testing/fake-integrations-api.ts';

/** Types a value as a paste (one input event), replacing what the field held. */
async function fill(user: ReturnType<typeof renderRoute>['user'], field: HTMLElement, value: string) {
  await user.clear(field);
  await user.paste(value);
}

// jsdom has no object URLs: the CSV export's saved file is recorded instead.
const objectUrls = { create: URL.createObjectURL, revoke: URL.revokeObjectURL };
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  URL.createObjectURL = objectUrls.create;
  URL.revokeObjectURL = objectUrls.revoke;
});

describe('/admin/integrations', () => {
  it('lets an admin add an organisation channel and read everyone’s journal', async () => {
    const channel = connection({ kind: 'slack', scope: 'organisation', name: 'Compliance channel' });
    const api = fakeIntegrationsApi({
      session: admin,
      connections: [channel, connection({ name: 'Eva’s own drive' })],
      organisationJournal: [
        journalEntry({ senderEmail: 'marco@example.test', content: 'Is a PEP always high risk?\n\nNo [1].' }),
      ],
    });
    vi.stubGlobal('fetch', vi.fn(api.handler));
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    URL.createObjectURL = () => 'blob:journal';
    URL.revokeObjectURL = () => {};
    const { user } = renderRoute('/admin/integrations', { token: 'token-123' });

    expect(await screen.findByRole('heading', { level: 1, name: 'Integrations' })).toBeInTheDocument();
    const navigation = screen.getByRole('navigation', { name: 'Admin navigation' });
    expect(within(navigation).getByRole('link', { name: 'Integrations' })).toHaveAttribute(
      'href',
      '/admin/integrations',
    );
    expect(await screen.findByRole('heading', { level: 3, name: 'Compliance channel' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Eva’s own drive' })).not.toBeInTheDocument();
    expect(
      api.calls.some((call) => call.path === '/api/integrations' && call.search.get('scope') === 'organisation'),
    ).toBe(true);

    await user.click(screen.getByRole('button', { name: 'Add a connection' }));
    const chooser = within(await screen.findByRole('dialog', { name: 'Add a connection' }));
    // Storage folders and wikis too: their documents go into the knowledge base.
    expect(chooser.getByRole('button', { name: /^WebDAV storage/ })).toBeInTheDocument();
    expect(chooser.getByRole('button', { name: /^DokuWiki/ })).toBeInTheDocument();
    expect(chooser.getByRole('button', { name: /^Microsoft Teams/ })).toBeInTheDocument();
    await user.click(chooser.getByRole('button', { name: /^Slack/ }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Connect Slack' }));
    await user.click(dialog.getByLabelText(/^Name/));
    await user.paste('Risk');
    await user.click(dialog.getByLabelText(/^Channel/));
    await user.paste('#risk');
    await user.click(dialog.getByLabelText(/^Bot token/));
    await user.paste('xoxb-1-2-abc');
    await user.click(dialog.getByRole('button', { name: 'Connect and test' }));
    await screen.findByRole('dialog', { name: '“Risk” saved' });
    expect(api.calls.find((call) => call.method === 'POST' && call.path === '/api/integrations')?.body).toMatchObject({
      kind: 'slack',
      scope: 'organisation',
      settings: { channel: '#risk' },
    });
    await user.keyboard('{Escape}');
    expect(await screen.findByRole('heading', { level: 3, name: 'Risk' })).toBeInTheDocument();

    const journal = within(screen.getByRole('region', { name: 'Organisation journal' }));
    expect(await journal.findByRole('columnheader', { name: 'Sender' })).toBeInTheDocument();
    const row = within(journal.getByTestId('journal-row'));
    expect(row.getByText('marco@example.test')).toBeInTheDocument();
    expect(row.getByText('Is a PEP always high risk?')).toBeInTheDocument();
    await user.click(journal.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]).toMatch(/^integrations-journal-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(api.calls.some((call) => call.path === '/api/admin/integrations/journal.csv')).toBe(true);
  }, 20_000);

  function openAdmin(options: FakeIntegrationsApiOptions) {
    const api = fakeIntegrationsApi({ session: admin, ...options });
    vi.stubGlobal('fetch', vi.fn(api.handler));
    return { api, ...renderRoute('/admin/integrations', { token: 'token-123' }) };
  }

  it('syncs an organisation WebDAV folder into the knowledge-base branch the admin picks', async () => {
    const branches = taxonomy();
    const [aml] = branches.functions;
    const { api, user } = openAdmin({ taxonomy: branches });
    await user.click(await screen.findByRole('button', { name: 'Add a connection' }));
    const chooser = within(await screen.findByRole('dialog', { name: 'Add a connection' }));
    await user.click(chooser.getByRole('button', { name: /^WebDAV storage/ }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Connect WebDAV storage' }));

    const branch = within(await dialog.findByRole('group', { name: 'Knowledge-base branch' }));
    expect(branch.getByText(/go into this branch of the knowledge base/)).toBeInTheDocument();
    const regulatoryFunction = await branch.findByRole('combobox', { name: /^Regulatory function/ });
    const resourceType = branch.getByRole('combobox', { name: /^Resource type/ });
    expect(resourceType).toBeDisabled();
    expect(
      within(regulatoryFunction)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Choose…', 'AML / KYC', 'Investment advisers']);

    await fill(user, dialog.getByLabelText(/^Name/), 'Compliance share');
    await fill(user, dialog.getByLabelText(/^Server address/), 'https://cloud.example.com/remote.php/dav/files/co/');
    await fill(user, dialog.getByLabelText(/^User name/), 'compliance');
    await fill(user, dialog.getByLabelText(/^Password/), 'app-password');
    await user.click(dialog.getByRole('button', { name: 'Connect and test' }));
    expect(await branch.findAllByText('Choose the knowledge-base branch the documents go into')).toHaveLength(2);
    expect(regulatoryFunction).toHaveAttribute('aria-invalid', 'true');
    expect(api.calls.some((call) => call.method === 'POST' && call.path === '/api/integrations')).toBe(false);

    // A function's own resource types; choosing another function clears the type.
    await user.selectOptions(regulatoryFunction, 'Investment advisers');
    await waitFor(() => expect(resourceType).toBeEnabled());
    await user.selectOptions(resourceType, 'Forms');
    await user.selectOptions(regulatoryFunction, 'AML / KYC');
    await waitFor(() =>
      expect(within(resourceType).getByRole('option', { name: 'Internal policies' })).toBeInTheDocument(),
    );
    expect(resourceType).toHaveValue('');
    await user.selectOptions(resourceType, 'Internal policies');
    await user.click(dialog.getByRole('button', { name: 'Connect and test' }));

    const result = within(await screen.findByRole('dialog', { name: '“Compliance share” saved' }));
    expect(result.getByText(/bring its documents into the knowledge-base branch you chose/)).toBeInTheDocument();
    const policies = branches.resourceTypes[aml?.id ?? '']?.[0];
    expect(api.calls.find((call) => call.method === 'POST' && call.path === '/api/integrations')?.body).toEqual({
      kind: 'webdav',
      scope: 'organisation',
      name: 'Compliance share',
      settings: {
        url: 'https://cloud.example.com/remote.php/dav/files/co/',
        username: 'compliance',
        remotePath: '/',
        schedule: 'manual',
        knowledgeBase: { functionId: aml?.id, resourceTypeId: policies?.id },
      },
      secret: 'app-password',
    });
    await user.click(result.getByRole('button', { name: 'Done' }));

    // Synced, its folder opens in the admin knowledge base.
    const heading = await screen.findByRole('heading', { level: 3, name: 'Compliance share' });
    const share = within(heading.closest('article') as HTMLElement);
    await user.click(share.getByRole('button', { name: 'Sync now' }));
    const folder = await share.findByRole('link', { name: 'Open the folder' }, { timeout: 10_000 });
    expect(folder.getAttribute('href')).toMatch(/^\/admin\/knowledge-base\/folder\/[0-9a-f-]+$/);

    await user.click(share.getByRole('button', { name: 'Delete' }));
    expect(
      within(await screen.findByRole('dialog', { name: 'Delete “Compliance share”?' })).getByText(
        /Files it synced stay in the knowledge base\./,
      ),
    ).toBeInTheDocument();
  }, 20_000);

  it('keeps an organisation wiki’s branch when it is edited, and puts the server’s objection on the picker', async () => {
    const branches = taxonomy();
    const [aml] = branches.functions;
    const laws = branches.resourceTypes[aml?.id ?? '']?.[1];
    const wiki = connection({
      kind: 'dokuwiki',
      scope: 'organisation',
      name: 'Policy wiki',
      settings: {
        url: 'https://wiki.example.com/',
        username: 'bot',
        namespace: 'policies',
        schedule: 'daily',
        knowledgeBase: { functionId: aml?.id, resourceTypeId: laws?.id },
      },
    });
    const { api, user } = openAdmin({
      taxonomy: branches,
      connections: [wiki],
      respond: ({ method, body }) =>
        method === 'PATCH' && (body?.settings as { namespace?: string })?.namespace === 'gone'
          ? apiError(400, 'VALIDATION_FAILED', {
              'settings.knowledgeBase': 'integrations:validation.knowledgeBaseRequired',
            })
          : undefined,
    });
    const heading = await screen.findByRole('heading', { level: 3, name: 'Policy wiki' });
    await user.click(within(heading.closest('article') as HTMLElement).getByRole('button', { name: 'Edit' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Edit “Policy wiki”' }));
    expect(dialog.getByLabelText(/^Namespace/)).toHaveValue('policies');
    const regulatoryFunction = await dialog.findByRole('combobox', { name: /^Regulatory function/ });
    const resourceType = dialog.getByRole('combobox', { name: /^Resource type/ });
    expect(regulatoryFunction).toHaveValue(aml?.id);
    await waitFor(() => expect(resourceType).toHaveValue(laws?.id));

    await fill(user, dialog.getByLabelText(/^Namespace/), 'gone');
    await user.click(dialog.getByRole('button', { name: 'Save and test' }));
    expect(await dialog.findByText('Choose the knowledge-base branch the documents go into')).toBeInTheDocument();
    expect(regulatoryFunction).toHaveFocus();

    await fill(user, dialog.getByLabelText(/^Namespace/), 'policies:aml');
    await user.click(dialog.getByRole('button', { name: 'Save and test' }));
    await screen.findByRole('dialog', { name: '“Policy wiki” saved' });
    expect(api.calls.filter((call) => call.method === 'PATCH').at(-1)?.body).toEqual({
      name: 'Policy wiki',
      settings: {
        url: 'https://wiki.example.com/',
        username: 'bot',
        namespace: 'policies:aml',
        schedule: 'daily',
        knowledgeBase: { functionId: aml?.id, resourceTypeId: laws?.id },
      },
    });
  });
});
