import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db, DbExecutor } from '../../db/client.ts';
import { mailOutbox, type MailOutboxRow, type MailStatus } from '../../db/schema/index.ts';

export interface NewOutboxMail {
  userId: string | null;
  toAddress: string;
  template: string;
  language: string;
  subject: string;
  textBody: string;
  htmlBody: string;
}

export function createMailRepository(db: Db) {
  return {
    async insert(mail: NewOutboxMail, tx: DbExecutor = db): Promise<MailOutboxRow> {
      const [row] = await tx.insert(mailOutbox).values(mail).returning();
      if (!row) throw new Error('Inserting an outbox mail returned no row');
      return row;
    },
    async findById(id: string): Promise<MailOutboxRow | undefined> {
      const [row] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, id)).limit(1);
      return row;
    },
    async markAttempt(id: string, error: string | null, status: MailStatus): Promise<void> {
      await db
        .update(mailOutbox)
        .set({
          attempts: sql`${mailOutbox.attempts} + 1`,
          lastError: error,
          status,
          sentAt: status === 'sent' || status === 'stored' ? new Date() : null,
        })
        .where(eq(mailOutbox.id, id));
    },
    /** The newest mail sent to an address (tests and the operator's console use it). */
    async latestTo(toAddress: string, template?: string): Promise<MailOutboxRow | undefined> {
      const conditions = [eq(mailOutbox.toAddress, toAddress)];
      if (template) conditions.push(eq(mailOutbox.template, template));
      const [row] = await db
        .select()
        .from(mailOutbox)
        .where(and(...conditions))
        .orderBy(desc(mailOutbox.createdAt))
        .limit(1);
      return row;
    },
  };
}

export type MailRepository = ReturnType<typeof createMailRepository>;
