import {
  ErrorCode,
  LogLevel,
  WebClient,
  WebClientEvent,
  type WebAPIPlatformError,
  type WebAPIRateLimitedError,
} from '@slack/web-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSlackStandIn, type SlackStandIn } from './helpers/slack-api-stand-in.ts';
import { startTeamsWebhookStandIn, type TeamsWebhookStandIn } from './helpers/teams-webhook-stand-in.ts';

describe('Slack Web API stand-in, driven through @slack/web-api', () => {
  let slack: SlackStandIn;
  const client = (token: string | undefined, options: ConstructorParameters<typeof WebClient>[1] = {}) =>
    new WebClient(token, {
      slackApiUrl: slack.url,
      retryConfig: { retries: 0 },
      logLevel: LogLevel.ERROR,
      ...options,
    });
  /** The Slack error code a rejected call carries. */
  const slackError = (call: Promise<unknown>) =>
    call.then(
      () => expect.fail('the call succeeded'),
      (error: WebAPIPlatformError) => {
        expect(error.code).toBe(ErrorCode.PlatformError);
        return error.data.error;
      },
    );

  beforeAll(async () => {
    slack = await startSlackStandIn({
      token: 'xoxb-test-token',
      channels: [
        { id: 'C0ALERTS01', name: 'alerts' },
        { id: 'C0GENERAL1', name: 'general' },
        { id: 'G0SECRET01', name: 'secret', isPrivate: true },
      ],
    });
  });
  afterAll(async () => {
    await slack?.close();
  });

  it('checks the bearer token like Slack', async () => {
    const me = await client(slack.token).auth.test();
    expect(me).toMatchObject({ ok: true, team_id: expect.any(String), user_id: expect.any(String) });
    expect(me.response_metadata?.scopes).toContain('chat:write');

    expect(await slackError(client('xoxb-wrong').auth.test())).toBe('invalid_auth');
    expect(await slackError(client(undefined).auth.test())).toBe('not_authed');
  });

  it('lists public channels, private ones when asked, page by page', async () => {
    const web = client(slack.token);
    const publicOnly = await web.conversations.list();
    expect(publicOnly.channels?.map((channel) => channel.name)).toEqual(['alerts', 'general']);

    const all = await web.conversations.list({ types: 'public_channel,private_channel' });
    expect(all.channels?.find((channel) => channel.id === 'G0SECRET01')).toMatchObject({
      is_private: true,
      is_member: false,
    });

    const names: string[] = [];
    for await (const page of web.paginate('conversations.list', {
      types: 'public_channel,private_channel',
      limit: 1,
    })) {
      names.push(...((page as { channels?: { name: string }[] }).channels ?? []).map((channel) => channel.name));
    }
    expect(names).toEqual(['alerts', 'general', 'secret']);
    expect(await slackError(web.conversations.list({ cursor: 'bm90LWEtY3Vyc29y' }))).toBe('invalid_cursor');
  });

  it('posts messages with text and blocks, answers as Slack and stores them', async () => {
    const web = client(slack.token);
    const blocks = [{ type: 'section', text: { type: 'mrkdwn', text: '*Deadline* in 3 days' } }];
    const posted = await web.chat.postMessage({ channel: 'C0ALERTS01', text: 'Deadline in 3 days', blocks });
    expect(posted).toMatchObject({
      ok: true,
      channel: 'C0ALERTS01',
      ts: expect.stringMatching(/^\d{10}\.\d{6}$/),
      message: { type: 'message', text: 'Deadline in 3 days', blocks, bot_id: expect.any(String) },
    });
    expect(posted.message?.ts).toBe(posted.ts);

    // A channel can be named instead of given by ID; the answer carries the ID.
    const byName = await web.chat.postMessage({ channel: '#general', text: 'Hello' });
    expect(byName.channel).toBe('C0GENERAL1');
    const reply = await web.chat.postMessage({ channel: 'C0GENERAL1', text: 'In thread', thread_ts: byName.ts! });

    expect(slack.messages.slice(-3)).toEqual([
      { channel: 'C0ALERTS01', text: 'Deadline in 3 days', blocks, ts: posted.ts },
      { channel: 'C0GENERAL1', text: 'Hello', ts: byName.ts },
      { channel: 'C0GENERAL1', text: 'In thread', threadTs: byName.ts, ts: reply.ts },
    ]);
    const sent = slack.calls.findLast((call) => call.method === 'chat.postMessage' && call.params.blocks);
    // The SDK sends a form body, nested values as JSON strings.
    expect(sent?.params.blocks).toBe(JSON.stringify(blocks));

    const permalink = await web.chat.getPermalink({ channel: 'C0ALERTS01', message_ts: posted.ts! });
    expect(permalink.permalink).toMatch(new RegExp(`/archives/C0ALERTS01/p${posted.ts!.replace('.', '')}$`));
    expect(await slackError(web.chat.getPermalink({ channel: 'C0ALERTS01', message_ts: '1.000001' }))).toBe(
      'message_not_found',
    );
  });

  it('refuses unknown channels, private channels the bot is not in, and empty messages', async () => {
    const web = client(slack.token);
    const before = slack.messages.length;
    expect(await slackError(web.chat.postMessage({ channel: 'C0NOWHERE1', text: 'x' }))).toBe('channel_not_found');
    expect(await slackError(web.chat.postMessage({ channel: 'G0SECRET01', text: 'x' }))).toBe('not_in_channel');
    expect(await slackError(web.chat.postMessage({ channel: 'C0ALERTS01', text: '' }))).toBe('no_text');
    expect(slack.messages).toHaveLength(before);
  });

  it('accepts JSON bodies with the token in the Authorization header', async () => {
    const post = (headers: Record<string, string>, body: unknown) =>
      fetch(`${slack.url}chat.postMessage`, {
        method: 'POST',
        headers: { 'content-type': 'application/json; charset=utf-8', ...headers },
        body: JSON.stringify(body),
      });
    const blocks = [{ type: 'divider' }];
    const response = await post(
      { authorization: `Bearer ${slack.token}` },
      { channel: 'C0ALERTS01', text: 'json', blocks },
    );
    expect(response.status).toBe(200);
    const answer = (await response.json()) as { ts: string };
    expect(answer).toMatchObject({ ok: true, channel: 'C0ALERTS01', message: { text: 'json', blocks } });
    expect(slack.messages.at(-1)).toEqual({ channel: 'C0ALERTS01', text: 'json', blocks, ts: answer.ts });

    // Slack does not read the token from a JSON body.
    const tokenInBody = await post({}, { token: slack.token, channel: 'C0ALERTS01', text: 'json' });
    expect(await tokenInBody.json()).toEqual({ ok: false, error: 'not_authed' });
  });

  it('answers 429 with Retry-After, which the SDK reports when asked to reject rate-limited calls', async () => {
    slack.rateLimitNext(1, 7);
    const raw = await fetch(`${slack.url}auth.test`, {
      method: 'POST',
      headers: { authorization: `Bearer ${slack.token}` },
    });
    expect(raw.status).toBe(429);
    expect(raw.headers.get('retry-after')).toBe('7');
    expect(await raw.json()).toEqual({ ok: false, error: 'ratelimited' });

    slack.rateLimitNext(1, 30);
    const error = (await client(slack.token, { rejectRateLimitedCalls: true })
      .chat.postMessage({ channel: 'C0ALERTS01', text: 'x' })
      .catch((caught: unknown) => caught)) as WebAPIRateLimitedError;
    expect(error.code).toBe(ErrorCode.RateLimitedError);
    expect(error.retryAfter).toBe(30);
  });

  it('is retried by the SDK after Retry-After under its default retry policy, then succeeds', async () => {
    const web = new WebClient(slack.token, { slackApiUrl: slack.url, logLevel: LogLevel.ERROR });
    const waits: number[] = [];
    web.on(WebClientEvent.RATE_LIMITED, (seconds: number) => waits.push(seconds));
    const before = slack.calls.length;
    slack.rateLimitNext(1, 1);

    const started = Date.now();
    const posted = await web.chat.postMessage({ channel: 'C0ALERTS01', text: 'after the wait' });
    expect(Date.now() - started).toBeGreaterThanOrEqual(1000);
    expect(posted.ok).toBe(true);
    expect(waits).toEqual([1]);
    expect(slack.calls.slice(before).map((call) => [call.method, call.status])).toEqual([
      ['chat.postMessage', 429],
      ['chat.postMessage', 200],
    ]);
    expect(slack.messages.filter((message) => message.text === 'after the wait')).toHaveLength(1);
  });
});

describe('Teams Workflows webhook stand-in', () => {
  let teams: TeamsWebhookStandIn;
  const card = (body: unknown[] = [{ type: 'TextBlock', text: 'Deadline in 3 days', wrap: true }]) => ({
    type: 'AdaptiveCard',
    $schema: 'http://adaptivecards.io/schemas/adaptive-card.json',
    version: '1.5',
    body,
  });
  const message = (content: unknown = card(), contentType = 'application/vnd.microsoft.card.adaptive') => ({
    type: 'message',
    attachments: [{ contentType, contentUrl: null, content }],
  });
  const post = (payload: unknown, url = teams.url) =>
    fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: typeof payload === 'string' ? payload : JSON.stringify(payload),
    });
  /** The Logic Apps error an answer carries. */
  const errorOf = async (response: Response) =>
    ((await response.json()) as { error: { code: string; message: string } }).error;
  const withSig = (sig: string | null) => {
    const url = new URL(teams.url);
    if (sig === null) url.searchParams.delete('sig');
    else url.searchParams.set('sig', sig);
    return url.toString();
  };

  beforeAll(async () => {
    teams = await startTeamsWebhookStandIn();
  });
  afterAll(async () => {
    await teams?.close();
  });

  it('accepts an Adaptive Card message with 202 and an empty body, and keeps the card', async () => {
    expect(teams.url).toMatch(/\/workflows\/\w+\/triggers\/manual\/paths\/invoke\?api-version=1&.*sig=[\w-]+$/);
    const response = await post(message());
    expect(response.status).toBe(202);
    expect(await response.text()).toBe('');
    expect(teams.cards.at(-1)).toEqual(card());
  });

  it('refuses a malformed payload with 400 and a JSON error', async () => {
    const before = teams.cards.length;
    for (const payload of [
      { type: 'message' },
      { type: 'message', attachments: [] },
      message(card(), 'application/vnd.microsoft.card.hero'),
      message({ type: 'AdaptiveCard', version: '1.4' }),
      message(card([])),
    ]) {
      const response = await post(payload);
      expect(response.status, JSON.stringify(payload)).toBe(400);
      expect(await errorOf(response)).toMatchObject({
        code: 'TriggerInputSchemaMismatch',
        message: expect.any(String),
      });
    }
    const notJson = await post('{"type":');
    expect(notJson.status).toBe(400);
    expect((await errorOf(notJson)).code).toBe('InvalidRequestContent');
    expect(teams.cards).toHaveLength(before);
  });

  it('answers 401 for a wrong or missing sig, and 400 while the flow is turned off', async () => {
    const wrong = await post(message(), withSig('not-the-signature'));
    expect(wrong.status).toBe(401);
    expect((await errorOf(wrong)).code).toBe('DirectApiInvalidAuthorizationSignature');

    const missing = await post(message(), withSig(null));
    expect(missing.status).toBe(401);
    expect((await errorOf(missing)).code).toBe('DirectApiAuthorizationRequired');

    teams.setEnabled(false);
    const off = await post(message());
    teams.setEnabled(true);
    expect(off.status).toBe(400);
    expect((await errorOf(off)).code).toBe('WorkflowTriggerIsNotEnabled');
  });

  it('answers 429 with Retry-After for the next n calls, then accepts again', async () => {
    teams.rateLimitNext(2, 3);
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const throttled = await post(message());
      expect(throttled.status).toBe(429);
      expect(throttled.headers.get('retry-after')).toBe('3');
      expect((await errorOf(throttled)).code).toBe('WorkflowRequestsThrottled');
    }
    expect((await post(message())).status).toBe(202);
  });
});
