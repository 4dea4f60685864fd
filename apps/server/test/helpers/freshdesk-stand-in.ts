import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local Freshdesk stand-in: an HTTP server on 127.0.0.1 that speaks the subset of the REST API v2 the ticket
 * connector calls — `GET /api/v2/agents/me`, `GET /api/v2/agents?email=`, `GET /api/v2/agents/{id}`,
 * `POST /api/v2/tickets`, `GET /api/v2/tickets/{id}`. Freshdesk cannot be reached from here.
 *
 * It answers as Freshdesk does: basic auth with the API key as user name and `X` as password (else 401
 * `{ code: "invalid_credentials" }`), statuses as numbers (2 open … 5 closed), the description as HTML with its
 * text in `description_text`, 404 with an empty body for an unknown ticket or agent, 400 `Validation failed` with
 * an `errors` list for a bad ticket (no requester, an unknown responder, a due date in the past), and — when
 * asked — 429 with a Retry-After header in seconds.
 */

export interface FreshdeskStandInAgent {
  id: number;
  contact: { name: string; email: string };
}

export interface FreshdeskStandInTicket {
  id: number;
  subject: string;
  /** As posted: HTML. */
  description: string;
  description_text: string;
  status: number;
  priority: number;
  requester_email: string;
  responder_id: number | null;
  due_by: string;
}

export interface FreshdeskStandIn {
  /** The helpdesk's address, as a user types it: http://127.0.0.1:PORT */
  url: string;
  /** The signed-in agent's API key and address. */
  apiKey: string;
  email: string;
  /** Every request, in order: method and path with query. */
  requests: string[];
  addAgent(email: string, name: string): FreshdeskStandInAgent;
  /** A ticket as a customer raises it through the portal (its description HTML). */
  addTicket(subject: string, html: string): FreshdeskStandInTicket;
  ticket(id: number): FreshdeskStandInTicket | undefined;
  ticketCount(): number;
  /** The next `count` requests answer 429 with `Retry-After: seconds`. */
  rateLimitNext(count: number, seconds: number): void;
  close(): Promise<void>;
}

/** What Freshdesk keeps as `description_text`: the HTML's text, line breaks kept, entities decoded. */
function textOf(html: string): string {
  return html
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(p|div)>/gi, '\n')
    .replace(/<[^>]+>/g, '')
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&quot;', '"')
    .replaceAll('&#39;', "'")
    .replaceAll('&amp;', '&')
    .trim();
}

export async function startFreshdeskStandIn(): Promise<FreshdeskStandIn> {
  const apiKey = randomBytes(10).toString('base64url');
  const agents = new Map<number, FreshdeskStandInAgent>();
  const tickets = new Map<number, FreshdeskStandInTicket>();
  const requests: string[] = [];
  let nextAgentId = 43_000_000_001;
  let nextTicketId = 1;
  let limited = { count: 0, seconds: 0 };

  const addAgent = (email: string, name: string) => {
    const agent = { id: nextAgentId++, contact: { name, email } };
    agents.set(agent.id, agent);
    return agent;
  };
  const me = addAgent('helpdesk@example.com', 'Helpdesk Agent');

  const send = (response: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
    response.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers });
    response.end(body === undefined ? '' : JSON.stringify(body));
  };
  const invalid = (response: http.ServerResponse, field: string, message: string) =>
    send(response, 400, { description: 'Validation failed', errors: [{ field, message, code: 'invalid_value' }] });

  function store(ticket: Omit<FreshdeskStandInTicket, 'id' | 'description_text'>): FreshdeskStandInTicket {
    const stored = { id: nextTicketId++, ...ticket, description_text: textOf(ticket.description) };
    tickets.set(stored.id, stored);
    return stored;
  }
  const ticketJson = ({ requester_email: _requester, ...ticket }: FreshdeskStandInTicket) => ({
    ...ticket,
    type: null,
  });
  const inThreeDays = () => new Date(Date.now() + 3 * 86_400_000).toISOString().replace(/\.\d{3}Z$/, 'Z');

  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const url = new URL(request.url ?? '/', 'http://stand-in');
      requests.push(`${request.method} ${url.pathname}${url.search}`);
      if (limited.count > 0) {
        limited.count -= 1;
        return send(
          response,
          429,
          { message: 'You have exceeded the limit of requests per minute' },
          {
            'retry-after': String(limited.seconds),
          },
        );
      }
      const expected = `Basic ${Buffer.from(`${apiKey}:X`).toString('base64')}`;
      if (request.headers.authorization !== expected) {
        return send(response, 401, {
          code: 'invalid_credentials',
          message: 'You have to be logged in to perform this action.',
        });
      }
      let body: Record<string, unknown> = {};
      try {
        body = chunks.length ? (JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>) : {};
      } catch {
        return send(response, 400, { code: 'invalid_json', message: 'Request body has invalid json format' });
      }

      if (request.method === 'GET' && url.pathname === '/api/v2/agents/me') return send(response, 200, me);
      if (request.method === 'GET' && url.pathname === '/api/v2/agents') {
        const email = url.searchParams.get('email')?.toLowerCase();
        return send(
          response,
          200,
          [...agents.values()].filter((agent) => !email || agent.contact.email.toLowerCase() === email),
        );
      }
      const oneAgent = /^\/api\/v2\/agents\/(\d+)$/.exec(url.pathname);
      if (request.method === 'GET' && oneAgent) {
        const agent = agents.get(Number(oneAgent[1]));
        return agent ? send(response, 200, agent) : send(response, 404, undefined);
      }
      if (request.method === 'POST' && url.pathname === '/api/v2/tickets') {
        if (typeof body.email !== 'string' || !body.email.includes('@')) {
          return invalid(response, 'requester_id', 'Please fill at least 1 of requester_id, phone, email fields');
        }
        if (typeof body.subject !== 'string' || body.subject === '') {
          return invalid(response, 'subject', 'It should be a/an String');
        }
        if (typeof body.description !== 'string' || body.description === '') {
          return invalid(response, 'description', 'It should be a/an String');
        }
        if (![2, 3, 4, 5].includes(body.status as number)) {
          return invalid(response, 'status', 'It should be one of these values: 2,3,4,5');
        }
        if (![1, 2, 3, 4].includes(body.priority as number)) {
          return invalid(response, 'priority', 'It should be one of these values: 1,2,3,4');
        }
        const responderId = body.responder_id ?? null;
        if (responderId !== null && !agents.has(responderId as number)) {
          return invalid(response, 'responder_id', 'There is no agent matching the given responder_id');
        }
        if (body.due_by !== undefined) {
          const due = Date.parse(String(body.due_by));
          if (Number.isNaN(due)) return invalid(response, 'due_by', 'It should be in the YYYY-MM-DDTHH:MM:SSZ format');
          if (due < Date.now()) return invalid(response, 'due_by', 'It should be a/an date after created_at');
        }
        const ticket = store({
          subject: body.subject,
          description: body.description,
          status: body.status as number,
          priority: body.priority as number,
          requester_email: body.email,
          responder_id: responderId as number | null,
          due_by:
            body.due_by === undefined
              ? inThreeDays()
              : new Date(String(body.due_by)).toISOString().replace(/\.\d{3}Z$/, 'Z'),
        });
        return send(response, 201, ticketJson(ticket));
      }
      const oneTicket = /^\/api\/v2\/tickets\/(\d+)$/.exec(url.pathname);
      if (request.method === 'GET' && oneTicket) {
        const ticket = tickets.get(Number(oneTicket[1]));
        return ticket ? send(response, 200, ticketJson(ticket)) : send(response, 404, undefined);
      }
      return send(response, 404, undefined);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    apiKey,
    email: me.contact.email,
    requests,
    addAgent,
    addTicket: (subject, html) =>
      store({
        subject,
        description: html,
        status: 2,
        priority: 1,
        requester_email: 'customer@example.com',
        responder_id: null,
        due_by: inThreeDays(),
      }),
    ticket: (id) => tickets.get(id),
    ticketCount: () => tickets.size,
    rateLimitNext(count, seconds) {
      limited = { count, seconds };
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
