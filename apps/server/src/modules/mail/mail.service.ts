import { z } from 'zod';
import type { DbExecutor } from '../../db/client.ts';
import { defineJob, PermanentJobError } from '../jobs/job-definition.ts';
import type { JobQueue } from '../jobs/jobs.service.ts';
import type { MailRepository } from './mail.repository.ts';
import { renderMail, type MailTemplate } from './mail-templates.ts';
import type { Mailer } from './mailer.ts';
import { defaultLocale, isLocale } from '@compliance/shared/locales';

/** Delivery runs in the background so a slow SMTP server never holds up a request; retried with back-off. */
export const sendMailJob = defineJob('mail.send', z.object({ outboxId: z.uuid() }), {
  maxAttempts: 8,
  timeoutMs: 60_000,
});

export function createMailService({
  mailer,
  repository,
  jobs,
}: {
  mailer: Mailer;
  repository: MailRepository;
  jobs: JobQueue;
}) {
  return {
    transport: mailer.kind,

    /**
     * Renders the template in the recipient's language, stores it in the outbox and schedules delivery.
     * Inside a transaction (`tx`), the mail exists only if that transaction commits.
     */
    async queue(
      recipient: { userId: string | null; email: string; language: string },
      template: MailTemplate,
      tx?: DbExecutor,
    ): Promise<{ outboxId: string }> {
      const language = isLocale(recipient.language) ? recipient.language : defaultLocale;
      const rendered = renderMail(template, language);
      const row = await repository.insert(
        {
          userId: recipient.userId,
          toAddress: recipient.email,
          template: template.name,
          language,
          subject: rendered.subject,
          textBody: rendered.text,
          htmlBody: rendered.html,
        },
        tx,
      );
      await jobs.enqueue(sendMailJob, { outboxId: row.id }, { tx });
      return { outboxId: row.id };
    },

    /** The newest mail queued for an address (tests and the operator's console read the outbox). */
    latestTo: (toAddress: string, template?: string) => repository.latestTo(toAddress, template),

    /** The job handler: sends one outbox mail (idempotent: a mail already delivered is not sent twice). */
    async deliver(outboxId: string, { lastAttempt }: { lastAttempt: boolean }): Promise<void> {
      const mail = await repository.findById(outboxId);
      if (!mail) throw new PermanentJobError(`Outbox mail ${outboxId} no longer exists`);
      if (mail.status === 'sent' || mail.status === 'stored') return;
      try {
        await mailer.send({ to: mail.toAddress, subject: mail.subject, text: mail.textBody, html: mail.htmlBody });
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        await repository.markAttempt(outboxId, message.slice(0, 1000), lastAttempt ? 'failed' : 'queued');
        throw error;
      }
      await repository.markAttempt(outboxId, null, mailer.kind === 'smtp' ? 'sent' : 'stored');
    },
  };
}

export type MailService = ReturnType<typeof createMailService>;
