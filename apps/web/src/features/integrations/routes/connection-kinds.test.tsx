import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderRoute } from '@/testing/test-utils.tsx';
import {
  apiError,
  connection,
  fakeIntegrationsApi,
  type FakeIntegrationsApiOptions,
} from '../testing/fake-integrations-api.ts';

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

/** Types a value as a paste (one input event), replacing what the field held. */
async function fill(user: User, field: HTMLElement, value: string) {
  await user.clear(field);
  await user.paste(value);
}

const created = (api: ReturnType<typeof open>['api']) =>
  api.calls.find((call) => call.method === 'POST' && call.path === '/api/integrations')?.body;

describe('the connection form of each kind (one form, laid out from the kind’s field list)', () => {
  it('connects an S3 bucket: checks bucket, prefix and region with the shared rules, and sends the settings', async () => {
    const { api, user } = open();
    await user.click(await screen.findByRole('button', { name: 'Add a connection' }));
    const chooser = within(await screen.findByRole('dialog', { name: 'Add a connection' }));
    expect(chooser.getByRole('button', { name: /^S3 storage.*AWS S3, MinIO, Ceph, Wasabi/ })).toBeInTheDocument();
    expect(chooser.getByRole('button', { name: /^Matrix.*Matrix room/ })).toBeInTheDocument();
    expect(chooser.getByRole('button', { name: /^E-mail.*list of e-mail addresses/ })).toBeInTheDocument();
    await user.click(chooser.getByRole('button', { name: /^S3 storage/ }));

    const dialog = within(await screen.findByRole('dialog', { name: 'Connect S3 storage' }));
    expect(dialog.getByLabelText(/^Name/)).toHaveFocus();
    expect(dialog.getByLabelText(/^Region/)).toHaveValue('us-east-1');
    expect(dialog.getByText(/Leave empty for Amazon S3/)).toBeInTheDocument();
    expect(dialog.getByLabelText(/^Secret access key/)).toHaveAttribute('type', 'password');
    await user.click(dialog.getByRole('button', { name: 'Connect and test' }));
    // Name, bucket, access key ID and secret access key.
    expect(await dialog.findAllByText('This field is required')).toHaveLength(4);
    expect(dialog.getByLabelText(/^Bucket/)).toHaveAttribute('aria-invalid', 'true');

    await fill(user, dialog.getByLabelText(/^Name/), 'Policies bucket');
    await fill(user, dialog.getByLabelText(/^Endpoint/), 'minio.internal:9000');
    await fill(user, dialog.getByLabelText(/^Region/), 'EU Central');
    await fill(user, dialog.getByLabelText(/^Bucket/), 'My_Bucket');
    await fill(user, dialog.getByLabelText(/^Prefix/), 'compliance/../secrets');
    await fill(user, dialog.getByLabelText(/^Access key ID/), 'AKIAEXAMPLE');
    await fill(user, dialog.getByLabelText(/^Secret access key/), 'wJalrXUtnFEMI');
    await user.click(dialog.getByRole('button', { name: 'Connect and test' }));
    expect(await dialog.findByText(/^Enter a web address starting with https:\/\//)).toBeInTheDocument();
    expect(dialog.getByText(/^Enter a region such as eu-central-1/)).toBeInTheDocument();
    expect(dialog.getByText(/^Enter a bucket name of 3 to 63/)).toBeInTheDocument();
    expect(dialog.getByText(/^Enter a prefix such as compliance\/policies/)).toBeInTheDocument();
    expect(created(api)).toBeUndefined();

    await fill(user, dialog.getByLabelText(/^Endpoint/), 'https://s3.eu-central-1.wasabisys.com');
    await fill(user, dialog.getByLabelText(/^Region/), 'eu-central-1');
    await fill(user, dialog.getByLabelText(/^Bucket/), 'compliance-docs');
    await fill(user, dialog.getByLabelText(/^Prefix/), '/policies/');
    await user.selectOptions(dialog.getByLabelText(/^Sync/), 'Every day');
    await user.click(dialog.getByRole('button', { name: 'Connect and test' }));

    const result = within(await screen.findByRole('dialog', { name: '“Policies bucket” saved' }));
    expect(result.getByText(/Use Sync now to bring the folder's files into your documents/)).toBeInTheDocument();
    expect(created(api)).toEqual({
      kind: 's3',
      scope: 'personal',
      name: 'Policies bucket',
      settings: {
        endpoint: 'https://s3.eu-central-1.wasabisys.com',
        region: 'eu-central-1',
        bucket: 'compliance-docs',
        prefix: 'policies',
        accessKeyId: 'AKIAEXAMPLE',
        schedule: 'daily',
      },
      secret: 'wJalrXUtnFEMI',
    });
  }, 20_000);

  it('puts the network guard’s refusal of an S3 endpoint on the endpoint field', async () => {
    const { user } = open({
      respond: ({ method, path }) =>
        method === 'POST' && path === '/api/integrations' ? apiError(400, 'INTEGRATION_ADDRESS_BLOCKED') : undefined,
    });
    const dialog = await addDialog(user, 'S3 storage');
    await fill(user, dialog.getByLabelText(/^Name/), 'Internal');
    await fill(user, dialog.getByLabelText(/^Endpoint/), 'http://10.0.0.5:9000');
    await fill(user, dialog.getByLabelText(/^Bucket/), 'docs');
    await fill(user, dialog.getByLabelText(/^Access key ID/), 'minio');
    await fill(user, dialog.getByLabelText(/^Secret access key/), 'minio123');
    await user.click(dialog.getByRole('button', { name: 'Connect and test' }));
    expect(await dialog.findByText(/^This address is not allowed/)).toBeInTheDocument();
    expect(dialog.getByLabelText(/^Endpoint/)).toHaveAttribute('aria-invalid', 'true');
  });

  it('connects a Matrix room: checks the room ID and the token, and asks for FATF and sync alerts', async () => {
    const { api, user } = open();
    const dialog = await addDialog(user, 'Matrix');
    expect(dialog.getByText(/The account must have joined the room/)).toBeInTheDocument();
    await fill(user, dialog.getByLabelText(/^Name/), 'Compliance room');
    await fill(user, dialog.getByLabelText(/^Homeserver address/), 'https://matrix.example.org');
    await fill(user, dialog.getByLabelText(/^Room ID/), '#compliance:example.org');
    await fill(user, dialog.getByLabelText(/^Access token/), 'syt token');
    await user.click(dialog.getByRole('button', { name: 'Connect and test' }));
    expect(await dialog.findByText(/^Enter the room ID starting with !/)).toBeInTheDocument();
    expect(dialog.getByText('Enter the access token without spaces')).toBeInTheDocument();

    await fill(user, dialog.getByLabelText(/^Room ID/), '!AbCdEf:example.org');
    await fill(user, dialog.getByLabelText(/^Access token/), 'syt_Ym90_abcdef');
    await user.click(dialog.getByRole('checkbox', { name: 'Post FATF list changes here' }));
    await user.click(dialog.getByRole('checkbox', { name: 'Post failed syncs here' }));
    await user.click(dialog.getByRole('button', { name: 'Connect and test' }));
    const result = within(await screen.findByRole('dialog', { name: '“Compliance room” saved' }));
    expect(result.getByText(/You can now share answers from the chat/)).toBeInTheDocument();
    expect(created(api)).toEqual({
      kind: 'matrix',
      scope: 'personal',
      name: 'Compliance room',
      settings: {
        homeserverUrl: 'https://matrix.example.org',
        roomId: '!AbCdEf:example.org',
        fatfAlerts: true,
        syncAlerts: true,
      },
      secret: 'syt_Ym90_abcdef',
    });
  });

  it('shows a Matrix room whose account has not joined it with the translated error', async () => {
    const { user } = open({
      testOutcome: () => ({
        status: 'failing',
        lastError: { code: 'INTEGRATION_REMOTE_NOT_FOUND', detail: '@bot:example.org has not joined !x:example.org' },
      }),
    });
    const dialog = await addDialog(user, 'Matrix');
    await fill(user, dialog.getByLabelText(/^Name/), 'Room');
    await fill(user, dialog.getByLabelText(/^Homeserver address/), 'https://matrix.example.org');
    await fill(user, dialog.getByLabelText(/^Room ID/), '!x:example.org');
    await fill(user, dialog.getByLabelText(/^Access token/), 'syt_token');
    await user.click(dialog.getByRole('button', { name: 'Connect and test' }));
    const result = within(await screen.findByRole('dialog', { name: '“Room” saved' }));
    expect(result.getByText('Not working')).toBeInTheDocument();
    expect(result.getByText(/^The folder, namespace, channel, queue or ticket was not found/)).toBeInTheDocument();
    expect(result.getByText('@bot:example.org has not joined !x:example.org')).toBeInTheDocument();
  });

  it('connects an IMAP mailbox folder: host, port and folder checked, TLS on unless unticked, the port sent as a number', async () => {
    const { api, user } = open();
    const dialog = await addDialog(user, 'IMAP mailbox');
    expect(dialog.getByLabelText(/^Port/)).toHaveValue('993');
    expect(dialog.getByRole('checkbox', { name: 'Use TLS' })).toBeChecked();
    expect(dialog.getByLabelText(/^Mail folder/)).toHaveValue('INBOX');
    expect(dialog.getByLabelText(/^Password/)).toHaveAttribute('type', 'password');
    await fill(user, dialog.getByLabelText(/^Name/), 'Compliance mailbox');
    await fill(user, dialog.getByLabelText(/^IMAP server/), 'imap example');
    await fill(user, dialog.getByLabelText(/^Port/), '99999');
    await fill(user, dialog.getByLabelText(/^User name/), 'compliance@example.com');
    await fill(user, dialog.getByLabelText(/^Password/), 'app-password');
    await user.clear(dialog.getByLabelText(/^Mail folder/));
    await user.click(dialog.getByRole('button', { name: 'Connect and test' }));
    expect(await dialog.findByText(/^Enter a host name such as imap\.example\.com/)).toBeInTheDocument();
    expect(dialog.getByText('Enter a port number between 1 and 65535')).toBeInTheDocument();
    expect(dialog.getByLabelText(/^Mail folder/)).toHaveAttribute('aria-invalid', 'true');
    expect(created(api)).toBeUndefined();

    await fill(user, dialog.getByLabelText(/^IMAP server/), 'imap.example.com');
    await fill(user, dialog.getByLabelText(/^Port/), '143');
    await fill(user, dialog.getByLabelText(/^Mail folder/), 'Compliance');
    await user.click(dialog.getByRole('checkbox', { name: 'Use TLS' }));
    await user.click(dialog.getByRole('button', { name: 'Connect and test' }));
    await screen.findByRole('dialog', { name: '“Compliance mailbox” saved' });
    expect(created(api)).toEqual({
      kind: 'imap',
      scope: 'personal',
      name: 'Compliance mailbox',
      settings: {
        host: 'imap.example.com',
        port: 143,
        tls: false,
        username: 'compliance@example.com',
        folder: 'Compliance',
        schedule: 'manual',
      },
      secret: 'app-password',
    });
  }, 20_000);

  it('connects an e-mail list: no secret to give, addresses checked and sent as a list', async () => {
    const { api, user } = open();
    const dialog = await addDialog(user, 'E-mail');
    expect(dialog.queryByLabelText(/password|token|key/i)).not.toBeInTheDocument();
    expect(dialog.getByText(/no e-mail is sent/)).toBeInTheDocument();
    await fill(user, dialog.getByLabelText(/^Name/), 'Compliance team');
    await fill(user, dialog.getByLabelText(/^Recipients/), 'team@example.com, not-an-address');
    await user.click(dialog.getByRole('button', { name: 'Connect and test' }));
    expect(await dialog.findByText(/^Enter valid e-mail addresses/)).toBeInTheDocument();
    expect(dialog.getByLabelText(/^Recipients/)).toHaveAttribute('aria-invalid', 'true');

    await fill(
      user,
      dialog.getByLabelText(/^Recipients/),
      Array.from({ length: 21 }, (_, index) => `p${index}@example.com`).join('\n'),
    );
    await user.click(dialog.getByRole('button', { name: 'Connect and test' }));
    expect(await dialog.findByText('Enter at most 20 e-mail addresses')).toBeInTheDocument();

    await fill(user, dialog.getByLabelText(/^Recipients/), 'Team@Example.com\nofficer@example.com; team@example.com');
    await user.click(dialog.getByRole('button', { name: 'Connect and test' }));
    await screen.findByRole('dialog', { name: '“Compliance team” saved' });
    expect(created(api)).toEqual({
      kind: 'email',
      scope: 'personal',
      name: 'Compliance team',
      settings: {
        recipients: ['team@example.com', 'officer@example.com'],
        fatfAlerts: false,
        syncAlerts: false,
        alertDigest: false,
      },
      secret: '',
    });
  }, 20_000);

  it('edits an e-mail list with its addresses one per line, and reports a missing mail server in words', async () => {
    const { api, user } = open({
      connections: [connection({ kind: 'email', name: 'Team list' })],
      testOutcome: () => ({
        status: 'failing',
        lastError: { code: 'INTEGRATION_EMAIL_NOT_CONFIGURED', detail: 'SMTP_URL is not set' },
      }),
    });
    const list = await screen.findByRole('heading', { level: 3, name: 'Team list' });
    const cardElement = list.closest('[data-testid="connection-card"]') as HTMLElement;
    expect(within(cardElement).getByTestId('connection-target')).toHaveTextContent(
      'compliance@example.com, officer@example.com',
    );
    await user.click(within(cardElement).getByRole('button', { name: /Edit/ }));
    const edit = within(await screen.findByRole('dialog', { name: 'Edit “Team list”' }));
    expect(edit.getByLabelText(/^Recipients/)).toHaveValue('compliance@example.com\nofficer@example.com');
    await fill(user, edit.getByLabelText(/^Recipients/), 'compliance@example.com');
    await user.click(edit.getByRole('button', { name: 'Save and test' }));
    await waitFor(() =>
      expect(api.calls.find((call) => call.method === 'PATCH')?.body).toEqual({
        name: 'Team list',
        settings: { recipients: ['compliance@example.com'], fatfAlerts: false, syncAlerts: false, alertDigest: false },
      }),
    );
    const result = within(await screen.findByRole('dialog', { name: '“Team list” saved' }));
    expect(result.getByText(/^E-mail cannot be sent: no mail server is configured/)).toBeInTheDocument();
  });

  it('says, before deleting an e-mail list, that nothing more is sent to its addresses', async () => {
    const { user } = open({ connections: [connection({ kind: 'email', name: 'Team list' })] });
    const list = await screen.findByRole('heading', { level: 3, name: 'Team list' });
    const cardElement = list.closest('[data-testid="connection-card"]') as HTMLElement;
    await user.click(within(cardElement).getByRole('button', { name: /Delete/ }));
    const confirm = within(await screen.findByRole('dialog', { name: 'Delete “Team list”?' }));
    expect(confirm.getByText(/^Nothing more is sent to these addresses/)).toBeInTheDocument();
  });
});
