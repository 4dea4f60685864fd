import { randomBytes, randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for a Microsoft Teams **Workflows** incoming webhook: the Power Automate flow
 * "Post to a channel when a webhook request is received", whose trigger URL looks like
 * `https://….logic.azure.com/workflows/<id>/triggers/manual/paths/invoke?api-version=…&sp=…&sv=1.0&sig=…`.
 * (The retired Office 365 connector webhooks are not modelled.) Power Automate cannot be reached from
 * here; a connector is given this server's URL instead.
 *
 * It answers as the flow's HTTP trigger does: 202 Accepted with an empty body; 401 with the Logic Apps
 * error shape `{ error: { code, message } }` for a missing (`DirectApiAuthorizationRequired`) or wrong
 * (`DirectApiInvalidAuthorizationSignature`) `sig`; 400 `WorkflowTriggerIsNotEnabled` while the flow is
 * turned off; 400 `InvalidRequestContent` for a body that is not JSON; 429 `WorkflowRequestsThrottled`
 * with `Retry-After` (seconds) when throttled.
 *
 * One deliberate strictness: the real trigger accepts any JSON and the flow run fails later, out of the
 * caller's sight, when the card cannot be posted. Here a payload that is not `{ type: 'message',
 * attachments: [{ contentType: 'application/vnd.microsoft.card.adaptive', content: AdaptiveCard }] }`
 * (card version 1.0–1.5 with a non-empty `body`) is refused at once with 400 `TriggerInputSchemaMismatch`,
 * the answer of a trigger with a request schema, so a test sees the mistake.
 */

const ADAPTIVE_CARD = 'application/vnd.microsoft.card.adaptive';

export async function startTeamsWebhookStandIn() {
  const workflowId = randomBytes(16).toString('hex');
  const sig = randomBytes(32).toString('base64url');
  /** The Adaptive Cards posted to the channel, one per attachment, in order. */
  const cards: unknown[] = [];
  let rateLimited = 0;
  let retryAfter = 1;
  let enabled = true;

  function send(response: http.ServerResponse, status: number, body?: unknown, headers: http.OutgoingHttpHeaders = {}) {
    const text = body === undefined ? '' : JSON.stringify(body);
    response.writeHead(status, {
      ...(body === undefined ? {} : { 'content-type': 'application/json; charset=utf-8' }),
      'content-length': Buffer.byteLength(text),
      'x-ms-correlation-id': randomUUID(),
      ...headers,
    });
    response.end(text);
  }
  const fail = (response: http.ServerResponse, status: number, code: string, message: string) =>
    send(response, status, { error: { code, message } });

  /** Why the payload is not a Teams message with Adaptive Cards, or undefined when it is one. */
  function payloadProblem(payload: unknown): string | undefined {
    if (typeof payload !== 'object' || payload === null || Array.isArray(payload)) return 'the body is not an object';
    const { type, attachments } = payload as { type?: unknown; attachments?: unknown };
    if (type !== 'message') return "'type' must be 'message'";
    if (!Array.isArray(attachments) || attachments.length === 0) return "'attachments' must be a non-empty array";
    for (const [index, attachment] of attachments.entries()) {
      const at = `attachments[${index}]`;
      if (typeof attachment !== 'object' || attachment === null) return `${at} is not an object`;
      const { contentType, content } = attachment as { contentType?: unknown; content?: unknown };
      if (contentType !== ADAPTIVE_CARD) return `${at}.contentType must be '${ADAPTIVE_CARD}'`;
      if (typeof content !== 'object' || content === null) return `${at}.content is not an object`;
      const card = content as { type?: unknown; version?: unknown; body?: unknown };
      if (card.type !== 'AdaptiveCard') return `${at}.content.type must be 'AdaptiveCard'`;
      if (typeof card.version !== 'string' || !/^1\.[0-5]$/.test(card.version)) {
        return `${at}.content.version must be a string from '1.0' to '1.5'`;
      }
      if (!Array.isArray(card.body) || card.body.length === 0) return `${at}.content.body must be a non-empty array`;
    }
    return undefined;
  }

  const server = http.createServer((request, response) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (body += chunk));
    request.on('end', () => {
      const url = new URL(request.url ?? '/', 'http://localhost');
      if (url.pathname !== `/workflows/${workflowId}/triggers/manual/paths/invoke`) {
        return fail(response, 404, 'WorkflowNotFound', `The workflow '${url.pathname}' could not be found.`);
      }
      if (rateLimited > 0) {
        rateLimited -= 1;
        send(
          response,
          429,
          {
            error: {
              code: 'WorkflowRequestsThrottled',
              message: `Number of requests for workflow '${workflowId}' exceeded the limit over time window of '00:05:00'.`,
            },
          },
          { 'retry-after': String(retryAfter) },
        );
        return;
      }
      if (request.method !== 'POST') {
        return fail(
          response,
          400,
          'TriggerRequestMethodNotValid',
          `The HTTP method for this request is not valid: expected 'Post' and actual '${request.method}'.`,
        );
      }
      const presented = url.searchParams.get('sig');
      if (!presented) {
        return fail(
          response,
          401,
          'DirectApiAuthorizationRequired',
          'The request must be authenticated only by Shared Access scheme.',
        );
      }
      if (presented !== sig) {
        return fail(
          response,
          401,
          'DirectApiInvalidAuthorizationSignature',
          'The provided authorization signature is not valid.',
        );
      }
      if (!enabled) {
        return fail(
          response,
          400,
          'WorkflowTriggerIsNotEnabled',
          `Could not execute workflow '${workflowId}' trigger 'manual' with state 'Disabled': trigger is not enabled.`,
        );
      }
      let payload: unknown;
      try {
        payload = JSON.parse(body);
      } catch (error) {
        return fail(
          response,
          400,
          'InvalidRequestContent',
          `The request content is not valid and could not be deserialized: '${(error as Error).message}'.`,
        );
      }
      const problem = payloadProblem(payload);
      if (problem) {
        return fail(
          response,
          400,
          'TriggerInputSchemaMismatch',
          `The input body for trigger 'manual' of type 'Request' did not match its schema definition. Error details: '${problem}'.`,
        );
      }
      for (const attachment of (payload as { attachments: { content: unknown }[] }).attachments) {
        cards.push(attachment.content);
      }
      send(response, 202, undefined, {
        'x-ms-workflow-run-id': `0858${randomBytes(14).toString('hex').toUpperCase()}`,
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const query = new URLSearchParams({ 'api-version': '1', sp: '/triggers/manual/run', sv: '1.0', sig });

  return {
    /** The flow's full trigger URL, with a valid `sig`. */
    url: `http://127.0.0.1:${port}/workflows/${workflowId}/triggers/manual/paths/invoke?${query}`,
    cards,
    /** The next `count` calls answer 429 with `Retry-After: retryAfterSeconds`. */
    rateLimitNext(count: number, retryAfterSeconds = 1) {
      rateLimited = count;
      retryAfter = retryAfterSeconds;
    },
    /** Turns the flow off (or on again): while off, calls answer 400 `WorkflowTriggerIsNotEnabled`. */
    setEnabled(value: boolean) {
      enabled = value;
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export type TeamsWebhookStandIn = Awaited<ReturnType<typeof startTeamsWebhookStandIn>>;
