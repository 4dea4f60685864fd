import type { Outbound } from '../outbound.ts';
import { httpStatusError, toConnectorError, type MessageConnector, type OutboundMessage } from './connector.ts';

/**
 * Microsoft Teams through a Workflows (Power Automate) webhook, the successor of the retired Office 365
 * connectors: a POST of an Adaptive Card. Microsoft publishes no SDK for it; the card is plain JSON.
 * A webhook can only be tested by posting, so the test posts a short card.
 */
export function createTeamsConnector(webhookUrl: string, outbound: Outbound): MessageConnector {
  outbound.checkUrl(webhookUrl);
  const host = new URL(webhookUrl).host;

  async function send(card: object): Promise<void> {
    const response = await outbound
      .fetch(webhookUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          type: 'message',
          attachments: [{ contentType: 'application/vnd.microsoft.card.adaptive', contentUrl: null, content: card }],
        }),
      })
      .catch((error: unknown) => {
        throw toConnectorError(error);
      });
    if (response.ok) return;
    const detail = (await response.text().catch(() => '')).slice(0, 300) || `Teams answered ${response.status}`;
    throw httpStatusError(response.status, detail, response.headers.get('retry-after'));
  }

  return {
    describe: () => host,
    async check() {
      const text = 'Compliance Assistant is connected to this channel.';
      await send(adaptiveCard({ title: 'Compliance Assistant', text, citations: [], footer: '' }));
      return { testMessage: text };
    },
    async post(message) {
      await send(adaptiveCard(message));
      return { externalId: null };
    },
  };
}

function adaptiveCard(message: OutboundMessage) {
  return {
    type: 'AdaptiveCard',
    $schema: 'http://adaptivecards.io/schemas/adaptive-card.json',
    version: '1.4',
    body: [
      { type: 'TextBlock', text: message.title, weight: 'Bolder', size: 'Medium', wrap: true },
      { type: 'TextBlock', text: message.text, wrap: true },
      ...(message.citations.length > 0
        ? [
            {
              type: 'TextBlock',
              wrap: true,
              isSubtle: true,
              text: message.citations
                .map(
                  (citation) =>
                    `[${citation.number}] ${citation.url ? `[${citation.title}](${citation.url})` : citation.title}`,
                )
                .join('\n\n'),
            },
          ]
        : []),
      ...(message.footer
        ? [{ type: 'TextBlock', text: message.footer, wrap: true, isSubtle: true, size: 'Small' }]
        : []),
    ],
  };
}
