import { ErrorCode as SlackErrorCode, WebClient, type WebAPICallResult } from '@slack/web-api';
import type { SlackSettings } from '@compliance/shared/integrations';
import type { Outbound } from '../outbound.ts';
import { ConnectorError, toConnectorError, type MessageConnector, type OutboundMessage } from './connector.ts';

const AUTH_ERRORS = new Set([
  'invalid_auth',
  'not_authed',
  'account_inactive',
  'token_revoked',
  'token_expired',
  'missing_scope',
]);
const CHANNEL_ERRORS = new Set(['channel_not_found', 'not_in_channel', 'is_archived']);
/** Slack's limit for one section block's text. */
const SECTION_MAX = 3_000;

/**
 * Slack through its official Web API client. Rate-limited calls are not waited for in a request:
 * Slack's Retry-After comes back as INTEGRATION_RATE_LIMITED (a job retries after it).
 */
export function createSlackConnector(
  settings: SlackSettings,
  token: string,
  outbound: Outbound,
  { apiUrl }: { apiUrl?: string } = {},
): MessageConnector {
  const client = new WebClient(token, {
    ...(apiUrl ? { slackApiUrl: apiUrl } : {}),
    fetch: outbound.fetch,
    rejectRateLimitedCalls: true,
    retryConfig: { retries: 1, factor: 1, minTimeout: 200, maxTimeout: 1_000 },
    timeout: 20_000,
  });
  const channel = settings.channel.startsWith('#') ? settings.channel.slice(1) : settings.channel;

  async function call<T extends WebAPICallResult>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      const { code, data, retryAfter } = error as { code?: string; data?: { error?: string }; retryAfter?: number };
      if (code === SlackErrorCode.RateLimitedError) {
        throw new ConnectorError('INTEGRATION_RATE_LIMITED', 'Slack asked to wait', (retryAfter ?? 60) * 1000);
      }
      if (code === SlackErrorCode.PlatformError) {
        const reason = data?.error ?? 'error';
        if (AUTH_ERRORS.has(reason)) throw new ConnectorError('INTEGRATION_AUTH_FAILED', reason);
        if (CHANNEL_ERRORS.has(reason)) throw new ConnectorError('INTEGRATION_REMOTE_NOT_FOUND', reason);
        throw new ConnectorError('INTEGRATION_REMOTE_ERROR', reason);
      }
      const status = (error as { statusCode?: number }).statusCode;
      if (code === SlackErrorCode.HTTPError && status) {
        throw new ConnectorError('INTEGRATION_REMOTE_ERROR', `Slack answered ${status}`);
      }
      throw toConnectorError(error);
    }
  }

  return {
    describe: () => `#${channel}`,

    async check() {
      await call(() => client.auth.test());
      // The channel must exist and be one the app can see (public, or private with the app in it).
      let cursor: string | undefined;
      for (let page = 0; page < 20; page += 1) {
        const result = await call(() =>
          client.conversations.list({
            cursor,
            limit: 200,
            exclude_archived: true,
            types: 'public_channel,private_channel',
          }),
        );
        if (result.channels?.some((found) => found.id === channel || found.name === channel)) {
          return { testMessage: null };
        }
        cursor = result.response_metadata?.next_cursor || undefined;
        if (!cursor) break;
      }
      throw new ConnectorError('INTEGRATION_REMOTE_NOT_FOUND', 'channel_not_found');
    },

    async post(message) {
      const result = await call(() =>
        client.chat.postMessage({
          channel,
          text: `${message.title}\n\n${message.text}`,
          blocks: slackBlocks(message),
          unfurl_links: false,
          unfurl_media: false,
        }),
      );
      return { externalId: result.ts ?? null };
    },
  };
}

/** Markdown to Slack's mrkdwn: bold is one asterisk, links are <url|text>. */
function mrkdwn(markdown: string): string {
  return markdown
    .replace(/\*\*(.+?)\*\*/g, '*$1*')
    .replace(/\[([^\]]+)\]\((https?:[^)\s]+)\)/g, '<$2|$1>')
    .replace(/^#{1,6}\s+(.*)$/gm, '*$1*');
}

function slackBlocks(message: OutboundMessage) {
  const sections = chunk(mrkdwn(message.text), SECTION_MAX).map((text) => ({
    type: 'section' as const,
    text: { type: 'mrkdwn' as const, text },
  }));
  const sources = message.citations.map(
    (citation) => `[${citation.number}] ${citation.url ? `<${citation.url}|${citation.title}>` : citation.title}`,
  );
  return [
    { type: 'header' as const, text: { type: 'plain_text' as const, text: message.title.slice(0, 150) } },
    ...sections,
    ...(sources.length > 0
      ? [
          {
            type: 'context' as const,
            elements: [{ type: 'mrkdwn' as const, text: sources.join('\n').slice(0, SECTION_MAX) }],
          },
        ]
      : []),
    { type: 'context' as const, elements: [{ type: 'mrkdwn' as const, text: message.footer.slice(0, SECTION_MAX) }] },
  ];
}

function chunk(text: string, size: number): string[] {
  const parts: string[] = [];
  let rest = text;
  while (rest.length > size) {
    const cut = Math.max(rest.lastIndexOf('\n', size), rest.lastIndexOf(' ', size), size / 2);
    parts.push(rest.slice(0, cut));
    rest = rest.slice(cut).trimStart();
  }
  if (rest) parts.push(rest);
  return parts;
}
