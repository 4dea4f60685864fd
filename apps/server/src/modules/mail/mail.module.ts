import fp from 'fastify-plugin';
import { createMailRepository } from './mail.repository.ts';
import { createMailService, sendMailJob, type MailService } from './mail.service.ts';
import { createMailer } from './mailer.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Queues mail in the recipient's language; delivery runs as a background job. */
    mail: MailService;
  }
}

/** Mail: the transport chosen from the config (SMTP, or the outbox only), the outbox and its delivery job. */
export const mailModule = fp(
  async (app) => {
    const mailer = createMailer(app.config.mail, app.log.child({ component: 'mail' }));
    app.addHook('onClose', async () => mailer.close());
    const mail = createMailService({ mailer, repository: createMailRepository(app.db), jobs: app.jobs });
    app.jobs.register(sendMailJob, async ({ outboxId }, context) =>
      mail.deliver(outboxId, { lastAttempt: context.attempt >= context.maxAttempts }),
    );
    app.decorate('mail', mail);
  },
  { name: 'mail', dependencies: ['db', 'jobs'] },
);
