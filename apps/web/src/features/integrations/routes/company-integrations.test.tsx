import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderRoute } from '@/testing/test-utils.tsx';
import {
  connection,
  fakeIntegrationsApi,
  journalEntry,
  type FakeIntegrationsApiOptions,
} from '../testing/fake-integrations-api.ts';

// Company connections on /settings/integrations (issue 17): its admins manage them, its members see
// them read-only, people in no company do not see the section; the company journal is its admins'.

const objectUrls = { create: URL.createObjectURL, revoke: URL.revokeObjectURL };
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  URL.createObjectURL = objectUrls.create;
  URL.revokeObjectURL = objectUrls.revoke;
});

const companyChannel = connection({ kind: 'teams', scope: 'company', name: 'Advisers channel', settings: {} });
const asAdmin = { name: 'Hudson Advisers', canManage: true, managers: ['Anna Admin'] };
const asMember = { name: 'Hudson Advisers', canManage: false, managers: ['Anna Admin', 'Ben Boss'] };

function open(options: FakeIntegrationsApiOptions = {}) {
  const api = fakeIntegrationsApi(options);
  vi.stubGlobal('fetch', vi.fn(api.handler));
  return { api, ...renderRoute('/settings/integrations', { token: 'token-123' }) };
}

async function companySection() {
  return within(await screen.findByRole('region', { name: 'Company connections' }));
}

describe('company connections on /settings/integrations', () => {
  it('lets a company admin add a channel for the company, offering only channels and ticket systems', async () => {
    const { api, user } = open({ connections: [companyChannel], company: asAdmin });
    const section = await companySection();
    expect(
      section.getByText(
        'Channels and ticket systems everyone at Hudson Advisers can share answers to and create tickets in.',
      ),
    ).toBeInTheDocument();
    const card = within(await section.findByTestId('connection-card'));
    expect(card.getByRole('heading', { name: 'Advisers channel' })).toBeInTheDocument();
    for (const action of ['Test connection', 'Edit', 'Delete']) {
      expect(card.getByRole('button', { name: action })).toBeInTheDocument();
    }

    await user.click(section.getByRole('button', { name: 'Add a connection' }));
    const chooser = within(await screen.findByRole('dialog', { name: 'Add a connection' }));
    expect(chooser.getByRole('button', { name: /^Microsoft Teams/ })).toBeInTheDocument();
    expect(chooser.getByRole('button', { name: /^Slack/ })).toBeInTheDocument();
    expect(chooser.queryByRole('button', { name: /^WebDAV/ })).not.toBeInTheDocument();
    expect(chooser.queryByRole('button', { name: /^DokuWiki/ })).not.toBeInTheDocument();

    await user.click(chooser.getByRole('button', { name: /^Microsoft Teams/ }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Connect Microsoft Teams' }));
    await user.type(dialog.getByLabelText(/^Name/), 'Risk desk');
    await user.click(dialog.getByLabelText(/^Workflow webhook address/));
    await user.paste('https://prod-12.westeurope.logic.azure.com/workflows/abc/triggers/manual/paths/invoke?sig=x');
    await user.click(dialog.getByRole('button', { name: 'Connect and test' }));
    await waitFor(() =>
      expect(api.calls.find((call) => call.method === 'POST' && call.path === '/api/integrations')?.body).toMatchObject(
        { kind: 'teams', scope: 'company', name: 'Risk desk' },
      ),
    );
  });

  it('shows members the company’s connections read-only, with who manages them', async () => {
    open({ connections: [companyChannel], company: asMember });
    const section = await companySection();
    expect(await section.findByRole('heading', { name: 'Advisers channel' })).toBeInTheDocument();
    expect(section.getByTestId('company-managers')).toHaveTextContent(
      'Managed by your company’s admins: Anna Admin and Ben Boss.',
    );
    expect(section.queryByRole('button', { name: 'Add a connection' })).not.toBeInTheDocument();
    for (const action of ['Test connection', 'Edit', 'Delete']) {
      expect(section.queryByRole('button', { name: action })).not.toBeInTheDocument();
    }
    // The company journal is its admins' alone.
    expect(await screen.findByRole('region', { name: 'Sent messages' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Company journal' })).not.toBeInTheDocument();
  });

  it('has no company section for someone in no company', async () => {
    const { api } = open({ connections: [connection({ name: 'Own drive' })] });
    expect(await screen.findByRole('heading', { level: 3, name: 'Own drive' })).toBeInTheDocument();
    await waitFor(() => expect(api.calls.some((call) => call.search.get('scope') === 'company')).toBe(true));
    expect(screen.queryByRole('region', { name: 'Company connections' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Company journal' })).not.toBeInTheDocument();
  });
});

describe('the company journal', () => {
  it('lists every member’s messages with their sender for company admins, and exports them as CSV', async () => {
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    URL.createObjectURL = () => 'blob:journal';
    URL.revokeObjectURL = () => {};
    const { api, user } = open({
      company: asAdmin,
      companyJournal: [
        journalEntry({ connectionName: 'Advisers channel', senderEmail: 'max@hudson.test', content: 'Records\n\nx' }),
        journalEntry({ connectionName: 'Anna’s list', senderEmail: 'anna@hudson.test', content: 'Policies\n\ny' }),
      ],
    });
    const journal = within(await screen.findByRole('region', { name: 'Company journal' }));
    expect(journal.getByText(/Every message your company’s members sent through a connection/)).toBeInTheDocument();
    expect(await journal.findByText('2 messages')).toBeInTheDocument();
    expect(journal.getByRole('columnheader', { name: 'Sender' })).toBeInTheDocument();
    const [first, second] = journal.getAllByTestId('journal-row').map((row) => within(row));
    expect(first?.getByText('max@hudson.test')).toBeInTheDocument();
    expect(first?.getByText('Records')).toBeInTheDocument();
    expect(second?.getByText('anna@hudson.test')).toBeInTheDocument();

    await user.click(journal.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]).toMatch(/^company-journal-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(api.calls.some((call) => call.path === '/api/company/integrations/journal.csv')).toBe(true);
  });
});
