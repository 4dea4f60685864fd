import type { FreshdeskSettings } from '@compliance/shared/integrations';
import type { Outbound } from '../outbound.ts';
import { ConnectorError, type NewTicket, type RemoteTicket, type TicketConnector } from './connector.ts';
import { callJson, notFoundAs, waitingOutRateLimits } from './http.ts';
import { escapeHtml } from './markdown.ts';

/** Freshdesk's built-in statuses are numbers; custom ones (6 and up) are shown by their number. */
const STATUS_WORDS: Record<number, string> = { 2: 'open', 3: 'pending', 4: 'resolved', 5: 'closed' };
const STATUS_OPEN = 2;
const PRIORITY_LOW = 1;

interface FreshdeskTicket {
  id?: unknown;
  subject?: unknown;
  status?: unknown;
  responder_id?: unknown;
  due_by?: unknown;
  description_text?: unknown;
}

interface FreshdeskAgent {
  id?: unknown;
  contact?: { email?: unknown } | null;
}

/**
 * Freshdesk through its REST API v2 (`<url>/api/v2/`), signed in with an agent's API key (basic auth `KEY:X`).
 * Tickets are raised by that agent; their description is HTML, so the text is escaped and its line breaks kept.
 * A task is a ticket with `due_by` and a responder (an agent looked up by e-mail). Calls used:
 *
 * - `GET /agents/me` — who the key signs in as (the check, and the tickets' requester);
 * - `GET /agents?email=EMAIL` — a task's responder; `GET /agents/{id}` — a ticket's responder's address;
 * - `POST /tickets`, `GET /tickets/{id}` — a ticket, its first message being its `description_text`.
 *
 * Freshdesk publishes no Node SDK: plain fetch through `outbound.fetch`, which keeps the network guard. A 429 with
 * a short Retry-After is waited out, a longer one fails as rate limited.
 */
export function createFreshdeskConnector(
  settings: FreshdeskSettings,
  apiKey: string,
  outbound: Outbound,
): TicketConnector {
  const base = settings.url.replace(/\/+$/, '');
  outbound.checkUrl(base);
  const authorization = `Basic ${Buffer.from(`${apiKey}:X`).toString('base64')}`;
  const fetch = waitingOutRateLimits(outbound.fetch);

  async function call<T>(method: 'GET' | 'POST', path: string, query: Record<string, string> = {}, body?: unknown) {
    const url = new URL(`${base}/api/v2/${path}`);
    for (const [key, value] of Object.entries(query)) url.searchParams.set(key, value);
    return (await callJson(fetch, url, {
      method,
      headers: { authorization },
      body,
      vendor: 'Freshdesk',
      messageOf,
    })) as T;
  }

  const me = () => call<FreshdeskAgent>('GET', 'agents/me');

  /** The responder's e-mail address (null when nobody, or when the agent has since been deleted). */
  async function agentEmail(id: unknown): Promise<string | null> {
    if (typeof id !== 'number') return null;
    try {
      const agent = await call<FreshdeskAgent>('GET', `agents/${id}`);
      return typeof agent.contact?.email === 'string' ? agent.contact.email : null;
    } catch (error) {
      if (error instanceof ConnectorError && error.code === 'INTEGRATION_REMOTE_NOT_FOUND') return null;
      throw error;
    }
  }

  async function read(number: number): Promise<FreshdeskTicket> {
    try {
      return await call<FreshdeskTicket>('GET', `tickets/${number}`);
    } catch (error) {
      throw notFoundAs(error, `ticket ${number} not found`);
    }
  }

  async function get(number: number): Promise<RemoteTicket> {
    const ticket = await read(number);
    return {
      number,
      url: `${base}/a/tickets/${number}`,
      status:
        typeof ticket.status === 'number' ? (STATUS_WORDS[ticket.status] ?? `status ${ticket.status}`) : 'unknown',
      subject: typeof ticket.subject === 'string' ? ticket.subject : '',
      owner: await agentEmail(ticket.responder_id),
      due: typeof ticket.due_by === 'string' ? (/^\d{4}-\d{2}-\d{2}/.exec(ticket.due_by)?.[0] ?? null) : null,
    };
  }

  async function agentId(email: string): Promise<number> {
    const agents = await call<FreshdeskAgent[]>('GET', 'agents', { email });
    const agent = (Array.isArray(agents) ? agents : []).find(
      (candidate) =>
        typeof candidate.contact?.email === 'string' && candidate.contact.email.toLowerCase() === email.toLowerCase(),
    );
    if (typeof agent?.id !== 'number') {
      throw new ConnectorError('INTEGRATION_ASSIGNEE_NOT_FOUND', `no Freshdesk agent with the address ${email}`);
    }
    return agent.id;
  }

  return {
    describe: () => new URL(base).host,

    async check() {
      const agent = await me();
      if (typeof agent.id !== 'number') {
        throw new ConnectorError('INTEGRATION_AUTH_FAILED', 'Freshdesk did not say which agent the API key is');
      }
    },

    async create(ticket: NewTicket) {
      // The responder is looked up first, so that an unknown one creates nothing and says what is wrong.
      const responderId = ticket.owner ? await agentId(ticket.owner) : null;
      const requester = await me();
      if (typeof requester.contact?.email !== 'string') {
        throw new ConnectorError('INTEGRATION_REMOTE_ERROR', 'Freshdesk did not give the agent’s e-mail address');
      }
      const created = await call<FreshdeskTicket>(
        'POST',
        'tickets',
        {},
        {
          subject: ticket.subject,
          description: textAsHtml(ticket.body),
          email: requester.contact.email,
          status: STATUS_OPEN,
          priority: PRIORITY_LOW,
          // Noon UTC is the same calendar day in nearly every time zone the agents may read it in.
          ...(ticket.due ? { due_by: `${ticket.due}T12:00:00Z` } : {}),
          ...(responderId === null ? {} : { responder_id: responderId }),
        },
      );
      const number = Number(created.id);
      if (!Number.isInteger(number) || number < 1) {
        throw new ConnectorError('INTEGRATION_REMOTE_ERROR', 'Freshdesk did not say which ticket it created');
      }
      return get(number);
    },

    get,

    async firstMessage(number, maxChars) {
      const ticket = await read(number);
      const text = typeof ticket.description_text === 'string' ? ticket.description_text : '';
      return {
        subject: typeof ticket.subject === 'string' ? ticket.subject : '',
        text: text.replace(/\r\n?/g, '\n').trim().slice(0, maxChars),
      };
    },
  };
}

/** Plain text as Freshdesk's HTML description: every character escaped, line breaks kept. */
function textAsHtml(text: string): string {
  return `<div>${escapeHtml(text).replace(/\r\n?|\n/g, '<br>')}</div>`;
}

/** Freshdesk's error bodies: `{ code, message }`, or `{ description, errors: [{ field, message }] }`. */
function messageOf(payload: unknown): string | null {
  const { message, description, errors } = payload as { message?: unknown; description?: unknown; errors?: unknown };
  const parts = [typeof message === 'string' ? message : typeof description === 'string' ? description : null];
  if (Array.isArray(errors)) {
    for (const error of errors as { field?: unknown; message?: unknown }[]) {
      if (typeof error.message === 'string') {
        parts.push(typeof error.field === 'string' ? `${error.field}: ${error.message}` : error.message);
      }
    }
  }
  return parts.filter(Boolean).join('; ') || null;
}
