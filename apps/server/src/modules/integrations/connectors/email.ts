import type { Transporter } from 'nodemailer';
import type { EmailSettings } from '@compliance/shared/integrations';
import { ConnectorError, toConnectorError, type MessageConnector } from './connector.ts';
import { renderHtml, renderPlain } from './render-message.ts';

/**
 * The server's own SMTP server (SMTP_URL, MAIL_FROM — the mail module's settings and its nodemailer
 * transport), for e-mail connections. Without SMTP_URL there is none: mail would only reach the outbox
 * table, so an e-mail connection reports INTEGRATION_EMAIL_NOT_CONFIGURED instead.
 */
export interface EmailTransport {
  /** Connects and signs in to the SMTP server without sending anything. */
  verify(): Promise<void>;
  send(mail: { to: string[]; subject: string; text: string; html: string }): Promise<{
    messageId: string | null;
    accepted: string[];
    rejected: string[];
  }>;
  close(): void;
}

export function createEmailTransport(config: { smtpUrl: string | undefined; from: string }): EmailTransport | null {
  if (!config.smtpUrl) return null;
  const smtpUrl = config.smtpUrl;
  // nodemailer is loaded with the first use, not at the server's start (docs/performance.md, "Memory").
  let opened: Promise<Transporter> | undefined;
  const transport = () =>
    (opened ??= import('nodemailer').then(({ default: nodemailer }) => nodemailer.createTransport(smtpUrl)));
  const addresses = (list: unknown): string[] =>
    Array.isArray(list)
      ? list.map((entry) => (typeof entry === 'string' ? entry : String((entry as { address?: unknown }).address)))
      : [];
  return {
    async verify() {
      await (await transport()).verify();
    },
    async send(mail) {
      const info = await (
        await transport()
      ).sendMail({
        from: config.from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
      });
      return {
        messageId: typeof info.messageId === 'string' ? info.messageId : null,
        accepted: addresses(info.accepted),
        rejected: addresses(info.rejected),
      };
    },
    close: () => void opened?.then((open) => open.close()),
  };
}

/** nodemailer's error codes that mean the SMTP server cannot be reached. */
const UNREACHABLE = new Set(['ECONNECTION', 'ETIMEDOUT', 'ESOCKET', 'EDNS', 'ETLS', 'ECONNREFUSED']);

function smtpError(error: unknown): ConnectorError {
  const { code, responseCode, response } = error as { code?: unknown; responseCode?: unknown; response?: unknown };
  const detail = (typeof response === 'string' ? response : error instanceof Error ? error.message : String(error))
    .replace(/\s+/g, ' ')
    .slice(0, 300);
  if (code === 'EAUTH') return new ConnectorError('INTEGRATION_AUTH_FAILED', detail);
  if (code === 'EENVELOPE') return new ConnectorError('INTEGRATION_REMOTE_NOT_FOUND', detail);
  if (typeof code === 'string' && UNREACHABLE.has(code)) return new ConnectorError('INTEGRATION_UNREACHABLE', detail);
  // 4xx: the server is busy or greylisting; the same mail may be sent again later.
  if (typeof responseCode === 'number' && responseCode >= 400 && responseCode < 500) {
    return new ConnectorError('INTEGRATION_RATE_LIMITED', detail, 5 * 60_000);
  }
  const converted = toConnectorError(error);
  return converted.code === 'INTEGRATION_REMOTE_ERROR'
    ? new ConnectorError('INTEGRATION_REMOTE_ERROR', detail)
    : converted;
}

/**
 * E-mail as a channel: an answer (or a FATF alert) to a list of addresses, through the server's SMTP
 * server, with a plain-text and an HTML part, addressed to the whole list as a team's distribution is.
 */
export function createEmailConnector(settings: EmailSettings, transport: EmailTransport | null): MessageConnector {
  function available(): EmailTransport {
    if (!transport) throw new ConnectorError('INTEGRATION_EMAIL_NOT_CONFIGURED', 'SMTP_URL is not set');
    return transport;
  }

  return {
    describe: () => settings.recipients.join(', '),

    /** Connects and signs in to the SMTP server; nothing is sent. */
    async check() {
      const smtp = available();
      try {
        await smtp.verify();
      } catch (error) {
        throw smtpError(error);
      }
      return { testMessage: null };
    },

    async post(message) {
      const smtp = available();
      let sent: Awaited<ReturnType<EmailTransport['send']>>;
      try {
        sent = await smtp.send({
          to: settings.recipients,
          subject: message.title,
          text: renderPlain(message),
          html: `<!doctype html><html><body>${renderHtml(message)}</body></html>`,
        });
      } catch (error) {
        throw smtpError(error);
      }
      // The server took the mail for some addresses only: it went out, but the record says who did not get it.
      const refused = sent.rejected.length > 0 ? ` (refused: ${sent.rejected.join(', ')})` : '';
      return { externalId: sent.messageId ? `${sent.messageId}${refused}`.slice(0, 500) : null };
    },
  };
}
