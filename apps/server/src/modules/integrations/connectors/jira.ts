import type { JiraSettings } from '@compliance/shared/integrations';
import type { Outbound } from '../outbound.ts';
import {
  ConnectorError,
  httpStatusError,
  toConnectorError,
  type NewTicket,
  type RemoteTicket,
  type TicketConnector,
} from './connector.ts';
import { readCapped, waitingOutRateLimits } from './http.ts';

/** A Jira answer is a few kilobytes; an issue with a long description a few hundred. */
const MAX_ANSWER_BYTES = 5 * 1024 * 1024;
/** The fields an issue is read with (status, assignee, due date, and its question). */
const ISSUE_FIELDS = 'summary,status,assignee,duedate,description';

/** A node of the Atlassian Document Format (the rich text of Jira Cloud's REST API v3). */
export interface AdfNode {
  /** The document's format version (1), on the `doc` node only. */
  version?: number;
  type: string;
  text?: string;
  attrs?: Record<string, unknown>;
  marks?: { type: string; attrs?: Record<string, unknown> }[];
  content?: AdfNode[];
}

interface JiraIssue {
  id?: unknown;
  key?: unknown;
  fields?: {
    summary?: unknown;
    status?: { name?: unknown } | null;
    assignee?: { displayName?: unknown; emailAddress?: unknown } | null;
    duedate?: unknown;
    description?: AdfNode | null;
  };
}

/**
 * Jira Cloud through its REST API v3 (`<site>/rest/api/3/`), signed in with an Atlassian account's e-mail
 * address and API token (Basic auth). Issues go into the connection's project with its issue type; a task is an
 * issue with a due date and an assignee (found by e-mail address). Descriptions are Atlassian Document Format,
 * built from plain text here, so nothing the answer holds is ever sent as markup. Atlassian publishes no
 * JavaScript client for Jira's REST API (jira.js is a third party's), and these are a handful of JSON calls.
 */
export function createJiraConnector(settings: JiraSettings, token: string, outbound: Outbound): TicketConnector {
  const site = settings.url.replace(/\/+$/, '');
  outbound.checkUrl(site);
  const api = `${site}/rest/api/3`;
  const authorization = `Basic ${Buffer.from(`${settings.email}:${token}`).toString('base64')}`;
  // A short Retry-After is waited out; a longer one is reported as rate limited.
  const fetch = waitingOutRateLimits(outbound.fetch);

  async function call<T>(method: 'GET' | 'POST', endpoint: string, body?: unknown): Promise<T> {
    let payload: unknown = undefined;
    let response: Response;
    try {
      response = await fetch(`${api}${endpoint}`, {
        method,
        headers: {
          authorization,
          accept: 'application/json',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await readCapped(response, MAX_ANSWER_BYTES);
      try {
        payload = text ? JSON.parse(text) : undefined;
      } catch {
        // Not JSON: a proxy's or a login page, or not Jira at all.
      }
    } catch (error) {
      throw toConnectorError(error);
    }
    if (!response.ok) {
      throw httpStatusError(
        response.status,
        jiraErrorText(payload, response.status),
        response.headers.get('retry-after'),
      );
    }
    if (typeof payload !== 'object' || payload === null) {
      throw new ConnectorError('INTEGRATION_REMOTE_ERROR', 'not a Jira REST API answer');
    }
    return payload as T;
  }

  /** A 404 of one call, said with what was not found. */
  async function naming<T>(what: string, work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (error instanceof ConnectorError && error.code === 'INTEGRATION_REMOTE_NOT_FOUND') {
        throw new ConnectorError('INTEGRATION_REMOTE_NOT_FOUND', `${what} not found`);
      }
      throw error;
    }
  }

  function toTicket(issue: JiraIssue): RemoteTicket {
    const number = Number(issue.id);
    const key = typeof issue.key === 'string' ? issue.key : null;
    if (!Number.isSafeInteger(number) || number < 1 || !key) {
      throw new ConnectorError('INTEGRATION_REMOTE_ERROR', 'Jira did not say which issue it is');
    }
    const fields = issue.fields ?? {};
    const assignee = fields.assignee;
    const owner =
      typeof assignee?.displayName === 'string'
        ? assignee.displayName
        : typeof assignee?.emailAddress === 'string'
          ? assignee.emailAddress
          : null;
    return {
      number,
      reference: key,
      url: `${site}/browse/${encodeURIComponent(key)}`,
      status: typeof fields.status?.name === 'string' ? fields.status.name : 'unknown',
      subject: typeof fields.summary === 'string' ? fields.summary : '',
      owner,
      due: typeof fields.duedate === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(fields.duedate) ? fields.duedate : null,
    };
  }

  const issue = (idOrKey: number | string) =>
    naming(`issue ${idOrKey}`, () =>
      call<JiraIssue>('GET', `/issue/${encodeURIComponent(idOrKey)}?fields=${ISSUE_FIELDS}`),
    );

  /** The account id of the user with this e-mail address (Jira assigns by account id only). */
  async function accountIdOf(email: string): Promise<string> {
    const users = await call<{ accountId?: unknown; emailAddress?: unknown; accountType?: unknown }[]>(
      'GET',
      `/user/search?query=${encodeURIComponent(email)}`,
    );
    const people = (Array.isArray(users) ? users : []).filter(
      (user) => typeof user.accountId === 'string' && (user.accountType ?? 'atlassian') === 'atlassian',
    );
    // Jira matches the query against names too, and hides e-mail addresses by the users' privacy settings:
    // an exact address wins, otherwise only a single match is taken as meant.
    const exact = people.filter(
      (user) => typeof user.emailAddress === 'string' && user.emailAddress.toLowerCase() === email.toLowerCase(),
    );
    const found = exact.length === 1 ? exact[0] : people.length === 1 ? people[0] : undefined;
    if (!found) throw new ConnectorError('INTEGRATION_ASSIGNEE_NOT_FOUND', `no Jira user “${email}”`);
    return found.accountId as string;
  }

  async function checkProject(): Promise<void> {
    await naming(`project “${settings.projectKey}”`, () =>
      call('GET', `/project/${encodeURIComponent(settings.projectKey)}`),
    );
  }

  return {
    describe: () => `${new URL(site).host} · ${settings.projectKey}`,

    async check() {
      await call('GET', '/myself');
      await checkProject();
    },

    async create(ticket: NewTicket) {
      // Jira answers an unknown project with a 400 among other field errors: it is checked first, like the
      // assignee, so that a mistake creates nothing and says what is wrong.
      await checkProject();
      const assignee = ticket.owner ? await accountIdOf(ticket.owner) : null;
      const created = await call<{ id?: unknown }>('POST', '/issue', {
        fields: {
          project: { key: settings.projectKey },
          issuetype: { name: settings.issueType },
          // Jira refuses summaries longer than 255 characters and with line breaks.
          summary: ticket.subject.replace(/\s+/g, ' ').trim().slice(0, 255),
          description: plainTextToAdf(ticket.body),
          ...(ticket.due ? { duedate: ticket.due } : {}),
          ...(assignee ? { assignee: { accountId: assignee } } : {}),
        },
      });
      if (typeof created.id !== 'string' && typeof created.id !== 'number') {
        throw new ConnectorError('INTEGRATION_REMOTE_ERROR', 'Jira did not say which issue it created');
      }
      return toTicket(await issue(String(created.id)));
    },

    get: async (number) => toTicket(await issue(number)),

    getByReference: async (reference) => toTicket(await issue(reference)),

    async firstMessage(number, maxChars) {
      const found = await issue(number);
      const description = found.fields?.description;
      return {
        subject: typeof found.fields?.summary === 'string' ? found.fields.summary : '',
        text: description ? adfToText(description).slice(0, maxChars) : '',
      };
    },
  };
}

/** Jira's error answer (`errorMessages` and per-field `errors`) in a line, or the status when it gave none. */
function jiraErrorText(payload: unknown, status: number): string {
  const { errorMessages, errors, message } = (payload ?? {}) as {
    errorMessages?: unknown;
    errors?: unknown;
    message?: unknown;
  };
  const parts = [
    ...(Array.isArray(errorMessages) ? errorMessages.filter((part) => typeof part === 'string') : []),
    ...(errors && typeof errors === 'object'
      ? Object.entries(errors).map(([field, text]) => `${field}: ${String(text)}`)
      : []),
    ...(typeof message === 'string' ? [message] : []),
  ];
  return parts.length > 0 ? parts.join('; ').slice(0, 300) : `Jira answered ${status}`;
}

const SOURCE_LINE = /^\[(\d+)\] (.*)$/;

/** Text with its web addresses as links (ADF `link` marks), everything else as plain text. */
function inlineNodes(line: string): AdfNode[] {
  const nodes: AdfNode[] = [];
  let last = 0;
  for (const match of line.matchAll(/https?:\/\/[^\s<>"]+/g)) {
    if (match.index > last) nodes.push({ type: 'text', text: line.slice(last, match.index) });
    nodes.push({ type: 'text', text: match[0], marks: [{ type: 'link', attrs: { href: match[0] } }] });
    last = match.index + match[0].length;
  }
  if (last < line.length) nodes.push({ type: 'text', text: line.slice(last) });
  return nodes;
}

/**
 * Plain text as an ADF document: each block (separated by a blank line) a paragraph with its line breaks, and
 * a block of numbered sources ("[1] Title — https://…") an ordered list starting at its first number.
 */
export function plainTextToAdf(text: string): AdfNode {
  const content: AdfNode[] = [];
  const blocks = text
    .replace(/\r\n?/g, '\n')
    .split(/\n\s*\n/)
    .map((block) => block.split('\n').filter((line) => line.trim() !== ''))
    .filter((lines) => lines.length > 0);
  for (const lines of blocks) {
    const sources = lines.map((line) => SOURCE_LINE.exec(line));
    if (sources.every(Boolean)) {
      content.push({
        type: 'orderedList',
        attrs: { order: Number(sources[0]![1]) },
        content: sources.map((source) => ({
          type: 'listItem',
          content: [{ type: 'paragraph', content: inlineNodes(source![2]!) }],
        })),
      });
      continue;
    }
    const paragraph: AdfNode[] = [];
    lines.forEach((line, index) => {
      if (index > 0) paragraph.push({ type: 'hardBreak' });
      paragraph.push(...inlineNodes(line));
    });
    content.push({ type: 'paragraph', content: paragraph });
  }
  return { version: 1, type: 'doc', content };
}

/** An ADF document as plain text: paragraphs apart, list items on their own lines, mentions and links as text. */
export function adfToText(node: AdfNode): string {
  return blockText(node)
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

function blockText(node: AdfNode, listPrefix = ''): string {
  const children = node.content ?? [];
  switch (node.type) {
    case 'text':
      return node.text ?? '';
    case 'hardBreak':
      return '\n';
    case 'mention':
    case 'emoji':
      return String(node.attrs?.['text'] ?? node.attrs?.['shortName'] ?? '');
    case 'inlineCard':
    case 'blockCard':
      return String(node.attrs?.['url'] ?? '');
    case 'bulletList':
      return `${children.map((item) => blockText(item, '- ')).join('')}\n`;
    case 'orderedList': {
      const start = Number(node.attrs?.['order'] ?? 1) || 1;
      return `${children.map((item, index) => blockText(item, `${start + index}. `)).join('')}\n`;
    }
    case 'listItem':
      return `${listPrefix}${children
        .map((child) => blockText(child))
        .join('\n')
        .trim()}\n`;
    case 'paragraph':
    case 'heading':
    case 'codeBlock':
      return `${children.map((child) => blockText(child)).join('')}\n\n`;
    default:
      return children.map((child) => blockText(child)).join('');
  }
}
