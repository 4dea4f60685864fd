import type { SessionUser } from '@compliance/shared/auth';
import type { RegulatoryFunction, ResourceType } from '@compliance/shared/knowledge';
import {
  JOURNAL_PAGE_SIZE,
  connectorCapability,
  createConnectionInputSchema,
  syncsDocuments,
  type Connection,
  type ConnectionList,
  type ConnectionScope,
  oauthConnectorKinds,
  oauthStartInputSchema,
  oauthSettingsSchemas,
  type JournalEntry,
  type OAuthConnectorKind,
  type SyncRun,
} from '@compliance/shared/integrations';

/**
 * A stand-in for the integrations API at the network edge (the global `fetch`), kept in memory: what
 * the server would answer, with the shared contract's own validation. Tests inject failures with
 * `respond`, and say how a queued sync ends with `finishSync`.
 */

export const user: SessionUser = {
  id: '00000000-0000-4000-8000-0000000000e1',
  email: 'eva@example.test',
  firstName: 'Eva',
  lastName: 'Muster',
  companyName: 'Muster AG',
  role: 'user',
  language: 'en',
  emailVerified: true,
};

export const admin: SessionUser = { ...user, id: '00000000-0000-4000-8000-0000000000e2', role: 'admin' };

const at = '2026-03-02T10:00:00.000Z';
let counter = 0;
export function uuid(): string {
  counter += 1;
  return `00000000-0000-4000-8000-${counter.toString(16).padStart(12, '0')}`;
}

/** Each kind's settings and display target as the server answers them. */
const samples: Record<Connection['kind'], Pick<Connection, 'settings' | 'target'>> = {
  webdav: {
    settings: {
      url: 'https://cloud.example.com/remote.php/dav/files/eva/',
      username: 'eva',
      remotePath: '/Compliance',
      schedule: 'daily',
    },
    target: 'cloud.example.com/remote.php/dav/files/eva/Compliance',
  },
  dokuwiki: {
    settings: { url: 'https://wiki.example.com/', username: 'eva', namespace: 'policies:aml', schedule: 'manual' },
    target: 'wiki.example.com/policies:aml',
  },
  mediawiki: {
    settings: {
      url: 'https://wiki.example.com/w/api.php',
      username: 'Eva@sync',
      namespace: '',
      category: 'Policies',
      schedule: 'daily',
    },
    target: 'wiki.example.com/Category:Policies',
  },
  confluence: {
    settings: {
      url: 'https://example.atlassian.net',
      email: 'eva@example.com',
      spaceKey: 'COMPLY',
      parentPageId: '',
      schedule: 'manual',
    },
    target: 'example.atlassian.net/COMPLY',
  },
  notion: {
    settings: { parentId: '1a2b3c4d5e6f47a8b9c0d1e2f3a4b5c6', schedule: 'manual' },
    target: 'api.notion.com/1a2b3c4d-5e6f-47a8-b9c0-d1e2f3a4b5c6',
  },
  slack: { settings: { channel: '#compliance' }, target: '#compliance' },
  // A Teams workflow is shown by its host alone.
  teams: { settings: {}, target: 'prod-12.westeurope.logic.azure.com' },
  s3: {
    settings: {
      endpoint: 'https://s3.eu-central-1.wasabisys.com',
      region: 'eu-central-1',
      bucket: 'compliance-docs',
      prefix: 'policies',
      accessKeyId: 'AKIAEXAMPLE',
      schedule: 'manual',
    },
    target: 's3.eu-central-1.wasabisys.com/compliance-docs/policies',
  },
  onedrive: {
    settings: { driveId: '', remotePath: '/Compliance', schedule: 'daily' },
    target: 'OneDrive/Compliance',
  },
  dropbox: { settings: { remotePath: '/Policies', schedule: 'manual' }, target: 'Dropbox/Policies' },
  googledrive: {
    settings: { remoteFolderId: '1AbCdEfGhIjKlMnOp', schedule: 'manual' },
    target: 'Google Drive/1AbCdEfGhIjKlMnOp',
  },
  box: { settings: { remoteFolderId: '123456789', schedule: 'manual' }, target: 'Box/123456789' },
  matrix: {
    settings: { homeserverUrl: 'https://matrix.example.org', roomId: '!compliance:example.org', fatfAlerts: false },
    target: '!compliance:example.org @ matrix.example.org',
  },
  email: {
    settings: { recipients: ['compliance@example.com', 'officer@example.com'], fatfAlerts: false },
    target: 'compliance@example.com, officer@example.com',
  },
  imap: {
    settings: {
      host: 'imap.example.com',
      port: 993,
      tls: true,
      username: 'compliance@example.com',
      folder: 'Compliance',
      schedule: 'daily',
    },
    target: 'imap.example.com/Compliance',
  },
  requesttracker: {
    settings: { url: 'https://rt.example.com/', queue: 'Compliance' },
    target: 'rt.example.com · Compliance',
  },
  zendesk: {
    settings: { url: 'https://example.zendesk.com', email: 'agent@example.com' },
    target: 'example.zendesk.com',
  },
  freshdesk: { settings: { url: 'https://example.freshdesk.com' }, target: 'example.freshdesk.com' },
  jira: {
    settings: {
      url: 'https://example.atlassian.net',
      email: 'officer@example.com',
      projectKey: 'COMP',
      issueType: 'Task',
    },
    target: 'example.atlassian.net · COMP',
  },
  asana: { settings: { projectGid: '1208765432101234', workspaceGid: '' }, target: 'Asana · 1208765432101234' },
};

export function connection(overrides: Partial<Connection> = {}): Connection {
  const kind = overrides.kind ?? 'webdav';
  return {
    id: uuid(),
    kind,
    capability: connectorCapability[kind],
    scope: 'personal',
    name: 'Team drive',
    ...samples[kind],
    status: 'connected',
    lastCheckedAt: at,
    lastSyncAt: null,
    lastError: null,
    folderId: null,
    createdAt: at,
    ...overrides,
  };
}

export function syncRun(overrides: Partial<SyncRun> = {}): SyncRun {
  return {
    id: uuid(),
    status: 'succeeded',
    trigger: 'manual',
    startedAt: at,
    finishedAt: at,
    counts: { added: 0, updated: 0, deleted: 0, unchanged: 0, failed: 0 },
    errorCode: null,
    items: [],
    ...overrides,
  };
}

export function journalEntry(overrides: Partial<JournalEntry> = {}): JournalEntry {
  return {
    id: uuid(),
    connectionId: null,
    connectionName: 'Compliance channel',
    kind: 'slack',
    destination: '#compliance',
    senderEmail: user.email,
    content: 'Which jurisdictions are on the FATF black list?\n\nIran and Myanmar [1].',
    contentSha256: 'a3f1c9e2b7d4a3f1c9e2b7d4a3f1c9e2b7d4a3f1c9e2b7d4a3f1c9e2b7d4a3f1',
    status: 'sent',
    externalId: '1700000000.000100',
    errorCode: null,
    sentAt: at,
    ...overrides,
  };
}

/** The admin knowledge-base taxonomy the branch picker reads (GET /api/admin/knowledge/…). */
export interface Taxonomy {
  functions: RegulatoryFunction[];
  /** Each function's resource types. */
  resourceTypes: Record<string, ResourceType[]>;
}

function taxonomyItem(code: string, en: string, de: string): RegulatoryFunction {
  return {
    id: uuid(),
    code,
    names: { en, de, fr: '', it: '' },
    descriptions: { en: '', de: '', fr: '', it: '' },
    position: 0,
    documentCount: 0,
  };
}

/** Two regulatory functions, each with its resource types. */
export function taxonomy(): Taxonomy {
  const aml = taxonomyItem('aml_kyc', 'AML / KYC', 'Geldwäscherei / KYC');
  const advisers = taxonomyItem('investment_advisers', 'Investment advisers', 'Anlageberater');
  const policies = taxonomyItem('policies', 'Internal policies', 'Interne Weisungen');
  const laws = taxonomyItem('laws', 'Laws and ordinances', 'Gesetze und Verordnungen');
  const forms = taxonomyItem('forms', 'Forms', 'Formulare');
  return {
    functions: [aml, advisers],
    resourceTypes: { [aml.id]: [policies, laws], [advisers.id]: [forms, laws] },
  };
}

export interface Call {
  method: string;
  path: string;
  search: URLSearchParams;
  body: Record<string, unknown> | undefined;
}

export interface FakeIntegrationsApiOptions {
  session?: SessionUser;
  connections?: Connection[];
  runs?: Record<string, SyncRun[]>;
  journal?: JournalEntry[];
  organisationJournal?: JournalEntry[];
  /** The user's company, as the company connections' list tells it (default: the user is in none). */
  company?: ConnectionList['company'];
  companyJournal?: JournalEntry[];
  /** Answers a request first (an error, a slow remote…); `undefined` leaves it to the fake. */
  respond?: (call: Call) => Response | undefined;
  /** How a new connection's test ends (default: it works). */
  testOutcome?: (connection: Connection) => Pick<Connection, 'status' | 'lastError'>;
  /** How a queued sync ends when its history is next read (default: nothing changed). */
  finishSync?: (run: SyncRun) => SyncRun;
  /** The knowledge-base taxonomy (admins' branch picker). */
  taxonomy?: Taxonomy;
  /** Which OAuth vendors the administrator set up (default: all). */
  oauthConfigured?: Partial<Record<OAuthConnectorKind, boolean>>;
}

export function json(status: number, body: unknown): Response {
  return new Response(status === 204 ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

export function apiError(status: number, code: string, fields?: Record<string, string>): Response {
  return json(status, { error: { code, message: `${code} (server text)`, ...(fields ? { fields } : {}) } });
}

export function fakeIntegrationsApi(options: FakeIntegrationsApiOptions = {}) {
  const connections = new Map((options.connections ?? []).map((item) => [item.id, item]));
  const runs: Record<string, SyncRun[]> = { ...options.runs };
  const journals: Record<ConnectionScope, JournalEntry[]> = {
    personal: options.journal ?? [],
    organisation: options.organisationJournal ?? [],
    company: options.companyJournal ?? [],
  };
  const calls: Call[] = [];
  const testOutcome = options.testOutcome ?? (() => ({ status: 'connected' as const, lastError: null }));

  const page = (scope: ConnectionScope, search: URLSearchParams) => {
    const number = Number(search.get('page') ?? 1);
    const entries = journals[scope];
    return json(200, {
      entries: entries.slice((number - 1) * JOURNAL_PAGE_SIZE, number * JOURNAL_PAGE_SIZE),
      page: number,
      pageCount: Math.max(1, Math.ceil(entries.length / JOURNAL_PAGE_SIZE)),
      total: entries.length,
    });
  };

  const handler = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, 'http://x');
    const method = init?.method ?? 'GET';
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as Record<string, unknown>) : undefined;
    const call: Call = { method, path: url.pathname, search: url.searchParams, body };
    calls.push(call);
    const injected = options.respond?.(call);
    if (injected) return injected;

    const path = url.pathname;
    if (path === '/api/auth/session') return json(200, { user: options.session ?? user });
    if (path === '/api/integrations' && method === 'GET') {
      const scope = url.searchParams.get('scope') ?? 'personal';
      if (scope === 'company' && !options.company) return json(200, { connections: [] });
      return json(200, {
        connections: [...connections.values()].filter((item) => item.scope === scope),
        ...(scope === 'company' ? { company: options.company } : {}),
      });
    }
    if (path === '/api/integrations' && method === 'POST') {
      const parsed = createConnectionInputSchema.safeParse(body);
      if (!parsed.success) {
        return apiError(
          400,
          'VALIDATION_FAILED',
          Object.fromEntries(parsed.error.issues.map((issue) => [issue.path.join('.'), issue.message])),
        );
      }
      const { kind, scope, name, settings } = parsed.data;
      // As the server: an organisation source needs its knowledge-base branch; a personal one drops it.
      if (syncsDocuments(connectorCapability[kind]) && scope === 'organisation' && !('knowledgeBase' in settings)) {
        return apiError(400, 'VALIDATION_FAILED', {
          'settings.knowledgeBase': 'integrations:validation.knowledgeBaseRequired',
        });
      }
      const created = connection({ id: uuid(), kind, scope, name, settings, lastCheckedAt: at });
      Object.assign(created, testOutcome(created));
      connections.set(created.id, created);
      return json(201, created);
    }
    if (path === '/api/integrations/oauth/providers') {
      return json(200, {
        providers: oauthConnectorKinds.map((kind) => ({ kind, configured: options.oauthConfigured?.[kind] ?? true })),
      });
    }
    const oauthStart = /^\/api\/integrations\/oauth\/([^/]+)\/start$/.exec(path);
    if (oauthStart && method === 'POST') {
      const kind = oauthStart[1] as OAuthConnectorKind;
      if (options.oauthConfigured?.[kind] === false) return apiError(400, 'INTEGRATION_OAUTH_NOT_CONFIGURED');
      const parsed = oauthStartInputSchema.safeParse(body);
      const settings =
        parsed.success && 'settings' in parsed.data ? oauthSettingsSchemas[kind].safeParse(parsed.data.settings) : null;
      if (!parsed.success || (settings && !settings.success)) {
        const issues = parsed.success
          ? (settings?.error?.issues ?? []).map((issue) => ({ ...issue, path: ['settings', ...issue.path] }))
          : parsed.error.issues;
        return apiError(
          400,
          'VALIDATION_FAILED',
          Object.fromEntries(issues.map((issue) => [issue.path.join('.'), issue.message])),
        );
      }
      return json(200, { authorizeUrl: `https://login.vendor.test/${kind}/authorize?state=abc` });
    }
    if (path === '/api/admin/knowledge/functions' && options.taxonomy) return json(200, options.taxonomy.functions);
    const types = /^\/api\/admin\/knowledge\/functions\/([^/]+)\/resource-types$/.exec(path);
    if (types && options.taxonomy) {
      const functionId = types[1] ?? '';
      return json(200, {
        function: options.taxonomy.functions.find((item) => item.id === functionId) ?? null,
        resourceTypes: options.taxonomy.resourceTypes[functionId] ?? [],
      });
    }
    if (path === '/api/integrations/journal') return page('personal', url.searchParams);
    if (path === '/api/admin/integrations/journal') return page('organisation', url.searchParams);
    if (path === '/api/company/integrations/journal') return page('company', url.searchParams);
    if (
      path === '/api/integrations/journal.csv' ||
      path === '/api/admin/integrations/journal.csv' ||
      path === '/api/company/integrations/journal.csv'
    ) {
      return new Response('\ufeffsent_at,status\n', { status: 200, headers: { 'Content-Type': 'text/csv' } });
    }

    const match = /^\/api\/integrations\/([^/]+)(?:\/(test|sync|runs))?$/.exec(path);
    const existing = match ? connections.get(match[1] ?? '') : undefined;
    if (!match || !existing) return apiError(404, 'NOT_FOUND');
    const action = match[2];
    if (!action && method === 'PATCH') {
      const updated: Connection = {
        ...existing,
        name: typeof body?.name === 'string' ? body.name : existing.name,
        settings: { ...existing.settings, ...(body?.settings as Record<string, unknown> | undefined) },
      };
      Object.assign(updated, testOutcome(updated));
      connections.set(updated.id, updated);
      return json(200, updated);
    }
    if (!action && method === 'DELETE') {
      connections.delete(existing.id);
      return json(204, null);
    }
    if (action === 'test') {
      const checked = { ...existing, ...testOutcome(existing) };
      connections.set(checked.id, checked);
      return json(200, { ok: checked.status === 'connected', connection: checked });
    }
    if (action === 'sync') {
      const list = runs[existing.id] ?? [];
      if (list.some((run) => run.status === 'queued' || run.status === 'running')) {
        return apiError(409, 'INTEGRATION_SYNC_RUNNING');
      }
      const queued = syncRun({ status: 'queued', startedAt: null, finishedAt: null });
      runs[existing.id] = [queued, ...list];
      return json(202, queued);
    }
    if (action === 'runs') {
      // The worker finishes a queued run by the time the history is read again.
      const list = (runs[existing.id] ?? []).map((run) => {
        if (run.status !== 'queued') return run;
        const finished = (options.finishSync ?? ((queued) => ({ ...queued, status: 'succeeded' as const })))(run);
        connections.set(existing.id, {
          ...existing,
          lastSyncAt: finished.finishedAt,
          folderId: existing.folderId ?? uuid(),
        });
        return finished;
      });
      runs[existing.id] = list;
      return json(200, { runs: list });
    }
    return apiError(404, 'NOT_FOUND');
  };

  return { handler, calls, connections };
}
