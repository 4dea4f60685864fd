import type { ZendeskSettings } from '@compliance/shared/integrations';
import type { Outbound } from '../outbound.ts';
import { ConnectorError, type NewTicket, type RemoteTicket, type TicketConnector } from './connector.ts';
import { callJson, notFoundAs, waitingOutRateLimits } from './http.ts';

interface ZendeskTicket {
  id?: unknown;
  subject?: unknown;
  status?: unknown;
  assignee_id?: unknown;
  due_at?: unknown;
}

interface ZendeskUser {
  id?: unknown;
  email?: unknown;
  role?: unknown;
}

/**
 * Zendesk Support through its REST API v2 (`<url>/api/v2/`), signed in with an agent's API token (basic auth
 * `email/token:TOKEN`). A ticket's text is its first comment, sent as plain text (`comment.body`: Zendesk
 * escapes it). A task is a ticket of type `task` (the only type Zendesk gives a due date) assigned to an agent
 * looked up by e-mail. Calls used:
 *
 * - `GET /users/me.json` — who the token signs in as (the check);
 * - `GET /users/search.json?query=EMAIL` — a task's assignee;
 * - `POST /tickets.json`, `GET /tickets/{id}.json?include=users` — a ticket, its assignee side-loaded;
 * - `GET /tickets/{id}/comments.json?sort_order=asc` — a ticket's first message.
 *
 * Zendesk publishes no Node SDK of its own (node-zendesk is a community client with a transport of its own),
 * and these are a handful of JSON calls: plain fetch through `outbound.fetch`, which keeps the network guard.
 * A 429 with a short Retry-After is waited out, a longer one fails as rate limited.
 */
export function createZendeskConnector(
  settings: ZendeskSettings,
  apiToken: string,
  outbound: Outbound,
): TicketConnector {
  const base = settings.url.replace(/\/+$/, '');
  outbound.checkUrl(base);
  const authorization = `Basic ${Buffer.from(`${settings.email}/token:${apiToken}`).toString('base64')}`;
  const fetch = waitingOutRateLimits(outbound.fetch);

  async function call<T>(method: 'GET' | 'POST', path: string, query: Record<string, string> = {}, body?: unknown) {
    const url = new URL(`${base}/api/v2/${path}`);
    for (const [key, value] of Object.entries(query)) url.searchParams.set(key, value);
    return (await callJson(fetch, url, {
      method,
      headers: { authorization },
      body,
      vendor: 'Zendesk',
      messageOf,
    })) as T;
  }

  const ticketUrl = (number: number) => `${base}/agent/tickets/${number}`;

  async function get(number: number): Promise<RemoteTicket> {
    let answer: { ticket?: ZendeskTicket; users?: ZendeskUser[] };
    try {
      answer = await call('GET', `tickets/${number}.json`, { include: 'users' });
    } catch (error) {
      throw notFoundAs(error, `ticket ${number} not found`);
    }
    const ticket = answer.ticket ?? {};
    const assignee = (answer.users ?? []).find((user) => user.id !== undefined && user.id === ticket.assignee_id);
    return {
      number,
      url: ticketUrl(number),
      status: typeof ticket.status === 'string' ? ticket.status : 'unknown',
      subject: typeof ticket.subject === 'string' ? ticket.subject : '',
      owner: typeof assignee?.email === 'string' ? assignee.email : null,
      due: typeof ticket.due_at === 'string' ? (/^\d{4}-\d{2}-\d{2}/.exec(ticket.due_at)?.[0] ?? null) : null,
    };
  }

  /** The agent (or admin) with this e-mail address; end users cannot be assigned tickets. */
  async function agentId(email: string): Promise<number> {
    const { users } = await call<{ users?: ZendeskUser[] }>('GET', 'users/search.json', { query: email });
    const agent = (users ?? []).find(
      (user) => typeof user.email === 'string' && user.email.toLowerCase() === email.toLowerCase() && isAgent(user),
    );
    if (typeof agent?.id !== 'number') {
      throw new ConnectorError('INTEGRATION_ASSIGNEE_NOT_FOUND', `no Zendesk agent with the address ${email}`);
    }
    return agent.id;
  }

  return {
    describe: () => new URL(base).host,

    async check() {
      const { user } = await call<{ user?: ZendeskUser }>('GET', 'users/me.json');
      // Without valid credentials Zendesk may answer as the anonymous user (no id) instead of 401.
      if (typeof user?.id !== 'number') {
        throw new ConnectorError('INTEGRATION_AUTH_FAILED', `Zendesk did not sign ${settings.email} in`);
      }
      if (!isAgent(user)) {
        throw new ConnectorError('INTEGRATION_AUTH_FAILED', `${settings.email} is not a Zendesk agent`);
      }
    },

    async create(ticket: NewTicket) {
      // The assignee is looked up first, so that an unknown one creates nothing and says what is wrong.
      const assigneeId = ticket.owner ? await agentId(ticket.owner) : null;
      const created = await call<{ ticket?: ZendeskTicket }>(
        'POST',
        'tickets.json',
        {},
        {
          ticket: {
            subject: ticket.subject,
            comment: { body: ticket.body },
            // Noon UTC is the same calendar day in nearly every time zone the agents may read it in.
            ...(ticket.due ? { type: 'task', due_at: `${ticket.due}T12:00:00Z` } : {}),
            ...(assigneeId === null ? {} : { assignee_id: assigneeId }),
          },
        },
      );
      const number = Number(created.ticket?.id);
      if (!Number.isInteger(number) || number < 1) {
        throw new ConnectorError('INTEGRATION_REMOTE_ERROR', 'Zendesk did not say which ticket it created');
      }
      return get(number);
    },

    get,

    async firstMessage(number, maxChars) {
      const ticket = await get(number);
      const { comments } = await call<{ comments?: { plain_body?: unknown; body?: unknown }[] }>(
        'GET',
        `tickets/${number}/comments.json`,
        { sort_order: 'asc' },
      );
      const first = comments?.[0];
      const text = typeof first?.plain_body === 'string' ? first.plain_body : first?.body;
      return {
        subject: ticket.subject,
        text: typeof text === 'string' ? text.replace(/\r\n?/g, '\n').trim().slice(0, maxChars) : '',
      };
    },
  };
}

/** Zendesk's own roles (not this application's): only agents and admins work tickets; end users raise them. */
const ZENDESK_AGENT_ROLES: ReadonlySet<unknown> = new Set(['agent', 'admin']);

function isAgent(user: ZendeskUser): boolean {
  return ZENDESK_AGENT_ROLES.has(user.role);
}

/** Zendesk's error bodies: `{ error: "RecordNotFound", description }`, `{ error: { title, message } }`… */
function messageOf(payload: unknown): string | null {
  const { error, description } = payload as { error?: unknown; description?: unknown };
  if (typeof error === 'object' && error !== null) {
    const { title, message } = error as { title?: unknown; message?: unknown };
    return [title, message].filter((part) => typeof part === 'string').join(': ') || null;
  }
  return [error, description].filter((part) => typeof part === 'string').join(': ') || null;
}
