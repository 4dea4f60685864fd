import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import type { RefundEffect } from '../mail/mail-templates.ts';
import type { MailService } from '../mail/mail.service.ts';

export interface RefundNotice {
  /** Minor units. */
  amount: number;
  currency: string;
  /** What was paid for: an invoice number, or a purchase's description. */
  item: string;
  effect: RefundEffect;
  /** App path where the buyer sees it. */
  path: string;
}

/**
 * Tells a buyer, in their language, that a payment was refunded, how much and what it changed.
 * Called once per refund, whoever started it (an admin here, or the provider's dashboard).
 */
export function createRefundNotifier({
  db,
  mail,
  publicUrl,
  log,
}: {
  db: Db;
  mail: Pick<MailService, 'queue'>;
  publicUrl: string;
  log: FastifyBaseLogger;
}) {
  return async function notifyRefund(userId: string | null, notice: RefundNotice): Promise<void> {
    if (!userId) return;
    try {
      const [user] = await db.select().from(users).where(eq(users.id, userId));
      if (!user) return;
      const amount = new Intl.NumberFormat(user.language, { style: 'currency', currency: notice.currency }).format(
        notice.amount / 100,
      );
      await mail.queue(
        { userId: user.id, email: user.email, language: user.language },
        {
          name: 'payment_refunded',
          vars: {
            firstName: user.firstName,
            amount,
            item: notice.item,
            effect: notice.effect,
            link: `${publicUrl}${notice.path}`,
          },
        },
      );
    } catch (error) {
      // The money went back already; a missing e-mail must not undo the refund's bookkeeping.
      log.error({ err: error, userId }, 'could not queue the refund e-mail');
    }
  };
}

export type NotifyRefund = ReturnType<typeof createRefundNotifier>;
