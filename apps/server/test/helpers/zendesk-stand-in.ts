import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local Zendesk Support stand-in: an HTTP server on 127.0.0.1 that speaks the subset of the REST API v2 the
 * ticket connector calls — `GET /api/v2/users/me.json`, `GET /api/v2/users/search.json?query=`,
 * `POST /api/v2/tickets.json`, `GET /api/v2/tickets/{id}.json` (with `include=users` side-loading),
 * `GET /api/v2/tickets/{id}/comments.json`. Zendesk cannot be reached from here.
 *
 * It answers as Zendesk does: basic auth `email/token:TOKEN` (else 401 `{ error: "Couldn't authenticate you" }`),
 * 404 `{ error: "RecordNotFound" }` for an unknown ticket, 422 `RecordInvalid` for a ticket without subject or
 * comment, a due date on a ticket that is not a task, or an assignee who is not an agent, and — when asked —
 * 429 with a Retry-After header in seconds.
 */

export interface ZendeskStandInUser {
  id: number;
  name: string;
  email: string;
  role: 'end-user' | 'agent' | 'admin';
}

export interface ZendeskStandInTicket {
  id: number;
  subject: string;
  status: string;
  type: string | null;
  due_at: string | null;
  assignee_id: number | null;
  requester_id: number;
  comments: { id: number; author_id: number; body: string; plain_body: string; html_body: string; public: boolean }[];
}

export interface ZendeskStandIn {
  /** The account's address, as a user types it: http://127.0.0.1:PORT */
  url: string;
  /** The signed-in agent's address and API token. */
  email: string;
  token: string;
  /** Every request, in order: method and path with query. */
  requests: string[];
  addUser(user: Omit<ZendeskStandInUser, 'id'>): ZendeskStandInUser;
  /** A ticket as an end user raises it, its text the first comment. */
  addTicket(subject: string, text: string): ZendeskStandInTicket;
  ticket(id: number): ZendeskStandInTicket | undefined;
  ticketCount(): number;
  /** The next `count` requests answer 429 with `Retry-After: seconds`. */
  rateLimitNext(count: number, seconds: number): void;
  close(): Promise<void>;
}

const escapeHtml = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');

export async function startZendeskStandIn(): Promise<ZendeskStandIn> {
  const email = 'agent@example.com';
  const token = randomBytes(20).toString('hex');
  const users = new Map<number, ZendeskStandInUser>();
  const tickets = new Map<number, ZendeskStandInTicket>();
  const requests: string[] = [];
  let nextId = 100;
  let limited = { count: 0, seconds: 0 };

  const addUser = (user: Omit<ZendeskStandInUser, 'id'>) => {
    const stored = { id: nextId++, ...user };
    users.set(stored.id, stored);
    return stored;
  };
  const me = addUser({ name: 'Support Agent', email, role: 'agent' });
  const customer = addUser({ name: 'A Customer', email: 'customer@example.com', role: 'end-user' });

  function addComment(ticket: ZendeskStandInTicket, authorId: number, body: string) {
    // Zendesk keeps a plain-text comment as it is and renders it as HTML, escaped.
    const html = `<div class="zd-comment" dir="auto"><p>${escapeHtml(body).replaceAll('\n', '<br>')}</p></div>`;
    ticket.comments.push({ id: nextId++, author_id: authorId, body, plain_body: body, html_body: html, public: true });
  }

  const send = (response: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
    response.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers });
    response.end(JSON.stringify(body));
  };
  const invalid = (response: http.ServerResponse, details: Record<string, string>) =>
    send(response, 422, {
      error: 'RecordInvalid',
      description: 'Record validation errors',
      details: Object.fromEntries(Object.entries(details).map(([field, description]) => [field, [{ description }]])),
    });
  const ticketJson = ({ comments: _comments, ...ticket }: ZendeskStandInTicket) => ticket;

  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const url = new URL(request.url ?? '/', 'http://stand-in');
      requests.push(`${request.method} ${url.pathname}${url.search}`);
      if (limited.count > 0) {
        limited.count -= 1;
        return send(response, 429, { error: 'TooManyRequests' }, { 'retry-after': String(limited.seconds) });
      }
      const expected = `Basic ${Buffer.from(`${email}/token:${token}`).toString('base64')}`;
      if (request.headers.authorization !== expected)
        return send(response, 401, { error: "Couldn't authenticate you" });
      let body: Record<string, unknown> = {};
      try {
        body = chunks.length ? (JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>) : {};
      } catch {
        return send(response, 400, { error: 'Unprocessable Entity', description: 'Invalid JSON' });
      }

      if (request.method === 'GET' && url.pathname === '/api/v2/users/me.json')
        return send(response, 200, { user: me });
      if (request.method === 'GET' && url.pathname === '/api/v2/users/search.json') {
        const query = (url.searchParams.get('query') ?? '').toLowerCase();
        const found = [...users.values()].filter((user) => query !== '' && user.email.toLowerCase() === query);
        return send(response, 200, { users: found, count: found.length, next_page: null, previous_page: null });
      }
      if (request.method === 'POST' && url.pathname === '/api/v2/tickets.json') {
        const input = (body.ticket ?? {}) as Record<string, unknown>;
        const comment = (input.comment ?? {}) as { body?: unknown; html_body?: unknown };
        if (typeof input.subject !== 'string' || input.subject === '') return invalid(response, { subject: 'blank' });
        if (typeof comment.body !== 'string' || comment.body === '') return invalid(response, { comment: 'blank' });
        const type = typeof input.type === 'string' ? input.type : null;
        const dueAt = typeof input.due_at === 'string' ? input.due_at : null;
        if (dueAt && (type !== 'task' || Number.isNaN(Date.parse(dueAt)))) {
          return invalid(response, { due_at: 'Due date is only valid for tasks' });
        }
        const assigneeId = typeof input.assignee_id === 'number' ? input.assignee_id : null;
        if (assigneeId !== null && users.get(assigneeId)?.role === undefined) {
          return invalid(response, { assignee: 'not found' });
        }
        if (assigneeId !== null && users.get(assigneeId)?.role === 'end-user') {
          return invalid(response, { assignee: 'is not an agent' });
        }
        const ticket: ZendeskStandInTicket = {
          id: nextId++,
          subject: input.subject,
          status: assigneeId === null ? 'new' : 'open',
          type,
          due_at: dueAt ? new Date(dueAt).toISOString().replace('.000Z', 'Z') : null,
          assignee_id: assigneeId,
          requester_id: me.id,
          comments: [],
        };
        addComment(ticket, me.id, comment.body);
        tickets.set(ticket.id, ticket);
        return send(response, 201, { ticket: ticketJson(ticket) });
      }
      const oneTicket = /^\/api\/v2\/tickets\/(\d+)\.json$/.exec(url.pathname);
      if (request.method === 'GET' && oneTicket) {
        const ticket = tickets.get(Number(oneTicket[1]));
        if (!ticket) return send(response, 404, { error: 'RecordNotFound', description: 'Not found' });
        const sideloaded = (url.searchParams.get('include') ?? '').split(',').includes('users')
          ? { users: [...users.values()].filter((user) => [ticket.assignee_id, ticket.requester_id].includes(user.id)) }
          : {};
        return send(response, 200, { ticket: ticketJson(ticket), ...sideloaded });
      }
      const comments = /^\/api\/v2\/tickets\/(\d+)\/comments\.json$/.exec(url.pathname);
      if (request.method === 'GET' && comments) {
        const ticket = tickets.get(Number(comments[1]));
        if (!ticket) return send(response, 404, { error: 'RecordNotFound', description: 'Not found' });
        const list = url.searchParams.get('sort_order') === 'desc' ? [...ticket.comments].reverse() : ticket.comments;
        return send(response, 200, { comments: list, next_page: null, previous_page: null, count: list.length });
      }
      return send(response, 404, { error: 'InvalidEndpoint', description: 'Not found' });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    email,
    token,
    requests,
    addUser,
    addTicket(subject, text) {
      const ticket: ZendeskStandInTicket = {
        id: nextId++,
        subject,
        status: 'new',
        type: null,
        due_at: null,
        assignee_id: null,
        requester_id: customer.id,
        comments: [],
      };
      addComment(ticket, customer.id, text);
      tickets.set(ticket.id, ticket);
      return ticket;
    },
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
