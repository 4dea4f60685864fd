import type { FastifyBaseLogger } from 'fastify';
import type { Transporter } from 'nodemailer';

/** One e-mail ready to go out. */
export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/**
 * Where e-mail goes, chosen once at start-up (DESIGN §2): SMTP when `SMTP_URL` is set; otherwise the
 * outbox table is the mailbox and the message is logged, so an offline install can still verify.
 */
export interface Mailer {
  readonly kind: 'smtp' | 'outbox';
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

export function createSmtpMailer(smtpUrl: string, from: string): Mailer {
  // nodemailer is loaded with the first mail, not at start (docs/performance.md, "Memory").
  let transport: Promise<Transporter> | undefined;
  const transportNow = () =>
    (transport ??= import('nodemailer').then(({ default: nodemailer }) => nodemailer.createTransport(smtpUrl)));
  return {
    kind: 'smtp',
    async send(mail) {
      await (
        await transportNow()
      ).sendMail({ from, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html });
    },
    close: () => void transport?.then((opened) => opened.close()),
  };
}

export function createOutboxMailer(log: FastifyBaseLogger): Mailer {
  return {
    kind: 'outbox',
    async send(mail) {
      // No SMTP configured: the outbox row is the delivered mail; the console shows it to the operator.
      log.info({ to: mail.to, subject: mail.subject }, `E-mail (no SMTP_URL set, kept in the outbox):\n${mail.text}`);
    },
    close: () => undefined,
  };
}

export function createMailer(config: { smtpUrl: string | undefined; from: string }, log: FastifyBaseLogger): Mailer {
  return config.smtpUrl ? createSmtpMailer(config.smtpUrl, config.from) : createOutboxMailer(log);
}
