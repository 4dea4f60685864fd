import type { RequestTrackerSettings } from '@compliance/shared/integrations';
import type { Outbound } from '../outbound.ts';
import {
  ConnectorError,
  httpStatusError,
  toConnectorError,
  type NewTicket,
  type RemoteTicket,
  type TicketConnector,
} from './connector.ts';

/** How many of a ticket's first attachments are looked through for its text (the rest are files, replies). */
const FIRST_MESSAGE_ATTACHMENTS = 5;

interface RtTicket {
  id?: unknown;
  Subject?: unknown;
  Status?: unknown;
  Owner?: { id?: unknown } | null;
  Due?: unknown;
}

/**
 * Request Tracker 5 through its REST 2 API (`<url>/REST/2.0/`), authenticated with a user's auth token
 * (`Authorization: token …`). Tickets go into the connection's queue; a task is a ticket with a Due date
 * and an Owner. Best Practical publishes no JavaScript client, and these are a handful of JSON calls.
 */
export function createRequestTrackerConnector(
  settings: RequestTrackerSettings,
  token: string,
  outbound: Outbound,
): TicketConnector {
  const base = settings.url.replace(/\/+$/, '');
  outbound.checkUrl(base);
  const api = `${base}/REST/2.0`;

  async function call<T>(method: 'GET' | 'POST', endpoint: string, body?: unknown): Promise<T> {
    const response = await outbound
      .fetch(`${api}${endpoint}`, {
        method,
        headers: {
          authorization: `token ${token}`,
          accept: 'application/json',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      })
      .catch((error: unknown) => {
        throw toConnectorError(error);
      });
    const text = await response.text().catch((error: unknown) => {
      throw toConnectorError(error);
    });
    let payload: unknown = undefined;
    try {
      payload = text ? JSON.parse(text) : undefined;
    } catch {
      // Not JSON: a proxy's or a login page, or not RT at all.
    }
    if (!response.ok) {
      const message = (payload as { message?: unknown } | undefined)?.message;
      const detail =
        typeof message === 'string' ? message.slice(0, 300) : `Request Tracker answered ${response.status}`;
      throw httpStatusError(response.status, detail, response.headers.get('retry-after'));
    }
    if (typeof payload !== 'object' || payload === null) {
      throw new ConnectorError('INTEGRATION_REMOTE_ERROR', 'not a Request Tracker REST 2 answer');
    }
    return payload as T;
  }

  const ticketUrl = (number: number) => `${base}/Ticket/Display.html?id=${number}`;

  /** RT answers dates as ISO timestamps and "not set" as the epoch. */
  function dateOf(value: unknown): string | null {
    if (typeof value !== 'string' || value.startsWith('1970-01-01')) return null;
    return /^\d{4}-\d{2}-\d{2}/.exec(value)?.[0] ?? null;
  }

  function toTicket(number: number, ticket: RtTicket): RemoteTicket {
    const owner = typeof ticket.Owner?.id === 'string' && ticket.Owner.id !== 'Nobody' ? ticket.Owner.id : null;
    return {
      number,
      url: ticketUrl(number),
      status: typeof ticket.Status === 'string' ? ticket.Status : 'unknown',
      subject: typeof ticket.Subject === 'string' ? ticket.Subject : '',
      owner,
      due: dateOf(ticket.Due),
    };
  }

  async function get(number: number): Promise<RemoteTicket> {
    try {
      return toTicket(number, await call<RtTicket>('GET', `/ticket/${number}`));
    } catch (error) {
      if (error instanceof ConnectorError && error.code === 'INTEGRATION_REMOTE_NOT_FOUND') {
        throw new ConnectorError('INTEGRATION_REMOTE_NOT_FOUND', `ticket ${number} not found`);
      }
      throw error;
    }
  }

  /** The queue must exist and be visible to the token's user (RT answers 404 for both). */
  async function checkQueue(): Promise<void> {
    try {
      await call('GET', `/queue/${encodeURIComponent(settings.queue)}`);
    } catch (error) {
      if (error instanceof ConnectorError && error.code === 'INTEGRATION_REMOTE_NOT_FOUND') {
        throw new ConnectorError('INTEGRATION_REMOTE_NOT_FOUND', `queue “${settings.queue}” not found`);
      }
      throw error;
    }
  }

  async function checkUser(name: string): Promise<void> {
    try {
      await call('GET', `/user/${encodeURIComponent(name)}`);
    } catch (error) {
      if (error instanceof ConnectorError && error.code === 'INTEGRATION_REMOTE_NOT_FOUND') {
        throw new ConnectorError('INTEGRATION_REMOTE_NOT_FOUND', `user “${name}” not found`);
      }
      throw error;
    }
  }

  return {
    describe: () => `${new URL(base).host} · ${settings.queue}`,

    check: checkQueue,

    async create(ticket: NewTicket) {
      // RT answers 400 for an unknown queue and silently leaves a ticket unassigned for an unknown owner:
      // both are checked first, so that a mistake creates nothing and says what is wrong.
      await checkQueue();
      if (ticket.owner) await checkUser(ticket.owner);
      const created = await call<{ id?: unknown }>('POST', '/ticket', {
        Queue: settings.queue,
        Subject: ticket.subject,
        Content: ticket.body,
        ContentType: 'text/plain',
        // RT reads "YYYY-MM-DD HH:MM:SS" in the server's time zone; the end of the working day is meant.
        ...(ticket.due ? { Due: `${ticket.due} 17:00:00` } : {}),
        ...(ticket.owner ? { Owner: ticket.owner } : {}),
      });
      const number = Number(created.id);
      if (!Number.isInteger(number) || number < 1) {
        throw new ConnectorError('INTEGRATION_REMOTE_ERROR', 'Request Tracker did not say which ticket it created');
      }
      const stored = await get(number);
      // An owner without the right to own tickets in the queue is not an error to RT either.
      if (ticket.owner && stored.owner?.toLowerCase() !== ticket.owner.toLowerCase()) {
        throw new ConnectorError(
          'INTEGRATION_REMOTE_ERROR',
          `ticket ${number} was created, but Request Tracker did not assign it to ${ticket.owner}`,
        );
      }
      return stored;
    },

    get,

    async firstMessage(number, maxChars) {
      const ticket = await get(number);
      const list = await call<{ items?: { id?: unknown }[] }>(
        'GET',
        `/ticket/${number}/attachments?per_page=${FIRST_MESSAGE_ATTACHMENTS}&page=1`,
      );
      const ids = (list.items ?? [])
        .map((item) => Number(item.id))
        .filter((id) => Number.isInteger(id))
        .sort((a, b) => a - b);
      for (const id of ids) {
        const attachment = await call<{ ContentType?: unknown; Content?: unknown }>('GET', `/attachment/${id}`);
        const type = typeof attachment.ContentType === 'string' ? attachment.ContentType.toLowerCase() : '';
        if (typeof attachment.Content !== 'string' || !type.startsWith('text/')) continue;
        const decoded = Buffer.from(attachment.Content, 'base64').toString('utf8');
        const text = (type === 'text/html' ? htmlToText(decoded) : decoded).replace(/\r\n?/g, '\n').trim();
        if (text) return { subject: ticket.subject, text: text.slice(0, maxChars) };
      }
      return { subject: ticket.subject, text: '' };
    },
  };
}

/** An HTML message body as plain text: tags dropped, paragraphs and line breaks kept, entities decoded. */
function htmlToText(html: string): string {
  return html
    .replace(/<(script|style)[^>]*>[\s\S]*?<\/\1>/gi, '')
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(p|div|li|h[1-6])>/gi, '\n')
    .replace(/<[^>]+>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\n{3,}/g, '\n\n');
}
