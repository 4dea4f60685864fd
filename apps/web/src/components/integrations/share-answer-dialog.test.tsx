import type { Connection } from '@compliance/shared/integrations';
import { screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderRoute } from '@/testing/test-utils.tsx';
import { ShareAnswerDialog } from './share-answer-dialog.tsx';

const ids = {
  conversation: '00000000-0000-4000-8000-0000000000c1',
  answer: '00000000-0000-4000-8000-0000000000a2',
  slack: '00000000-0000-4000-8000-0000000000d1',
  drive: '00000000-0000-4000-8000-0000000000d2',
  teams: '00000000-0000-4000-8000-0000000000d3',
  wiki: '00000000-0000-4000-8000-0000000000d4',
};

function target(overrides: Partial<Connection>): Connection {
  return {
    id: ids.slack,
    kind: 'slack',
    capability: 'messages',
    scope: 'personal',
    name: 'My channel',
    settings: {},
    target: '#compliance',
    status: 'connected',
    lastCheckedAt: null,
    lastSyncAt: null,
    lastError: null,
    folderId: null,
    createdAt: '2026-03-02T10:00:00.000Z',
    ...overrides,
  };
}

const targets = [
  target({}),
  target({
    id: ids.drive,
    kind: 'webdav',
    capability: 'storage',
    name: 'Team drive',
    target: 'cloud.example.com/remote.php/dav/files/eva/Compliance',
  }),
  target({
    id: ids.teams,
    kind: 'teams',
    scope: 'organisation',
    name: 'Risk committee',
    // A Teams workflow's target is its host alone.
    target: 'prod-12.westeurope.logic.azure.com',
    status: 'failing',
  }),
  target({
    id: ids.wiki,
    kind: 'dokuwiki',
    capability: 'wiki',
    scope: 'organisation',
    name: 'Policy wiki',
    target: 'wiki.example.com/policies',
  }),
];

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** The share-targets and share endpoints at the network edge; `share` answers the POST. */
function stubApi(connections: Connection[], share: (id: string) => Response = () => json(201, {})) {
  const posted: Array<{ path: string; body: unknown }> = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const path = new URL(
        typeof input === 'string' ? input : input instanceof URL ? input.href : input.url,
        'http://x',
      ).pathname;
      if (path === '/api/integrations/share-targets') return json(200, { connections });
      const match = /^\/api\/integrations\/([^/]+)\/share$/.exec(path);
      if (match && init?.method === 'POST') {
        posted.push({ path, body: JSON.parse(String(init.body)) });
        return share(match[1] ?? '');
      }
      return json(404, { error: { code: 'NOT_FOUND', message: 'Not found' } });
    }),
  );
  return posted;
}

function Harness() {
  const [open, setOpen] = useState(true);
  return (
    <>
      <p>{open ? 'Dialog open' : 'Dialog closed'}</p>
      <ShareAnswerDialog
        answer={open ? { conversationId: ids.conversation, messageId: ids.answer } : null}
        onOpenChange={setOpen}
      />
    </>
  );
}

function renderDialog() {
  return renderRoute('/chat', {
    routes: [
      { path: '/chat', element: <Harness /> },
      { path: '/settings/integrations', element: <h1>Integrations page</h1> },
    ],
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('sharing an answer', () => {
  it('lists the user’s own and the organisation’s connections, and sends to the one chosen', async () => {
    const posted = stubApi(targets);
    const { user } = renderDialog();
    const dialog = within(await screen.findByRole('dialog', { name: 'Share this answer' }));

    const own = within(await dialog.findByRole('group', { name: 'Your connections' }));
    const organisation = within(dialog.getByRole('group', { name: 'Organisation' }));
    expect(own.getAllByRole('radio')).toHaveLength(2);
    expect(organisation.getAllByRole('radio')).toHaveLength(2);
    expect(own.getByRole('radio', { name: /My channel.*Slack · #compliance/ })).not.toBeChecked();
    expect(own.getByRole('radio', { name: /Team drive.*WebDAV storage/ })).toBeInTheDocument();
    const teams = organisation.getByRole('radio', { name: /Risk committee/ });
    expect(teams).toHaveAccessibleName(
      /Not working.*Microsoft Teams · Workflow at prod-12\.westeurope\.logic\.azure\.com$/,
    );
    expect(
      organisation.getByRole('radio', { name: /Policy wiki.*DokuWiki · wiki\.example\.com\/policies/ }),
    ).toBeInTheDocument();

    await user.click(dialog.getByRole('button', { name: 'Send' }));
    expect(await dialog.findByRole('alert')).toHaveTextContent('Choose where to send the answer');
    expect(posted).toHaveLength(0);

    await user.click(own.getByRole('radio', { name: /My channel/ }));
    await user.click(dialog.getByRole('button', { name: 'Send' }));
    expect(await within(screen.getByTestId('toaster')).findByText('Sent to #compliance')).toBeInTheDocument();
    expect(posted).toEqual([
      {
        path: `/api/integrations/${ids.slack}/share`,
        body: { conversationId: ids.conversation, messageId: ids.answer },
      },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByText('Dialog closed')).toBeInTheDocument();
  });

  it('lists the company’s connections in a group of their own, and sends through the one chosen', async () => {
    const companyChannel = target({
      id: '00000000-0000-4000-8000-0000000000d5',
      kind: 'teams',
      scope: 'company',
      name: 'Advisers channel',
      target: 'prod-12.westeurope.logic.azure.com',
    });
    const posted = stubApi([...targets, companyChannel]);
    const { user } = renderDialog();
    const dialog = within(await screen.findByRole('dialog', { name: 'Share this answer' }));
    const company = within(await dialog.findByRole('group', { name: 'Your company' }));
    expect(company.getAllByRole('radio')).toHaveLength(1);
    await user.click(company.getByRole('radio', { name: /Advisers channel/ }));
    await user.click(dialog.getByRole('button', { name: 'Send' }));
    await waitFor(() =>
      expect(posted.map((call) => call.path)).toEqual([`/api/integrations/${companyChannel.id}/share`]),
    );
  });

  it('says “Saved to …” for a storage folder', async () => {
    stubApi(targets);
    const { user } = renderDialog();
    const dialog = within(await screen.findByRole('dialog', { name: 'Share this answer' }));
    await user.click(await dialog.findByRole('radio', { name: /Team drive/ }));
    await user.click(dialog.getByRole('button', { name: 'Send' }));
    expect(
      await within(screen.getByTestId('toaster')).findByText(
        'Saved to cloud.example.com/remote.php/dav/files/eva/Compliance',
      ),
    ).toBeInTheDocument();
  });

  it('says “Published to …” for a wiki', async () => {
    const posted = stubApi(targets);
    const { user } = renderDialog();
    const dialog = within(await screen.findByRole('dialog', { name: 'Share this answer' }));
    await user.click(await dialog.findByRole('radio', { name: /Policy wiki/ }));
    await user.click(dialog.getByRole('button', { name: 'Send' }));
    const toaster = within(screen.getByTestId('toaster'));
    expect(await toaster.findByText('Published to wiki.example.com/policies')).toBeInTheDocument();
    expect(posted.map((call) => call.path)).toEqual([`/api/integrations/${ids.wiki}/share`]);
  });

  it('says “Sent to Workflow at …” for a Teams workflow', async () => {
    stubApi(targets);
    const { user } = renderDialog();
    const dialog = within(await screen.findByRole('dialog', { name: 'Share this answer' }));
    await user.click(await dialog.findByRole('radio', { name: /Risk committee/ }));
    await user.click(dialog.getByRole('button', { name: 'Send' }));
    expect(
      await within(screen.getByTestId('toaster')).findByText('Sent to Workflow at prod-12.westeurope.logic.azure.com'),
    ).toBeInTheDocument();
  });

  it('keeps the dialog open with the translated reason when the tool refuses', async () => {
    const posted = stubApi(targets, (id) =>
      id === ids.teams
        ? json(429, { error: { code: 'INTEGRATION_RATE_LIMITED', message: 'Teams asked to wait 30 s' } })
        : json(502, { error: { code: 'INTEGRATION_AUTH_FAILED', message: 'invalid_auth' } }),
    );
    const { user } = renderDialog();
    const dialog = within(await screen.findByRole('dialog', { name: 'Share this answer' }));
    await user.click(await dialog.findByRole('radio', { name: /Risk committee/ }));
    await user.click(dialog.getByRole('button', { name: 'Send' }));
    expect(await dialog.findByRole('alert')).toHaveTextContent(
      'The tool asked us to slow down. Please wait a moment and try again.',
    );
    expect(dialog.queryByText(/Teams asked to wait/)).not.toBeInTheDocument();

    await user.click(dialog.getByRole('radio', { name: /My channel/ }));
    await user.click(dialog.getByRole('button', { name: 'Send' }));
    expect(await dialog.findByRole('alert')).toHaveTextContent(/^The tool refused the sign-in/);
    expect(posted).toHaveLength(2);
    expect(screen.getByRole('dialog', { name: 'Share this answer' })).toBeInTheDocument();
  });

  it('points to the integrations settings when there is nowhere to share to', async () => {
    stubApi([]);
    const { user, router } = renderDialog();
    const dialog = within(await screen.findByRole('dialog', { name: 'Share this answer' }));
    expect(await dialog.findByText(/You have no connection to share answers to yet/)).toBeInTheDocument();
    expect(dialog.queryByRole('button', { name: 'Send' })).not.toBeInTheDocument();
    await user.click(dialog.getByRole('link', { name: 'Set up integrations' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/settings/integrations'));
  });
});
