import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local Slack Web API stand-in: an HTTP server on 127.0.0.1 that speaks the subset of the Web API a
 * messaging connector calls through `@slack/web-api` (`auth.test`, `conversations.list`,
 * `chat.postMessage`, `chat.getPermalink`). Slack's API cannot be reached from here; the SDK's
 * `slackApiUrl` option points at this server instead.
 *
 * It answers the way Slack does: every method is a POST to `/api/<method>` with a form-encoded body
 * (what the SDK sends, nested values as JSON strings) or a JSON body; the token is a bearer token in the
 * `Authorization` header (or a `token` form field); failures are HTTP 200 with `{ ok: false, error }`;
 * the only other status is 429 with a `Retry-After` header in seconds, which the SDK honours.
 *
 * One simplification: a channel flagged `isPrivate` is one the bot is not a member of, so posting there
 * answers `not_in_channel`, and it is listed only when `types` asks for `private_channel`.
 */

export interface SlackStandInChannel {
  id: string;
  name: string;
  isPrivate?: boolean;
}

export interface SlackStandInMessage {
  channel: string;
  text: string;
  blocks?: unknown;
  threadTs?: string;
  ts: string;
}

export interface SlackStandInCall {
  method: string;
  /** The request's parameters as decoded (form values stay strings, as Slack receives them). */
  params: Record<string, unknown>;
  /** 200, or 429 for a rate-limited call. */
  status: number;
  /** Slack's `error` code when the answer was `ok: false`. */
  error?: string;
}

const TEAM_ID = 'T0STANDIN1';
const TEAM_DOMAIN = 'stand-in-workspace';
const BOT_USER_ID = 'U0STANDBOT';
const BOT_ID = 'B0STANDBOT';
const APP_ID = 'A0STANDAPP';
const SCOPES = 'chat:write,channels:read,groups:read';
/** Slack truncates longer text; above this it refuses the message. */
const MAX_TEXT_LENGTH = 40_000;
const MAX_BLOCKS = 50;

class SlackError extends Error {}

export async function startSlackStandIn({
  token = `xoxb-stand-in-${randomBytes(12).toString('hex')}`,
  channels = [
    { id: 'C0GENERAL1', name: 'general' },
    { id: 'C0RANDOM01', name: 'random' },
  ],
}: { token?: string; channels?: SlackStandInChannel[] } = {}) {
  const messages: SlackStandInMessage[] = [];
  const calls: SlackStandInCall[] = [];
  const created = Math.floor(Date.now() / 1000);
  let sequence = 0;
  let rateLimited = 0;
  let retryAfter = 1;

  const nextTs = () => {
    sequence += 1;
    return `${Math.floor(Date.now() / 1000)}.${String(sequence).padStart(6, '0')}`;
  };

  const findChannel = (value: unknown) => {
    const wanted = typeof value === 'string' ? value.trim() : '';
    if (!wanted) return undefined;
    const byName = wanted.replace(/^#/, '');
    return channels.find((channel) => channel.id === wanted || channel.name === byName);
  };

  const channelObject = (channel: SlackStandInChannel) => ({
    id: channel.id,
    name: channel.name,
    name_normalized: channel.name,
    is_channel: true,
    is_group: false,
    is_im: false,
    is_mpim: false,
    is_private: Boolean(channel.isPrivate),
    is_archived: false,
    is_general: channel.name === 'general',
    is_shared: false,
    is_org_shared: false,
    is_member: !channel.isPrivate,
    created,
    creator: 'U0STANDUSR',
    context_team_id: TEAM_ID,
    topic: { value: '', creator: '', last_set: 0 },
    purpose: { value: '', creator: '', last_set: 0 },
    num_members: 1,
  });

  function stringParam(params: Record<string, unknown>, name: string): string | undefined {
    const value = params[name];
    if (value === undefined || value === null || value === '') return undefined;
    return typeof value === 'string' ? value : JSON.stringify(value);
  }

  /** Form bodies carry blocks as a JSON string; JSON bodies as an array. */
  function parseBlocks(value: unknown): unknown[] | undefined {
    if (value === undefined || value === null || value === '') return undefined;
    let blocks = value;
    if (typeof value === 'string') {
      try {
        blocks = JSON.parse(value);
      } catch {
        throw new SlackError('invalid_blocks_format');
      }
    }
    if (!Array.isArray(blocks)) throw new SlackError('invalid_blocks_format');
    if (
      blocks.length > MAX_BLOCKS ||
      blocks.some((block) => typeof block !== 'object' || block === null || typeof block.type !== 'string')
    ) {
      throw new SlackError('invalid_blocks');
    }
    return blocks;
  }

  const methods: Record<string, (params: Record<string, unknown>) => Record<string, unknown>> = {
    'auth.test': () => ({
      url: `https://${TEAM_DOMAIN}.slack.com/`,
      team: 'Stand-in Workspace',
      user: 'stand-in-bot',
      team_id: TEAM_ID,
      user_id: BOT_USER_ID,
      bot_id: BOT_ID,
      is_enterprise_install: false,
    }),

    'conversations.list': (params) => {
      const types = (stringParam(params, 'types') ?? 'public_channel').split(',').map((type) => type.trim());
      const known = ['public_channel', 'private_channel', 'mpim', 'im'];
      if (types.some((type) => !known.includes(type))) throw new SlackError('invalid_types');
      const limit = Math.min(Number(stringParam(params, 'limit') ?? 100) || 100, 1000);
      const listed = channels.filter((channel) =>
        types.includes(channel.isPrivate ? 'private_channel' : 'public_channel'),
      );
      let start = 0;
      const cursor = stringParam(params, 'cursor');
      if (cursor) {
        const match = /^channel:(.+)$/.exec(Buffer.from(cursor, 'base64').toString());
        start = match ? listed.findIndex((channel) => channel.id === match[1]) : -1;
        if (start < 0) throw new SlackError('invalid_cursor');
      }
      const page = listed.slice(start, start + limit);
      const next = listed[start + limit];
      return {
        channels: page.map(channelObject),
        response_metadata: { next_cursor: next ? Buffer.from(`channel:${next.id}`).toString('base64') : '' },
      };
    },

    'chat.postMessage': (params) => {
      const channel = findChannel(params.channel);
      if (!channel) throw new SlackError('channel_not_found');
      if (channel.isPrivate) throw new SlackError('not_in_channel');
      const text = stringParam(params, 'text');
      const blocks = parseBlocks(params.blocks);
      const attachments = stringParam(params, 'attachments');
      if (!text && !blocks?.length && !attachments) throw new SlackError('no_text');
      if (text && text.length > MAX_TEXT_LENGTH) throw new SlackError('msg_too_long');
      const threadTs = stringParam(params, 'thread_ts');
      if (threadTs && !messages.some((message) => message.channel === channel.id && message.ts === threadTs)) {
        throw new SlackError('thread_not_found');
      }

      const ts = nextTs();
      const stored: SlackStandInMessage = { channel: channel.id, text: text ?? '', ts };
      if (blocks) stored.blocks = blocks;
      if (threadTs) stored.threadTs = threadTs;
      messages.push(stored);
      return {
        channel: channel.id,
        ts,
        message: {
          user: BOT_USER_ID,
          type: 'message',
          ts,
          bot_id: BOT_ID,
          app_id: APP_ID,
          text: stored.text,
          team: TEAM_ID,
          ...(blocks ? { blocks } : {}),
          ...(threadTs ? { thread_ts: threadTs, parent_user_id: BOT_USER_ID } : {}),
        },
      };
    },

    'chat.getPermalink': (params) => {
      const channel = findChannel(params.channel);
      if (!channel) throw new SlackError('channel_not_found');
      const ts = stringParam(params, 'message_ts');
      if (!ts || !messages.some((message) => message.channel === channel.id && message.ts === ts)) {
        throw new SlackError('message_not_found');
      }
      return {
        channel: channel.id,
        permalink: `https://${TEAM_DOMAIN}.slack.com/archives/${channel.id}/p${ts.replace('.', '')}`,
      };
    },
  };

  function send(response: http.ServerResponse, status: number, body: unknown, headers: http.OutgoingHttpHeaders = {}) {
    response.writeHead(status, {
      'content-type': 'application/json; charset=utf-8',
      'x-slack-req-id': randomBytes(16).toString('hex'),
      ...headers,
    });
    response.end(JSON.stringify(body));
  }

  /** Decodes the body as Slack does: JSON, or form fields; query-string parameters count too. */
  function readParams(request: http.IncomingMessage, body: string, url: URL) {
    const params: Record<string, unknown> = Object.fromEntries(url.searchParams);
    const contentType = (request.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
    if (contentType === 'application/json') {
      let parsed: unknown;
      try {
        parsed = JSON.parse(body || '{}');
      } catch {
        throw new SlackError('invalid_json');
      }
      if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new SlackError('invalid_json');
      // A JSON body cannot carry the token: Slack only reads it from the Authorization header.
      const { token: _ignored, ...rest } = parsed as Record<string, unknown>;
      return { params: { ...params, ...rest }, bodyToken: undefined };
    }
    if (body && contentType !== 'application/x-www-form-urlencoded') throw new SlackError('invalid_form_data');
    Object.assign(params, Object.fromEntries(new URLSearchParams(body)));
    const bodyToken = typeof params.token === 'string' ? params.token : undefined;
    delete params.token;
    return { params, bodyToken };
  }

  const server = http.createServer((request, response) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (body += chunk));
    request.on('end', () => {
      const url = new URL(request.url ?? '/', 'http://localhost');
      const method = /^\/api\/([\w.]+)$/.exec(url.pathname)?.[1] ?? url.pathname;
      const call: SlackStandInCall = { method, params: {}, status: 200 };
      calls.push(call);

      if (rateLimited > 0) {
        rateLimited -= 1;
        call.status = 429;
        call.error = 'ratelimited';
        send(response, 429, { ok: false, error: 'ratelimited' }, { 'retry-after': String(retryAfter) });
        return;
      }
      const fail = (error: string, extra: Record<string, unknown> = {}) => {
        call.error = error;
        send(response, 200, { ok: false, error, ...extra });
      };
      try {
        const { params, bodyToken } = readParams(request, body, url);
        call.params = params;
        const header = request.headers.authorization;
        const presented = header?.startsWith('Bearer ') ? header.slice('Bearer '.length).trim() : bodyToken;
        if (!presented) return fail('not_authed');
        if (presented !== token) return fail('invalid_auth');

        const handler = Object.hasOwn(methods, method) ? methods[method] : undefined;
        if (!handler) return fail('unknown_method', { req_method: method });
        send(response, 200, { ok: true, ...handler(params) }, { 'x-oauth-scopes': SCOPES });
      } catch (error) {
        if (error instanceof SlackError) return fail(error.message);
        call.status = 500;
        send(response, 500, { ok: false, error: 'internal_error' });
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    /** For the SDK's `slackApiUrl` option. */
    url: `http://127.0.0.1:${port}/api/`,
    token,
    channels,
    messages,
    calls,
    /** The next `count` calls answer HTTP 429 with `Retry-After: retryAfterSeconds`, as Slack's rate limiter does. */
    rateLimitNext(count: number, retryAfterSeconds = 1) {
      rateLimited = count;
      retryAfter = retryAfterSeconds;
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export type SlackStandIn = Awaited<ReturnType<typeof startSlackStandIn>>;
