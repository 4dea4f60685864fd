import type { Connection } from '@compliance/shared/integrations';
import type { TicketLink } from '@compliance/shared/tickets';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderRoute } from '@/testing/test-utils.tsx';
import { ConversationTickets, CountryTasks, ImportTicketButton, TicketBadges } from './tickets.tsx';

const conversationId = '00000000-0000-4000-8000-0000000000c1';
const rtId = '00000000-0000-4000-8000-0000000000d1';

function connection(overrides: Partial<Connection>): Connection {
  return {
    id: rtId,
    kind: 'requesttracker',
    capability: 'tickets',
    scope: 'personal',
    name: 'Support desk',
    settings: { url: 'https://rt.example.com/', queue: 'Compliance' },
    target: 'rt.example.com · Compliance',
    status: 'connected',
    lastCheckedAt: null,
    lastSyncAt: null,
    lastError: null,
    folderId: null,
    createdAt: '2026-03-02T10:00:00.000Z',
    ...overrides,
  };
}

function link(overrides: Partial<TicketLink>): TicketLink {
  return {
    id: '00000000-0000-4000-8000-0000000000e1',
    kind: 'ticket',
    connectionId: rtId,
    connectionName: 'Support desk',
    number: 7,
    reference: null,
    title: 'Who approves PEPs?',
    url: 'https://rt.example.com/Ticket/Display.html?id=7',
    status: 'open',
    statusCheckedAt: '2026-03-02T10:00:00.000Z',
    owner: null,
    due: null,
    conversationId,
    country: null,
    createdAt: '2026-03-02T10:00:00.000Z',
    ...overrides,
  };
}

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** The ticket endpoints at the network edge; `create` answers the POST. */
function stubApi(create: () => Response) {
  const posted: Array<{ path: string; body: unknown }> = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(
        typeof input === 'string' ? input : input instanceof URL ? input.href : input.url,
        'http://x',
      );
      if (url.pathname === '/api/integrations/share-targets') {
        const slack = connection({
          id: '00000000-0000-4000-8000-0000000000d2',
          kind: 'slack',
          capability: 'messages',
          name: 'Channel',
        });
        return json(200, { connections: [connection({}), slack] });
      }
      if (url.pathname === '/api/integrations/tickets' && url.searchParams.get('conversationId') === conversationId) {
        return json(200, { tickets: [link({})] });
      }
      if (url.pathname === '/api/integrations/tickets' && url.searchParams.get('country') === 'IR') {
        return json(200, { tickets: [] });
      }
      if (url.pathname === `/api/integrations/${rtId}/tickets/12`) {
        return json(200, {
          number: 12,
          subject: 'PEP onboarding',
          question: 'Do we need senior management approval for a foreign PEP?',
          url: 'https://rt.example.com/Ticket/Display.html?id=12',
        });
      }
      if (url.pathname === `/api/integrations/${rtId}/tickets/COMP-12`) {
        return json(200, {
          number: 10_012,
          subject: 'PEP review',
          question: 'Which PEP relationships lack an approval?',
          url: 'https://example.atlassian.net/browse/COMP-12',
        });
      }
      if (url.pathname === `/api/integrations/${rtId}/tickets/13`) {
        return json(404, { error: { code: 'INTEGRATION_REMOTE_NOT_FOUND', message: 'ticket 13 not found' } });
      }
      if (url.pathname === `/api/integrations/${rtId}/tasks` && init?.method === 'POST') {
        posted.push({ path: url.pathname, body: JSON.parse(String(init.body)) });
        return create();
      }
      if (url.pathname === `/api/integrations/${rtId}/tickets` && init?.method === 'POST') {
        posted.push({ path: url.pathname, body: JSON.parse(String(init.body)) });
        return create();
      }
      return json(404, { error: { code: 'NOT_FOUND', message: 'Not found' } });
    }),
  );
  return posted;
}

function renderTickets() {
  return renderRoute('/chat', {
    routes: [{ path: '/chat', element: <ConversationTickets conversationId={conversationId} /> }],
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('tickets of a conversation', () => {
  it('shows linked tickets’ statuses and creates a ticket in the chosen system, then links to it', async () => {
    const posted = stubApi(() =>
      json(
        201,
        link({
          id: '00000000-0000-4000-8000-0000000000e2',
          number: 42,
          status: 'new',
          url: 'https://rt.example.com/Ticket/Display.html?id=42',
        }),
      ),
    );
    const { user } = renderTickets();

    const linked = within(await screen.findByRole('list', { name: 'Tickets and tasks' }));
    expect(linked.getByRole('link', { name: 'Open ticket #7 in Support desk' })).toHaveAttribute(
      'href',
      'https://rt.example.com/Ticket/Display.html?id=7',
    );
    expect(linked.getByText('#7: open')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Create ticket' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Create a ticket' }));
    const system = await dialog.findByRole('combobox', { name: /Ticket system/ });
    // Only ticket systems are offered, not channels.
    expect(
      within(system)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Support desk (Request Tracker)']);
    expect(dialog.getByRole('textbox', { name: 'Queue' })).toHaveValue('Compliance');

    await user.click(dialog.getByRole('button', { name: 'Create ticket' }));
    expect(await dialog.findByRole('status')).toHaveTextContent('Ticket #42 created');
    expect(dialog.getByRole('link', { name: 'Open ticket #42 in Support desk' })).toHaveAttribute(
      'href',
      'https://rt.example.com/Ticket/Display.html?id=42',
    );
    expect(posted).toEqual([{ path: `/api/integrations/${rtId}/tickets`, body: { conversationId } }]);
  });

  it('shows the remote’s refusal translated and keeps the dialog open', async () => {
    stubApi(() => json(502, { error: { code: 'INTEGRATION_AUTH_FAILED', message: 'Unauthorized' } }));
    const { user } = renderTickets();
    await user.click(await screen.findByRole('button', { name: 'Create ticket' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Create a ticket' }));
    await dialog.findByRole('combobox', { name: /Ticket system/ });
    await user.click(dialog.getByRole('button', { name: 'Create ticket' }));
    expect(await dialog.findByRole('alert')).toHaveTextContent('The tool refused the sign-in.');
    expect(dialog.queryByRole('status')).not.toBeInTheDocument();
  });
});

describe('importing a ticket’s question', () => {
  it('checks the number, reads the ticket and hands its question over', async () => {
    stubApi(() => json(500, {}));
    const imported = vi.fn();
    const { user } = renderRoute('/chat', {
      routes: [{ path: '/chat', element: <ImportTicketButton onImported={imported} /> }],
    });
    await user.click(await screen.findByRole('button', { name: 'Import ticket' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Import a ticket’s question' }));
    const number = await dialog.findByRole('textbox', { name: /Ticket number/ });

    await user.type(number, 'abc');
    await user.click(dialog.getByRole('button', { name: 'Import' }));
    expect(number).toHaveAccessibleDescription(
      /Enter a ticket number such as 1234, or a Jira issue key such as COMP-12/,
    );
    expect(imported).not.toHaveBeenCalled();

    await user.clear(number);
    await user.type(number, '13');
    await user.click(dialog.getByRole('button', { name: 'Import' }));
    expect(await dialog.findByRole('alert')).toHaveTextContent(/queue or ticket was not found/);
    expect(imported).not.toHaveBeenCalled();

    await user.clear(number);
    await user.type(number, '12');
    await user.click(dialog.getByRole('button', { name: 'Import' }));
    await waitFor(() =>
      expect(imported).toHaveBeenCalledWith('Do we need senior management approval for a foreign PEP?'),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('reads a Jira issue named by its key', async () => {
    stubApi(() => json(500, {}));
    const imported = vi.fn();
    const { user } = renderRoute('/chat', {
      routes: [{ path: '/chat', element: <ImportTicketButton onImported={imported} /> }],
    });
    await user.click(await screen.findByRole('button', { name: 'Import ticket' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Import a ticket’s question' }));
    await user.type(await dialog.findByRole('textbox', { name: /Ticket number/ }), 'comp-12');
    await user.click(dialog.getByRole('button', { name: 'Import' }));
    await waitFor(() => expect(imported).toHaveBeenCalledWith('Which PEP relationships lack an approval?'));
  });
});

describe('ticket badges', () => {
  it('names a Jira issue by its key and an Asana task by its number, in the interface language', async () => {
    renderRoute('/chat', {
      routes: [
        {
          path: '/chat',
          element: (
            <TicketBadges
              links={[
                link({
                  reference: 'COMP-12',
                  status: 'Done',
                  connectionName: 'Compliance board',
                  url: 'https://example.atlassian.net/browse/COMP-12',
                }),
                link({ id: '00000000-0000-4000-8000-0000000000e3', number: 1208765432101234, status: 'open' }),
              ]}
            />
          ),
        },
      ],
    });
    const linked = within(await screen.findByRole('list', { name: 'Tickets and tasks' }));
    expect(linked.getByRole('link', { name: 'Open ticket COMP-12 in Compliance board' })).toHaveAttribute(
      'href',
      'https://example.atlassian.net/browse/COMP-12',
    );
    expect(linked.getByText('COMP-12: Done')).toBeInTheDocument();
    expect(linked.getByText('#1208765432101234: open')).toBeInTheDocument();
  });
});

describe('a task about a FATF country', () => {
  it('is prefilled, checked before sending, and created with its due date and assignee', async () => {
    const posted = stubApi(() =>
      json(
        201,
        link({ kind: 'task', number: 9, country: 'IR', conversationId: null, due: '2027-01-15', owner: 'eva' }),
      ),
    );
    const { user } = renderRoute('/fatf/countries/IR', {
      routes: [{ path: '/fatf/countries/IR', element: <CountryTasks country="IR" countryName="Iran" /> }],
    });
    await user.click(await screen.findByRole('button', { name: 'Create task' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Create a task' }));
    const title = await dialog.findByRole('textbox', { name: /Title/ });
    expect(title).toHaveValue('Review clients connected to Iran');
    expect(dialog.getByRole('textbox', { name: 'Description' })).toHaveValue(
      'The FATF status of Iran has changed. Review the due diligence of the clients concerned.',
    );
    const owner = dialog.getByRole('textbox', { name: 'Assignee' });
    await user.type(owner, 'eva smith');
    await user.type(dialog.getByLabelText('Due date'), '2027-01-15');
    await user.click(dialog.getByRole('button', { name: 'Create task' }));
    expect(owner).toHaveAccessibleDescription(/Enter a user name or e-mail address without spaces/);
    expect(posted).toHaveLength(0);

    await user.clear(owner);
    await user.type(owner, 'eva');
    await user.click(dialog.getByRole('button', { name: 'Create task' }));
    expect(await dialog.findByRole('status')).toHaveTextContent('Task #9 created');
    expect(posted).toEqual([
      {
        path: `/api/integrations/${rtId}/tasks`,
        body: {
          title: 'Review clients connected to Iran',
          description: 'The FATF status of Iran has changed. Review the due diligence of the clients concerned.',
          due: '2027-01-15',
          owner: 'eva',
          country: 'IR',
        },
      },
    ]);
  });

  it('says so, translated, when the help desk has no agent with the assignee’s address', async () => {
    stubApi(() =>
      json(404, {
        error: { code: 'INTEGRATION_ASSIGNEE_NOT_FOUND', message: 'no Zendesk agent with the address eva@example.com' },
      }),
    );
    const { user } = renderRoute('/fatf/countries/IR', {
      routes: [{ path: '/fatf/countries/IR', element: <CountryTasks country="IR" countryName="Iran" /> }],
    });
    await user.click(await screen.findByRole('button', { name: 'Create task' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Create a task' }));
    await user.type(dialog.getByRole('textbox', { name: 'Assignee' }), 'eva@example.com');
    await user.click(dialog.getByRole('button', { name: 'Create task' }));
    expect(
      await dialog.findByText(/^No user with this name or e-mail address was found in the ticket or task system/),
    ).toBeVisible();
    expect(screen.getByRole('dialog', { name: 'Create a task' })).toBeInTheDocument();
  });
});
