import type { AccountSettings } from '@compliance/shared/account';
import type { Assistant, AssistantsResponse, Citation, ConversationDetail } from '@compliance/shared/chat';
import type { FileContent } from '@compliance/shared/documents';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderRoute } from '@/testing/test-utils.tsx';
import { ChatView } from './chat-view.tsx';

// pdf.js cannot draw in jsdom: it is replaced at its module boundary by a small fake that "renders"
// a page's text items as the real text layer does (one span per item in the container).
const pdfPages: string[][] = [];
vi.mock('pdfjs-dist', () => {
  class TextLayer {
    textDivs: HTMLElement[] = [];
    textContentItemsStr: string[] = [];
    #items: string[];
    #container: HTMLElement;
    constructor({
      textContentSource,
      container,
    }: {
      textContentSource: { items: Array<{ str: string }> };
      container: HTMLElement;
    }) {
      this.#items = textContentSource.items.map((item) => item.str);
      this.#container = container;
    }
    render() {
      for (const str of this.#items) {
        const span = document.createElement('span');
        span.textContent = str;
        this.#container.append(span);
        this.textDivs.push(span);
        this.textContentItemsStr.push(str);
      }
      return Promise.resolve();
    }
    cancel() {}
  }
  const getPage = (number: number) =>
    Promise.resolve({
      getViewport: ({ scale }: { scale: number }) => ({ width: 600 * scale, height: 800 * scale, scale }),
      getTextContent: () => Promise.resolve({ items: (pdfPages[number - 1] ?? []).map((str) => ({ str })) }),
      render: () => ({ promise: Promise.resolve(), cancel() {} }),
    });
  return {
    GlobalWorkerOptions: {},
    TextLayer,
    getDocument: () => ({
      promise: Promise.resolve({ numPages: pdfPages.length, getPage }),
      destroy: () => Promise.resolve(),
    }),
  };
});

const ids = {
  expert: '00000000-0000-4000-8000-000000000001',
  engineer: '00000000-0000-4000-8000-000000000002',
  conversation: '00000000-0000-4000-8000-0000000000c1',
  ticketSystem: '00000000-0000-4000-8000-0000000000d9',
  storage: '00000000-0000-4000-8000-0000000000da',
  question: '00000000-0000-4000-8000-0000000000a1',
  answer: '00000000-0000-4000-8000-0000000000a2',
  markdownFile: '00000000-0000-4000-8000-0000000000f1',
  docxFile: '00000000-0000-4000-8000-0000000000f2',
  pdfFile: '00000000-0000-4000-8000-0000000000f3',
};

const expert: Assistant = {
  id: ids.expert,
  slug: 'ai-expert',
  name: 'AI Expert',
  description: 'Regulatory questions.',
  customized: false,
  defaultKnowledgeBase: true,
  defaultWebSearch: false,
};
const engineer: Assistant = { ...expert, id: ids.engineer, slug: 'prompt-engineer', name: 'Prompt Engineer' };

const markdownSource = [
  '---',
  'title: FATF lists',
  '---',
  '# FATF lists',
  '',
  'The lists change at each plenary.',
  '',
  '| Jurisdiction | Status |',
  '| --- | --- |',
  '| Iran | Call for action |',
  '| Myanmar | Call for action |',
  '',
  'Members apply countermeasures to the listed jurisdictions.',
].join('\n');

/** The memo as synced from a WebDAV share: version `revision`. */
function syncedMemo(revision: number): NonNullable<Citation['origin']> {
  return {
    connectionId: '00000000-0000-4000-8000-0000000000c1',
    connectionName: 'Team share',
    kind: 'webdav',
    path: 'memos/memo.docx',
    version: `"etag-${revision}"`,
    revision,
    syncedAt: '2026-11-20T09:00:00.000Z',
  };
}

function citation(overrides: Partial<Citation>): Citation {
  return {
    number: 1,
    kind: 'document',
    documentId: ids.markdownFile,
    title: 'FATF high-risk jurisdictions',
    page: null,
    quote: 'Iran | Call for action',
    href: `/documents?file=${ids.markdownFile}`,
    asOf: '2026-10-24',
    ...overrides,
  };
}

const citations: Citation[] = [
  citation({}),
  citation({
    number: 2,
    documentId: ids.docxFile,
    title: 'AMLA due diligence memo',
    quote: 'The financial intermediary must verify the identity of the contracting party.',
    href: `/documents?file=${ids.docxFile}`,
    asOf: null,
    origin: syncedMemo(1),
  }),
  citation({
    number: 3,
    documentId: ids.pdfFile,
    title: 'Rule 204-3 guide',
    page: 1,
    quote: 'An adviser must deliver its brochure before or at the time of entering into the contract.',
    href: `/documents?file=${ids.pdfFile}&page=1`,
    asOf: null,
  }),
  citation({ number: 4, kind: 'fatf', documentId: null, title: 'Iran — FATF status', href: '/fatf/countries/IR' }),
  citation({ number: 5, kind: 'web', documentId: null, title: 'FATF website', href: 'https://www.fatf-gafi.org/' }),
];

function file(id: string, type: string, name: string): FileContent['file'] {
  return {
    id,
    name,
    folderId: null,
    rootFolderId: null,
    url: `/api/documents/files/${id}/download`,
    status: 'ready',
    sizeBytes: 1000,
    mimeType: 'application/octet-stream',
    type,
    language: 'en',
    title: name,
    pageCount: 1,
    chunkCount: 1,
    noText: false,
    failureCode: null,
    warnings: [],
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
  } as FileContent['file'];
}

const contents: Record<string, FileContent> = {
  [ids.markdownFile]: {
    file: file(ids.markdownFile, 'markdown', 'fatf.md'),
    pages: [{ number: 1, text: 'FATF lists' }],
  },
  [ids.docxFile]: {
    // Synced again since the answer quoted it.
    file: { ...file(ids.docxFile, 'docx', 'memo.docx'), origin: syncedMemo(2) },
    pages: [
      {
        number: 1,
        text: 'Memo on due diligence.\n\nBefore a business relationship starts, the financial\nintermediary must verify the identity of the contracting party.',
      },
      { number: 2, text: 'Records are kept for ten years.' },
    ],
  },
  [ids.pdfFile]: { file: file(ids.pdfFile, 'pdf', 'rule-204-3.pdf'), pages: [{ number: 1, text: '' }] },
};

const conversation: ConversationDetail = {
  id: ids.conversation,
  title: 'FATF lists',
  status: 'active',
  assistantId: ids.expert,
  knowledgeBase: true,
  webSearch: false,
  createdAt: '2026-11-01T10:00:00.000Z',
  updatedAt: '2026-11-01T10:00:00.000Z',
  messages: [
    {
      id: ids.question,
      role: 'user',
      content: 'Which jurisdictions are on the FATF black list?',
      status: 'complete',
      citations: [],
      errorCode: null,
      createdAt: '2026-11-01T10:00:00.000Z',
    },
    {
      id: ids.answer,
      role: 'assistant',
      content: 'Iran and Myanmar are subject to a call for action [1].',
      status: 'complete',
      citations,
      errorCode: null,
      createdAt: '2026-11-01T10:00:01.000Z',
    },
  ],
};

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

function sse(events: Array<[string, unknown]>): Response {
  const body = events.map(([event, data]) => `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`).join('');
  return new Response(body, { status: 200, headers: { 'Content-Type': 'text/event-stream' } });
}

class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}

let settings: AccountSettings;
let provider: AssistantsResponse['capabilities']['provider'];
const fetchMock = vi.fn<typeof fetch>();
const posted: Array<{ path: string; body: Record<string, unknown> }> = [];

beforeEach(() => {
  settings = {
    language: 'en',
    theme: 'light',
    defaultAssistant: 'expert',
    knowledgeBaseSearch: true,
    sessionLifetimeDays: 30,
  };
  provider = 'offline';
  posted.length = 0;
  pdfPages.length = 0;
  pdfPages.push(
    ['Rule 204-3', 'Delivery of the brochure'],
    [
      'Other rules apply to the annual update.',
      'An adviser must deliver its brochure',
      'before or at the time of entering',
      'into the contract.',
    ],
    ['Annex'],
  );
  shareTargets = [];
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const path = new URL(url, 'http://localhost').pathname;
    if (path === '/api/assistants') {
      return json(200, {
        assistants: [expert, engineer],
        capabilities: { provider, webSearch: { available: false, reason: null }, anonymousDailyLimit: 5 },
      });
    }
    if (path === '/api/account/settings') return json(200, settings);
    if (path === `/api/chat/conversations/${ids.conversation}`) return json(200, conversation);
    if (path === '/api/integrations/share-targets') return json(200, { connections: shareTargets });
    if (path === '/api/integrations/tickets') return json(200, { tickets: [] });
    if (path === `/api/integrations/${ids.storage}/share` && init?.method === 'POST') {
      posted.push({ path, body: JSON.parse(String(init.body)) as Record<string, unknown> });
      return json(201, {
        id: '00000000-0000-4000-8000-0000000000f3',
        connectionId: ids.storage,
        connectionName: 'Team share',
        kind: 'webdav',
        destination: 'dav.example.com/policies/Compliance Assistant/2026-03-02 1000 FATF lists.md',
        senderEmail: 'ada@example.com',
        content: 'FATF lists',
        contentSha256: 'a'.repeat(64),
        status: 'sent',
        externalId: 'Compliance Assistant/2026-03-02 1000 FATF lists.md',
        errorCode: null,
        sentAt: '2026-03-02T10:00:00.000Z',
      });
    }
    if (path === `/api/integrations/${ids.ticketSystem}/tasks` && init?.method === 'POST') {
      posted.push({ path, body: JSON.parse(String(init.body)) as Record<string, unknown> });
      return json(201, {
        id: '00000000-0000-4000-8000-0000000000f2',
        kind: 'task',
        connectionId: ids.ticketSystem,
        connectionName: 'Support desk',
        number: 31,
        title: 'Which jurisdictions are on the FATF black list?',
        url: 'https://rt.example.com/Ticket/Display.html?id=31',
        status: 'new',
        statusCheckedAt: '2026-03-02T10:00:00.000Z',
        owner: null,
        due: null,
        conversationId: ids.conversation,
        country: null,
        createdAt: '2026-03-02T10:00:00.000Z',
      });
    }
    const content = /^\/api\/documents\/files\/([^/]+)\/content$/.exec(path);
    if (content) return json(200, contents[content[1]!]);
    if (path === `/api/documents/files/${ids.markdownFile}/download`) return new Response(markdownSource);
    if (path === `/api/documents/files/${ids.pdfFile}/download`) return new Response(new Uint8Array([37, 80, 68, 70]));
    if (init?.method === 'POST') {
      posted.push({ path, body: JSON.parse(String(init.body)) as Record<string, unknown> });
      return sse([
        [
          'meta',
          {
            conversationId: null,
            userMessageId: null,
            messageId: null,
            assistant: { id: ids.expert, name: 'AI Expert', slug: 'ai-expert' },
            title: null,
          },
        ],
        ['delta', { text: conversation.messages[1]!.content }],
        ['citation', citations[0]],
        [
          'done',
          { status: 'complete', usage: { promptTokens: 0, completionTokens: 0, totalTokens: 0 }, remaining: null },
        ],
      ]);
    }
    return json(404, { error: { code: 'NOT_FOUND', message: 'Not found' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  vi.stubGlobal('ResizeObserver', ResizeObserverStub);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

/** Wide screens (the side panel) or phones (the sheet): jsdom has no matchMedia, so it is stubbed. */
function screenWidth(wide: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: wide,
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
  }));
}

function renderChat(conversationId: string | null, mode: 'account' | 'trial' = 'account') {
  return renderRoute('/chat', {
    routes: [
      { path: '/chat', element: <ChatView mode={mode} conversationId={conversationId} /> },
      { path: '/fatf/countries/:id', element: <p>Country page</p> },
    ],
  });
}

async function sources() {
  const answer = await screen.findByText(/Iran and Myanmar are subject/);
  return within(answer.closest('li')!);
}

describe('the sources of an answer', () => {
  it('show their "as of" date; a FATF source links inside the app, a web source opens in a new tab', async () => {
    screenWidth(true);
    renderChat(ids.conversation);
    const list = await sources();
    // Sources 1, 4 and 5 carry a date; 2 and 3 do not.
    expect(list.getAllByText('as of 24 Oct 2026')).toHaveLength(3);
    expect(list.getByRole('link', { name: 'Iran — FATF status' })).toHaveAttribute('href', '/fatf/countries/IR');
    expect(list.getByRole('link', { name: 'Iran — FATF status' })).not.toHaveAttribute('target');
    const web = list.getByRole('link', { name: /FATF website/ });
    expect(web).toHaveAttribute('href', 'https://www.fatf-gafi.org/');
    expect(web).toHaveAttribute('target', '_blank');
  });
});

describe('a source synced from a connection', () => {
  it('names the remote file and the version quoted, and says when a newer version has been synced since', async () => {
    screenWidth(true);
    const { user } = renderChat(ids.conversation);
    const list = await sources();
    expect(
      list.getByText(/^Synced from “Team share”: memos\/memo\.docx, version 1 of 20 Nov 2026$/),
    ).toBeInTheDocument();

    await user.click(list.getByRole('button', { name: /AMLA due diligence memo/ }));
    const panel = await screen.findByRole('complementary', { name: 'AMLA due diligence memo' });
    expect(await within(panel).findByRole('note')).toHaveTextContent(
      'A newer version (version 2) has been synced since this answer quoted version 1.',
    );
  });
});

describe('the citation viewer', () => {
  it('opens a Markdown source beside the chat with its table rendered and the passage marked; Escape returns to the citation', async () => {
    screenWidth(true);
    const { user } = renderChat(ids.conversation);
    const list = await sources();
    const opener = list.getByRole('button', { name: /FATF high-risk jurisdictions/ });
    await user.click(opener);

    const panel = await screen.findByRole('complementary', { name: 'FATF high-risk jurisdictions' });
    // Beside the conversation, not over it: no dialog, the chat stays in place.
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(within(panel).getByText('as of 24 Oct 2026')).toBeInTheDocument();
    const table = await within(panel).findByRole('table');
    const marks = table.querySelectorAll('mark[data-passage]');
    expect([...marks].map((mark) => mark.textContent)).toEqual(['Iran', 'Call for action']);
    expect(within(panel).queryByText(/could not be located/)).not.toBeInTheDocument();
    // The front matter is not shown as text.
    expect(within(panel).queryByText(/title: FATF lists/)).not.toBeInTheDocument();
    expect(within(panel).getByRole('heading', { name: 'FATF high-risk jurisdictions' })).toHaveFocus();

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('complementary')).not.toBeInTheDocument());
    await waitFor(() => expect(opener).toHaveFocus());
  });

  it('on a phone opens a DOCX source as a sheet with the extracted text marked; closing returns to the citation', async () => {
    screenWidth(false);
    const { user } = renderChat(ids.conversation);
    const list = await sources();
    const opener = list.getByRole('button', { name: /AMLA due diligence memo/ });
    await user.click(opener);

    const sheet = await screen.findByRole('dialog', { name: 'AMLA due diligence memo' });
    const text = await within(sheet).findByTestId('cited-text');
    const mark = text.querySelector('mark[data-passage]');
    expect(mark?.textContent).toBe('the financial\nintermediary must verify the identity of the contracting party');
    expect(within(text).getByText(/Records are kept for ten years/)).toBeInTheDocument();
    expect(within(sheet).getByRole('link', { name: 'Open in Documents' })).toHaveAttribute(
      'href',
      `/documents?file=${ids.docxFile}`,
    );

    await user.click(within(sheet).getByRole('button', { name: 'Close the source' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(opener).toHaveFocus());
  });

  it('shows a PDF as its rendered page, turning to the page that holds the passage, with the matching text-layer spans marked', async () => {
    screenWidth(true);
    const { user } = renderChat(ids.conversation);
    const list = await sources();
    await user.click(list.getByRole('button', { name: /Rule 204-3 guide/ }));

    const panel = await screen.findByRole('complementary', { name: 'Rule 204-3 guide' });
    expect(await within(panel).findByText('Page 2 of 3')).toBeInTheDocument();
    const page = within(panel).getByTestId('pdf-page');
    await waitFor(() => expect(page.querySelectorAll('mark[data-passage]')).toHaveLength(3));
    expect([...page.querySelectorAll('mark[data-passage]')].map((mark) => mark.textContent)).toEqual([
      'An adviser must deliver its brochure',
      'before or at the time of entering',
      'into the contract',
    ]);
    expect(page.querySelector('canvas')).toBeInTheDocument();

    // Another page has no passage to mark.
    await user.click(within(panel).getByRole('button', { name: 'Next page' }));
    expect(await within(panel).findByText('Page 3 of 3')).toBeInTheDocument();
    await waitFor(() => expect(page.querySelectorAll('mark[data-passage]')).toHaveLength(0));
    await user.click(within(panel).getByRole('button', { name: 'Close the source' }));
    await waitFor(() => expect(screen.queryByRole('complementary')).not.toBeInTheDocument());
  });

  it('in the anonymous trial shows the cited passage itself, without reading the library', async () => {
    screenWidth(true);
    const { user } = renderChat(null, 'trial');
    // The trial offers what its page promises, chosen already: the AI Expert on the shared knowledge base.
    expect(await screen.findByRole('radio', { name: /AI Expert/ })).toBeChecked();
    expect(screen.queryByRole('radio', { name: /Prompt Engineer/ })).not.toBeInTheDocument();
    expect(screen.getByText(/With an account, your own documents are searched too/)).toBeInTheDocument();
    await user.type(
      screen.getByRole('textbox', { name: 'Your question' }),
      'Which jurisdictions are on the black list?',
    );
    await user.click(screen.getByRole('button', { name: 'Send' }));
    const list = await sources();
    await user.click(await list.findByRole('button', { name: /FATF high-risk jurisdictions/ }));

    const panel = await screen.findByRole('complementary', { name: 'FATF high-risk jurisdictions' });
    expect(within(panel).getByText(/Sign in to open the whole document/)).toBeInTheDocument();
    expect(panel.querySelector('mark[data-passage]')?.textContent).toBe('Iran | Call for action');
    expect(within(panel).queryByRole('link', { name: 'Open in Documents' })).not.toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([input]) => String(input).includes('/api/documents/'))).toBe(false);
  });

  it('opens from the [n] marker in the answer too', async () => {
    screenWidth(true);
    const { user } = renderChat(ids.conversation);
    await sources();
    await user.click(screen.getByRole('button', { name: '[1]' }));
    expect(await screen.findByRole('complementary', { name: 'FATF high-risk jurisdictions' })).toBeInTheDocument();
  });
});

describe('new conversations', () => {
  it('start with the default assistant and the knowledge-base setting from Settings', async () => {
    screenWidth(true);
    settings = { ...settings, defaultAssistant: 'prompt_engineer', knowledgeBaseSearch: false };
    const { user } = renderChat(null);
    await waitFor(() => expect(screen.getByRole('radio', { name: /Prompt Engineer/ })).toBeChecked());
    expect(screen.getByRole('switch', { name: 'Knowledge-base search' })).not.toBeChecked();

    await user.type(screen.getByRole('textbox', { name: 'Your question' }), 'Write a prompt for a KYC review');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toMatchObject({
      path: '/api/chat/conversations',
      body: { assistantId: ids.engineer, knowledgeBase: false },
    });
  });

  it('turn knowledge-base search on when Settings say so', async () => {
    screenWidth(true);
    renderChat(null);
    await waitFor(() => expect(screen.getByRole('radio', { name: /AI Expert/ })).toBeChecked());
    expect(screen.getByRole('switch', { name: 'Knowledge-base search' })).toBeChecked();
  });
});

describe('offline mode', () => {
  it('says why Regenerate gave the same answer', async () => {
    screenWidth(true);
    const { user } = renderChat(ids.conversation);
    await sources();
    await user.click(screen.getByRole('button', { name: 'Regenerate' }));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]!.body).toMatchObject({ regenerate: true });
    expect(await screen.findByText(/The built-in engine answers extractively from the sources/)).toBeInTheDocument();
  });
});

let shareTargets: Record<string, unknown>[] = [];

describe('a task from an answer', () => {
  it('is offered with a ticket system, prefilled with the question and the answer, and created', async () => {
    shareTargets = [
      {
        id: ids.ticketSystem,
        kind: 'requesttracker',
        capability: 'tickets',
        scope: 'personal',
        name: 'Support desk',
        settings: { url: 'https://rt.example.com/', queue: 'General' },
        target: 'rt.example.com · General',
        status: 'connected',
        lastCheckedAt: null,
        lastSyncAt: null,
        lastError: null,
        folderId: null,
        createdAt: '2026-03-02T10:00:00.000Z',
      },
    ];
    screenWidth(true);
    const { user } = renderChat(ids.conversation);
    expect(await screen.findByRole('button', { name: 'Create ticket' })).toBeInTheDocument();
    const answer = await sources();
    await user.click(await answer.findByRole('button', { name: 'Create task' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Create a task' }));
    expect(await dialog.findByRole('textbox', { name: /Title/ })).toHaveValue(
      'Which jurisdictions are on the FATF black list?',
    );
    expect(dialog.getByRole('textbox', { name: 'Description' })).toHaveValue(
      'Iran and Myanmar are subject to a call for action [1].',
    );
    await user.click(dialog.getByRole('button', { name: 'Create task' }));
    expect(await dialog.findByRole('status')).toHaveTextContent('Task #31 created');
    expect(posted.at(-1)).toEqual({
      path: `/api/integrations/${ids.ticketSystem}/tasks`,
      body: {
        title: 'Which jurisdictions are on the FATF black list?',
        description: 'Iran and Myanmar are subject to a call for action [1].',
        due: null,
        owner: '',
        conversationId: ids.conversation,
        messageId: conversation.messages[1]!.id,
      },
    });
  });

  it('is not offered without a ticket system', async () => {
    screenWidth(true);
    renderChat(ids.conversation);
    const answer = await sources();
    expect(await answer.findByRole('button', { name: 'Share' })).toBeInTheDocument();
    expect(answer.queryByRole('button', { name: 'Create task' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Create ticket' })).not.toBeInTheDocument();
  });
});

describe('sharing an answer', () => {
  it('offers Share on a finished answer of a saved conversation, opening the share dialog', async () => {
    screenWidth(true);
    const { user } = renderChat(ids.conversation);
    const answer = await sources();
    await user.click(answer.getByRole('button', { name: 'Share' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Share this answer' }));
    expect(await dialog.findByRole('link', { name: 'Set up integrations' })).toHaveAttribute(
      'href',
      '/settings/integrations',
    );
  });

  it('saves the whole conversation to a storage folder, the only kind of target offered for it', async () => {
    const connection = (id: string, kind: string, capability: string, name: string, target: string) => ({
      id,
      kind,
      capability,
      scope: 'personal',
      name,
      settings: {},
      target,
      status: 'connected',
      lastCheckedAt: null,
      lastSyncAt: null,
      lastError: null,
      folderId: null,
      createdAt: '2026-03-02T10:00:00.000Z',
    });
    shareTargets = [
      connection(ids.storage, 'webdav', 'storage', 'Team share', 'dav.example.com/policies'),
      connection(ids.ticketSystem, 'teams', 'messages', 'Risk channel', 'Workflow at example.com'),
    ];
    screenWidth(true);
    const { user } = renderChat(ids.conversation);
    await user.click(await screen.findByRole('button', { name: 'Save conversation' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Save this conversation' }));
    expect(await dialog.findByRole('radio', { name: /Team share/ })).toBeInTheDocument();
    expect(dialog.queryByRole('radio', { name: /Risk channel/ })).not.toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(posted.at(-1)).toEqual({
      path: `/api/integrations/${ids.storage}/share`,
      body: { conversationId: ids.conversation },
    });
  });

  it('is not offered in the anonymous trial', async () => {
    screenWidth(true);
    const { user } = renderChat(null, 'trial');
    await user.click(await screen.findByRole('radio', { name: /AI Expert/ }));
    await user.type(screen.getByRole('textbox', { name: 'Your question' }), 'Which jurisdictions?');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    const answer = await sources();
    expect(await answer.findByRole('button', { name: 'Copy' })).toBeInTheDocument();
    expect(answer.queryByRole('button', { name: 'Share' })).not.toBeInTheDocument();
  });
});
