import { connectorKinds } from '@compliance/shared/integrations';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderRoute } from '@/testing/test-utils.tsx';
import {
  apiError,
  connection,
  fakeIntegrationsApi,
  journalEntry,
  syncRun,
  type FakeIntegrationsApiOptions,
} from '../testing/fake-integrations-api.ts';

// jsdom has no object URLs: the CSV export's saved file is recorded instead.
const objectUrls = { create: URL.createObjectURL, revoke: URL.revokeObjectURL };
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  URL.createObjectURL = objectUrls.create;
  URL.revokeObjectURL = objectUrls.revoke;
});

function open(options: FakeIntegrationsApiOptions = {}) {
  const api = fakeIntegrationsApi(options);
  vi.stubGlobal('fetch', vi.fn(api.handler));
  return { api, ...renderRoute('/settings/integrations', { token: 'token-123' }) };
}

async function addDialog(user: ReturnType<typeof open>['user'], kind: string) {
  await user.click(await screen.findByRole('button', { name: 'Add a connection' }));
  const chooser = within(await screen.findByRole('dialog', { name: 'Add a connection' }));
  await user.click(chooser.getByRole('button', { name: new RegExp(`^${kind}`) }));
  return within(await screen.findByRole('dialog', { name: `Connect ${kind}` }));
}

/** Types a value as a paste (one input event), replacing what the field held. */
async function fill(user: ReturnType<typeof open>['user'], field: HTMLElement, value: string) {
  await user.clear(field);
  await user.paste(value);
}

function card(name: string) {
  return within(
    screen.getAllByTestId('connection-card').find((item) => within(item).queryByRole('heading', { name })) ??
      (() => {
        throw new Error(`No card named ${name}`);
      })(),
  );
}

describe('/settings/integrations', () => {
  it('offers every kind, checks a WebDAV connection with the shared rules, and shows that it works', async () => {
    const { api, user } = open();
    expect(await screen.findByRole('heading', { level: 1, name: 'Integrations' })).toBeInTheDocument();
    expect(await screen.findByText('No connections yet')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Add a connection' }));
    const chooser = within(await screen.findByRole('dialog', { name: 'Add a connection' }));
    expect(
      chooser.getByRole('button', { name: /^WebDAV storage.*Nextcloud, ownCloud or SharePoint on-premises/ }),
    ).toBeInTheDocument();
    expect(chooser.getByRole('button', { name: /^DokuWiki.*publish answers as pages/ })).toBeInTheDocument();
    expect(chooser.getByRole('button', { name: /^Slack/ })).toBeInTheDocument();
    expect(chooser.getByRole('button', { name: /^Microsoft Teams/ })).toBeInTheDocument();
    expect(
      chooser.getByRole('button', { name: /^OneDrive \/ SharePoint.*Sign in with Microsoft/ }),
    ).toBeInTheDocument();
    expect(chooser.getByRole('button', { name: /^Dropbox.*Sign in with Dropbox/ })).toBeInTheDocument();
    expect(chooser.getAllByRole('listitem')).toHaveLength(connectorKinds.length);
    await user.click(chooser.getByRole('button', { name: /^WebDAV storage/ }));

    const dialog = within(await screen.findByRole('dialog', { name: 'Connect WebDAV storage' }));
    expect(dialog.getByLabelText(/^Name/)).toHaveFocus();
    expect(dialog.getByText(/remote\.php\/dav\/files\/USER\//)).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Connect and test' }));
    expect(await dialog.findAllByText('This field is required')).toHaveLength(4);
    expect(dialog.getByLabelText(/^Password/)).toHaveAttribute('aria-invalid', 'true');

    await fill(user, dialog.getByLabelText(/^Name/), 'Team drive');
    await fill(user, dialog.getByLabelText(/^Server address/), 'ftp://cloud.example.com');
    await fill(user, dialog.getByLabelText(/^User name/), 'eva');
    await fill(user, dialog.getByLabelText(/^Password/), 'app-password');
    await fill(user, dialog.getByLabelText(/^Folder/), '/Compliance/../secrets');
    await user.click(dialog.getByRole('button', { name: 'Connect and test' }));
    expect(await dialog.findByText(/^Enter a web address starting with https:\/\//)).toBeInTheDocument();
    expect(dialog.getByText(/^Enter a folder path such as \/Compliance/)).toBeInTheDocument();

    await fill(user, dialog.getByLabelText(/^Server address/), 'https://cloud.example.com/remote.php/dav/files/eva/');
    await fill(user, dialog.getByLabelText(/^Folder/), '/Compliance');
    await user.selectOptions(dialog.getByLabelText(/^Sync/), 'Every day');
    await user.click(dialog.getByRole('button', { name: 'Connect and test' }));

    const result = within(await screen.findByRole('dialog', { name: '“Team drive” saved' }));
    expect(result.getByText('Connected')).toBeInTheDocument();
    expect(result.getByText(/The connection works/)).toBeInTheDocument();
    expect(api.calls.find((call) => call.method === 'POST' && call.path === '/api/integrations')?.body).toEqual({
      kind: 'webdav',
      scope: 'personal',
      name: 'Team drive',
      settings: {
        url: 'https://cloud.example.com/remote.php/dav/files/eva/',
        username: 'eva',
        remotePath: '/Compliance',
        schedule: 'daily',
      },
      secret: 'app-password',
    });
    await user.click(result.getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByRole('heading', { level: 3, name: 'Team drive' })).toBeInTheDocument();
    expect(card('Team drive').getByText('Connected')).toBeInTheDocument();
  }, 20_000);

  it('connects a DokuWiki namespace, asks for its remote API, and syncs its pages like a folder', async () => {
    const { api, user } = open();
    const dialog = await addDialog(user, 'DokuWiki');
    expect(dialog.getByLabelText(/^Wiki address/)).toHaveAttribute('placeholder', 'https://wiki.example.com/');
    expect(
      dialog.getByText(/must enable the remote API for the user \(configuration settings “remote” and “remoteuser”\)/),
    ).toBeInTheDocument();
    expect(dialog.getByText(/Leave empty for the whole wiki\./)).toBeInTheDocument();
    // A personal connection's documents go into the user's own library: no knowledge-base branch.
    expect(dialog.queryByRole('group', { name: 'Knowledge-base branch' })).not.toBeInTheDocument();

    await fill(user, dialog.getByLabelText('Name'), 'Policy wiki');
    await fill(user, dialog.getByLabelText(/^Wiki address/), 'https://wiki.example.com/');
    await fill(user, dialog.getByLabelText(/^User name/), 'eva');
    await fill(user, dialog.getByLabelText(/^Password/), 'wiki-password');
    await fill(user, dialog.getByLabelText(/^Namespace/), 'policies/aml');
    await user.click(dialog.getByRole('button', { name: 'Connect and test' }));
    expect(await dialog.findByText(/^Enter a namespace such as policies or policies:aml/)).toBeInTheDocument();
    expect(dialog.getByLabelText(/^Namespace/)).toHaveAttribute('aria-invalid', 'true');

    await fill(user, dialog.getByLabelText(/^Namespace/), 'Policies:AML');
    await user.click(dialog.getByRole('button', { name: 'Connect and test' }));
    const result = within(await screen.findByRole('dialog', { name: '“Policy wiki” saved' }));
    expect(result.getByText(/bring the wiki's pages into your documents/)).toBeInTheDocument();
    expect(api.calls.find((call) => call.method === 'POST' && call.path === '/api/integrations')?.body).toEqual({
      kind: 'dokuwiki',
      scope: 'personal',
      name: 'Policy wiki',
      settings: { url: 'https://wiki.example.com/', username: 'eva', namespace: 'policies:aml', schedule: 'manual' },
      secret: 'wiki-password',
    });
    await user.click(result.getByRole('button', { name: 'Done' }));

    const wiki = card('Policy wiki');
    expect(wiki.getByText('DokuWiki', { exact: false })).toBeInTheDocument();
    expect(await wiki.findByText('Not synced yet.')).toBeInTheDocument();
    await user.click(wiki.getByRole('button', { name: 'Sync now' }));
    await waitFor(() => expect(wiki.getByTestId('latest-run')).toHaveTextContent('Completed'), { timeout: 10_000 });
    const folder = await wiki.findByRole('link', { name: 'Open the folder' });
    expect(folder.getAttribute('href')).toMatch(/^\/documents\/[0-9a-f-]+$/);

    await user.click(wiki.getByRole('button', { name: 'Delete' }));
    expect(
      within(await screen.findByRole('dialog', { name: 'Delete “Policy wiki”?' })).getByText(
        /nothing more is synced\. Files it synced stay in your library\./,
      ),
    ).toBeInTheDocument();
  }, 20_000);

  it('names a Teams workflow by its host, and offers no sync for a channel', async () => {
    open({ connections: [connection({ kind: 'teams', name: 'Risk channel' })] });
    const teams = card((await screen.findByRole('heading', { level: 3, name: 'Risk channel' })).textContent ?? '');
    expect(teams.getByTestId('connection-target')).toHaveTextContent(
      /^Workflow at prod-12\.westeurope\.logic\.azure\.com$/,
    );
    expect(teams.queryByRole('button', { name: 'Sync now' })).not.toBeInTheDocument();
  });

  it('checks the Slack fields, and puts the server’s objections on the fields they concern', async () => {
    const { user } = open({
      respond: ({ method, path, body }) =>
        method === 'POST' &&
        path === '/api/integrations' &&
        (body?.settings as { channel?: string })?.channel === '#general'
          ? apiError(400, 'VALIDATION_FAILED', { 'settings.channel': 'integrations:validation.channelInvalid' })
          : undefined,
    });
    const dialog = await addDialog(user, 'Slack');
    expect(
      dialog.getByText(/needs the chat:write and channels:read scopes, and must be invited to private channels/),
    ).toBeInTheDocument();
    await fill(user, dialog.getByLabelText(/^Name/), 'Compliance channel');
    await fill(user, dialog.getByLabelText(/^Channel/), 'Compliance Team');
    await fill(user, dialog.getByLabelText(/^Bot token/), 'not-a-token');
    await user.click(dialog.getByRole('button', { name: 'Connect and test' }));
    expect(await dialog.findByText(/^Enter a channel name such as #compliance/)).toBeInTheDocument();
    expect(dialog.getByText(/^Enter the bot token starting with xoxb-/)).toBeInTheDocument();

    await fill(user, dialog.getByLabelText(/^Channel/), '#general');
    await fill(user, dialog.getByLabelText(/^Bot token/), 'xoxb-123-456-abc');
    await user.click(dialog.getByRole('button', { name: 'Connect and test' }));
    expect(await dialog.findByText(/^Enter a channel name such as #compliance/)).toBeInTheDocument();
    expect(dialog.getByLabelText(/^Channel/)).toHaveAttribute('aria-invalid', 'true');
    expect(dialog.getByLabelText(/^Channel/)).toHaveFocus();
  });

  it('asks a channel for FATF list alerts when its box is ticked', async () => {
    const { api, user } = open();
    const dialog = await addDialog(user, 'Slack');
    await fill(user, dialog.getByLabelText(/^Name/), 'FATF alerts');
    await fill(user, dialog.getByLabelText(/^Channel/), '#compliance');
    await fill(user, dialog.getByLabelText(/^Bot token/), 'xoxb-123-456-abc');
    expect(dialog.getByText(/a message names the countries and their new status/)).toBeInTheDocument();
    await user.click(dialog.getByRole('checkbox', { name: 'Post FATF list changes here' }));
    await user.click(dialog.getByRole('button', { name: 'Connect and test' }));
    await waitFor(() =>
      expect(api.calls.find((call) => call.method === 'POST' && call.path === '/api/integrations')?.body).toMatchObject(
        {
          kind: 'slack',
          settings: { channel: '#compliance', fatfAlerts: true },
        },
      ),
    );
  });

  it('refuses a Teams address on a private network on its field', async () => {
    const { user } = open({
      respond: ({ method, path }) =>
        method === 'POST' && path === '/api/integrations' ? apiError(400, 'INTEGRATION_ADDRESS_BLOCKED') : undefined,
    });
    const dialog = await addDialog(user, 'Microsoft Teams');
    expect(
      dialog.getByText(/Workflows and choose “Post to a channel when a webhook request is received”/),
    ).toBeInTheDocument();
    await fill(user, dialog.getByLabelText(/^Name/), 'Teams');
    await fill(user, dialog.getByLabelText(/^Workflow webhook address/), 'http://10.0.0.5/webhook');
    await user.click(dialog.getByRole('button', { name: 'Connect and test' }));
    expect(await dialog.findByText(/^This address is not allowed/)).toBeInTheDocument();
    expect(dialog.getByLabelText(/^Workflow webhook address/)).toHaveAttribute('aria-invalid', 'true');
  });

  it('shows a connection that fails its test with the translated error and the remote’s own words', async () => {
    const { api, user } = open({
      testOutcome: () => ({
        status: 'failing',
        lastError: { code: 'INTEGRATION_AUTH_FAILED', detail: '401 Unauthorized' },
      }),
    });
    const dialog = await addDialog(user, 'Microsoft Teams');
    await fill(user, dialog.getByLabelText(/^Name/), 'Risk channel');
    await fill(user, dialog.getByLabelText(/^Workflow webhook address/), 'https://prod.example.com/workflows/1');
    await user.click(dialog.getByRole('button', { name: 'Connect and test' }));

    const result = within(await screen.findByRole('dialog', { name: '“Risk channel” saved' }));
    expect(result.getByText('Not working')).toBeInTheDocument();
    expect(result.getByText(/^The tool refused the sign-in/)).toBeInTheDocument();
    expect(result.getByText('401 Unauthorized')).toBeInTheDocument();

    // Changing the settings keeps the stored address when the field is left empty.
    await user.click(result.getByRole('button', { name: 'Change settings' }));
    const edit = within(await screen.findByRole('dialog', { name: 'Edit “Risk channel”' }));
    expect(edit.getByText('Leave empty to keep the stored address.')).toBeInTheDocument();
    await fill(user, edit.getByLabelText(/^Name/), 'Risk team');
    await user.click(edit.getByRole('button', { name: 'Save and test' }));
    await screen.findByRole('dialog', { name: '“Risk team” saved' });
    const patch = api.calls.find((call) => call.method === 'PATCH');
    expect(patch?.body).toEqual({ name: 'Risk team', settings: { fatfAlerts: false, syncAlerts: false } });

    await user.keyboard('{Escape}');
    const saved = card('Risk team');
    expect(saved.getByText('Not working')).toBeInTheDocument();
    expect(saved.getByText(/^The tool refused the sign-in/)).toBeInTheDocument();
    expect(saved.getByText('401 Unauthorized')).toBeInTheDocument();
    expect(saved.queryByRole('button', { name: 'Sync now' })).not.toBeInTheDocument();
  });

  it('syncs a storage connection now, polls its run, and lists each file of its history', async () => {
    const drive = connection({ name: 'Team drive', lastSyncAt: null });
    const { api, user } = open({
      connections: [drive],
      runs: {
        [drive.id]: [
          syncRun({
            status: 'failed',
            trigger: 'schedule',
            errorCode: 'INTEGRATION_UNREACHABLE',
            startedAt: '2026-03-01T09:00:00.000Z',
            finishedAt: '2026-03-01T09:00:05.000Z',
          }),
        ],
      },
      finishSync: (run) => ({
        ...run,
        status: 'partial',
        startedAt: '2026-03-02T11:00:00.000Z',
        finishedAt: '2026-03-02T11:00:04.000Z',
        counts: { added: 2, updated: 1, deleted: 1, unchanged: 7, failed: 1 },
        items: [
          { remotePath: 'Policies/AML policy.pdf', outcome: 'added', detail: null, fileId: null },
          { remotePath: 'Policies/KYC checklist.docx', outcome: 'added', detail: null, fileId: null },
          { remotePath: 'Memo.md', outcome: 'updated', detail: null, fileId: null },
          { remotePath: 'Old memo.md', outcome: 'deleted', detail: null, fileId: null },
          { remotePath: 'Scans/Archive.zip', outcome: 'failed', detail: 'FILE_TOO_LARGE', fileId: null },
        ],
      }),
    });
    await screen.findByRole('heading', { level: 3, name: 'Team drive' });
    const drives = card('Team drive');
    const latestRun = await drives.findByTestId('latest-run');
    expect(latestRun).toHaveTextContent('Failed');
    expect(latestRun).toHaveTextContent(/The tool could not be reached/);
    expect(drives.queryByRole('link', { name: 'Open the folder' })).not.toBeInTheDocument();

    await user.click(drives.getByRole('button', { name: 'Sync now' }));
    expect(await drives.findByRole('button', { name: 'Syncing…' })).toBeDisabled();
    expect(drives.getByTestId('latest-run')).toHaveTextContent('Queued');

    // The next poll finds the run finished; the connection list is fetched again.
    await waitFor(() => expect(drives.getByTestId('latest-run')).toHaveTextContent('Completed with errors'), {
      timeout: 10_000,
    });
    expect(drives.getByTestId('latest-run')).toHaveTextContent(
      '2 added · 1 updated · 1 deleted · 1 failed · 7 unchanged',
    );
    expect(drives.getByRole('button', { name: 'Sync now' })).toBeEnabled();
    const folder = await drives.findByRole('link', { name: 'Open the folder' });
    expect(folder.getAttribute('href')).toMatch(/^\/documents\/[0-9a-f-]+$/);
    expect(
      api.calls.filter((call) => call.path === '/api/integrations' && call.method === 'GET').length,
    ).toBeGreaterThan(1);

    await user.click(drives.getByRole('button', { name: 'Show history (2)' }));
    const runs = drives.getAllByTestId('sync-run');
    expect(runs).toHaveLength(2);
    const latest = within(runs[0] as HTMLElement);
    await user.click(latest.getByText('Started by hand'));
    expect(latest.getByText('Policies/AML policy.pdf')).toBeVisible();
    const failed = latest.getByText('Scans/Archive.zip').closest('li') as HTMLElement;
    expect(within(failed).getByText('Failed')).toBeInTheDocument();
    expect(within(failed).getByText('This file is larger than the 50 MB limit per file.')).toBeInTheDocument();
    expect(within(runs[1] as HTMLElement).getByText('Scheduled')).toBeInTheDocument();
    // The history is polled every 2 s in real time while the run is under way.
  }, 20_000);

  it('says so when a sync is already under way', async () => {
    const drive = connection({ name: 'Team drive' });
    const { user } = open({
      connections: [drive],
      respond: ({ method, path }) =>
        method === 'POST' && path.endsWith('/sync') ? apiError(409, 'INTEGRATION_SYNC_RUNNING') : undefined,
    });
    await screen.findByRole('heading', { level: 3, name: 'Team drive' });
    await user.click(await card('Team drive').findByRole('button', { name: 'Sync now' }));
    expect(
      await within(screen.getByTestId('toaster')).findByText('A sync of this connection is already under way.'),
    ).toBeInTheDocument();
  });

  it('asks before deleting a connection, and says its files stay in the library', async () => {
    const drive = connection({ name: 'Team drive' });
    const slack = connection({ kind: 'slack', name: 'Compliance channel' });
    const { api, user } = open({ connections: [drive, slack] });
    await screen.findByRole('heading', { level: 3, name: 'Team drive' });

    await user.click(card('Team drive').getByRole('button', { name: 'Delete' }));
    const confirm = within(await screen.findByRole('dialog', { name: 'Delete “Team drive”?' }));
    expect(confirm.getByText(/Files it synced stay in your library\./)).toBeInTheDocument();
    await user.click(confirm.getByRole('button', { name: 'Cancel' }));
    expect(api.calls.some((call) => call.method === 'DELETE')).toBe(false);

    await user.click(card('Team drive').getByRole('button', { name: 'Delete' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Delete “Team drive”?' })).getByRole('button', {
        name: 'Delete connection',
      }),
    );
    await waitFor(() =>
      expect(screen.queryByRole('heading', { level: 3, name: 'Team drive' })).not.toBeInTheDocument(),
    );
    expect(api.calls.find((call) => call.method === 'DELETE')?.path).toBe(`/api/integrations/${drive.id}`);
    expect(await within(screen.getByTestId('toaster')).findByText('“Team drive” deleted')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 3, name: 'Compliance channel' })).toBeInTheDocument();
  });

  it('tests a connection again on demand', async () => {
    const slack = connection({ kind: 'slack', name: 'Compliance channel' });
    const { user } = open({
      connections: [slack],
      testOutcome: () => ({
        status: 'failing',
        lastError: { code: 'INTEGRATION_REMOTE_NOT_FOUND', detail: 'channel_not_found' },
      }),
    });
    await screen.findByRole('heading', { level: 3, name: 'Compliance channel' });
    await user.click(card('Compliance channel').getByRole('button', { name: 'Test connection' }));
    const toaster = within(screen.getByTestId('toaster'));
    expect(await toaster.findByText('“Compliance channel” does not work')).toBeInTheDocument();
    expect(toaster.getByText(/^The folder, namespace, channel, queue or ticket was not found/)).toBeInTheDocument();
    expect(await card('Compliance channel').findByText('channel_not_found')).toBeInTheDocument();
  });

  it('lists the sent messages a page at a time, and exports them as CSV', async () => {
    const entries = Array.from({ length: 51 }, (_, index) =>
      journalEntry({
        connectionName: index === 0 ? 'Risk channel' : 'Compliance channel',
        kind: index === 0 ? 'teams' : 'slack',
        destination: index === 0 ? 'prod.example.com' : '#compliance',
        content: `Question ${index + 1}\n\nThe answer.`,
        status: index === 1 ? 'failed' : 'sent',
        errorCode: index === 1 ? 'INTEGRATION_RATE_LIMITED' : null,
      }),
    );
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    URL.createObjectURL = () => 'blob:journal';
    URL.revokeObjectURL = () => {};
    const { api, user } = open({ journal: entries });

    const journal = within(await screen.findByRole('region', { name: 'Sent messages' }));
    expect(await journal.findByText('51 messages')).toBeInTheDocument();
    const rows = journal.getAllByTestId('journal-row');
    expect(rows).toHaveLength(50);
    const first = within(rows[0] as HTMLElement);
    expect(first.getByText('Risk channel')).toBeInTheDocument();
    expect(first.getByText('Microsoft Teams')).toBeInTheDocument();
    expect(first.getByText('Workflow at prod.example.com')).toBeInTheDocument();
    expect(first.getByText('Question 1')).toBeInTheDocument();
    expect(first.queryByText(/The answer/)).not.toBeInTheDocument();
    expect(first.getByText('a3f1c9e2b7d4')).toHaveAttribute('title', entries[0]?.contentSha256);
    const second = within(rows[1] as HTMLElement);
    expect(second.getByText('Failed')).toBeInTheDocument();
    expect(second.getByText(/^The tool asked us to slow down/)).toBeInTheDocument();

    const pages = within(journal.getByRole('navigation', { name: 'Journal pages' }));
    expect(pages.getByText('Page 1 of 2')).toBeInTheDocument();
    await user.click(pages.getByRole('button', { name: 'Next' }));
    expect(await pages.findByText('Page 2 of 2')).toBeInTheDocument();
    await waitFor(() => expect(journal.getAllByTestId('journal-row')).toHaveLength(1));
    expect(journal.getByText('Question 51')).toBeInTheDocument();

    await user.click(journal.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]).toMatch(/^sent-messages-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = api.calls.find((call) => call.path === '/api/integrations/journal.csv');
    expect(csv?.method).toBe('GET');
  });

  it('is reached from the Settings page and the sidebar', async () => {
    const api = fakeIntegrationsApi();
    vi.stubGlobal('fetch', vi.fn(api.handler));
    const { user, router } = renderRoute('/settings', { token: 'token-123' });
    const navigation = await screen.findByRole('navigation', { name: 'Main navigation' });
    expect(within(navigation).getByRole('link', { name: 'Integrations' })).toHaveAttribute(
      'href',
      '/settings/integrations',
    );
    await user.click(await screen.findByRole('link', { name: 'Manage integrations' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/settings/integrations'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Integrations' })).toBeInTheDocument();
  });
});
