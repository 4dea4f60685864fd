import type {
  AdminCompany,
  AdminSubscription,
  GrantPlanInput,
  PaymentEventDto,
  RevokeGrantInput,
  UsageEntry,
} from '@compliance/shared/billing';
import type { InvoiceDto } from '@compliance/shared/invoices';
import type { PlanGrantRow, SubscriptionRow } from '../../db/schema/index.ts';
import { AppError } from '../../plugins/errors.ts';
import type { Access } from '../access/access.ts';
import type { Actor } from '../access/actor.ts';
import type { AuditService } from '../audit/audit.service.ts';
import { ADMIN_LIST_LIMIT, type BillingAdminRepository, type HeldBy } from './billing-admin.repository.ts';
import type { BillingRepository } from './billing.repository.ts';
import { subscriptionApplies } from './billing.service.ts';
import { toInvoiceDto, type InvoicesService } from './invoices.service.ts';
import type { TestProvider } from './test-provider.ts';

const holderOf = (row: { userId: string | null; companyId: string | null } & HeldBy) => ({
  holderType: row.companyId ? ('company' as const) : ('user' as const),
  holderId: (row.companyId ?? row.userId)!,
  holderName: row.companyId ? (row.companyName ?? '') : (row.userName ?? row.userEmail ?? ''),
  holderEmail: row.companyId ? null : row.userEmail,
});

const DAY_MS = 86_400_000;

/**
 * The billing administration: who holds which plan, any user's usage ledger, the payment-event
 * journal, manual grants and refunds. Every method checks `billing.admin`; every change is audited.
 */
export function createBillingAdminService({
  access,
  repository,
  admin,
  invoices,
  audit,
  testProvider,
  now,
}: {
  access: Access;
  repository: BillingRepository;
  admin: BillingAdminRepository;
  invoices: InvoicesService;
  audit: AuditService;
  /** TEST MODE only: renewals can be run by hand. */
  testProvider: TestProvider | null;
  now: () => Date;
}) {
  function subscriptionDto(row: SubscriptionRow & HeldBy): AdminSubscription {
    return {
      id: row.id,
      kind: 'subscription',
      ...holderOf(row),
      planId: row.planId,
      status: row.status,
      provider: row.provider,
      seats: row.seats,
      interval: row.interval,
      currency: row.currency,
      periodEnd: row.currentPeriodEnd?.toISOString() ?? null,
      cancelAtPeriodEnd: row.cancelAtPeriodEnd,
      graceUntil: row.graceUntil?.toISOString() ?? null,
      createdAt: row.createdAt.toISOString(),
    };
  }

  function grantDto(grant: PlanGrantRow & HeldBy, at: Date): AdminSubscription {
    return {
      id: grant.id,
      kind: 'grant',
      ...holderOf(grant),
      planId: grant.planId,
      status: grant.revokedAt ? 'revoked' : grant.validUntil > at ? 'granted' : 'expired',
      provider: null,
      seats: grant.seats,
      interval: null,
      currency: null,
      periodEnd: (grant.revokedAt ?? grant.validUntil).toISOString(),
      cancelAtPeriodEnd: false,
      graceUntil: null,
      createdAt: grant.createdAt.toISOString(),
      revoked: grant.revokedAt
        ? { at: grant.revokedAt.toISOString(), byEmail: grant.revokedByEmail ?? '', reason: grant.revokeReason ?? '' }
        : null,
    };
  }

  return {
    async subscriptions(
      actor: Actor,
      query: { search?: string | undefined; status?: AdminSubscription['status'] | undefined },
    ): Promise<AdminSubscription[]> {
      await access.require(actor, 'billing.admin');
      const at = now();
      const [paid, grants] = await Promise.all([
        admin.subscriptions({ search: query.search }),
        admin.grants({ search: query.search }),
      ]);
      const rows: AdminSubscription[] = [...paid.map(subscriptionDto), ...grants.map((grant) => grantDto(grant, at))];
      return rows
        .filter((row) => !query.status || row.status === query.status)
        .sort((a, b) => b.createdAt.localeCompare(a.createdAt));
    },

    async companies(actor: Actor): Promise<AdminCompany[]> {
      await access.require(actor, 'billing.admin');
      const at = now();
      const [companies, { paid, granted }] = await Promise.all([admin.companies(), admin.companyHoldings(at)]);
      return companies.map((company) => {
        const subscription = paid.find((row) => row.companyId === company.id);
        const grant = granted.find((row) => row.companyId === company.id);
        const holds = subscription && subscriptionApplies(subscription, at) ? subscription : null;
        return {
          id: company.id,
          name: company.name,
          country: company.country,
          members: company.members,
          planId: holds?.planId ?? grant?.planId ?? 'free',
          seats: holds?.seats ?? grant?.seats ?? 1,
          status: holds ? holds.status : grant ? 'granted' : 'free',
          periodEnd: holds?.currentPeriodEnd?.toISOString() ?? grant?.validUntil.toISOString() ?? null,
        };
      });
    },

    async usage(
      actor: Actor,
      query: { email: string; kind?: 'tokens' | 'storage'; action?: string; from?: string; to?: string; limit: number },
    ): Promise<UsageEntry[]> {
      await access.require(actor, 'billing.admin');
      const user = await admin.userByEmail(query.email);
      if (!user) throw new AppError('USER_NOT_FOUND', 404, 'No account with this e-mail address');
      const rows = await admin.usage(user.id, {
        kind: query.kind,
        action: query.action || undefined,
        from: query.from ? new Date(`${query.from}T00:00:00Z`) : undefined,
        // "to" includes its whole day.
        to: query.to ? new Date(new Date(`${query.to}T00:00:00Z`).getTime() + DAY_MS) : undefined,
        limit: query.limit,
      });
      return rows.map((row) => ({
        id: row.id,
        kind: row.kind,
        amount: row.amount,
        action: row.action,
        reference: row.reference,
        createdAt: row.createdAt.toISOString(),
      }));
    },

    async events(
      actor: Actor,
      query: { verification?: PaymentEventDto['verification']; type?: string; limit: number },
    ): Promise<PaymentEventDto[]> {
      await access.require(actor, 'billing.admin');
      const rows = await repository.listJournal({ ...query, type: query.type || undefined });
      return rows.map((row) => ({
        id: row.id,
        provider: row.provider,
        eventId: row.eventId,
        type: row.type,
        objectId: row.objectId,
        verification: row.verification,
        outcome: row.outcome,
        source: row.source,
        repeatCount: row.repeatCount,
        receivedAt: row.receivedAt.toISOString(),
      }));
    },

    async invoices(actor: Actor): Promise<InvoiceDto[]> {
      await access.require(actor, 'billing.admin');
      return invoices.listAll(ADMIN_LIST_LIMIT);
    },

    /** Gives a user (or their company) a plan until the end of a day, without payment. */
    async grant(actor: Actor, input: Required<GrantPlanInput>): Promise<AdminSubscription> {
      const caller = await access.require(actor, 'billing.admin');
      const plan = await repository.plan(input.planId);
      if (!plan) throw new AppError('PLAN_NOT_FOUND', 404, 'No such plan');
      // Valid through the whole day named.
      const validUntil = new Date(new Date(`${input.validUntil}T00:00:00Z`).getTime() + DAY_MS);
      if (validUntil <= now()) {
        throw new AppError('VALIDATION_FAILED', 400, 'The grant must end in the future', {
          fields: { validUntil: 'billing:adminBilling.grant.untilPast' },
        });
      }
      if (input.seats > plan.seats) {
        throw new AppError('VALIDATION_FAILED', 400, 'More seats than the plan offers', {
          fields: { seats: 'billing:adminBilling.grant.seatsTooMany' },
        });
      }
      const user = await admin.userByEmail(input.email);
      if (!user) throw new AppError('USER_NOT_FOUND', 404, 'No account with this e-mail address');
      const company = input.holder === 'company' ? await admin.companyOf(user.id) : null;
      if (input.holder === 'company' && !company) {
        throw new AppError('COMPANY_NOT_FOUND', 404, 'This user belongs to no company');
      }
      const row = await repository.insertGrant({
        userId: company ? null : user.id,
        companyId: company?.id ?? null,
        planId: plan.id,
        seats: plan.perSeat ? input.seats : 1,
        validUntil,
        note: input.note,
        grantedByEmail: caller.user.email,
      });
      await audit.record('admin.billing_plan_granted', {
        actor: caller.user,
        target: { id: user.id, email: user.email },
        ipAddress: caller.ip,
        metadata: {
          grantId: row.id,
          planId: plan.id,
          holder: input.holder,
          companyId: company?.id ?? null,
          seats: row.seats,
          validUntil: validUntil.toISOString(),
          note: input.note,
        },
      });
      const held = {
        ...row,
        userEmail: user.email,
        userName: `${user.firstName} ${user.lastName}`.trim() || null,
        companyName: company?.name ?? null,
      };
      return {
        id: row.id,
        kind: 'grant',
        ...holderOf(held),
        planId: row.planId,
        status: 'granted',
        provider: null,
        seats: row.seats,
        interval: null,
        currency: null,
        periodEnd: row.validUntil.toISOString(),
        cancelAtPeriodEnd: false,
        graceUntil: null,
        createdAt: row.createdAt.toISOString(),
      };
    },

    /**
     * Ends a running grant now: the holder falls back to their paid plan or Free at once. Nothing is
     * deleted (the grant stays, marked with who ended it and why); audited.
     */
    async revokeGrant(
      actor: Actor,
      { id, reason }: Required<RevokeGrantInput> & { id: string },
    ): Promise<AdminSubscription> {
      const caller = await access.require(actor, 'billing.admin');
      const at = now();
      const revoked = await repository.revokeGrant(id, { at, byEmail: caller.user.email, reason });
      if (!revoked) {
        const grant = await repository.grantById(id);
        if (!grant) throw new AppError('NOT_FOUND', 404, 'No such grant');
        throw new AppError('CONFLICT', 409, 'The grant has ended already');
      }
      const [held] = await admin.grants({ id });
      await audit.record('admin.billing_grant_revoked', {
        actor: caller.user,
        target: revoked.userId && held?.userEmail ? { id: revoked.userId, email: held.userEmail } : null,
        ipAddress: caller.ip,
        metadata: {
          grantId: revoked.id,
          planId: revoked.planId,
          companyId: revoked.companyId,
          validUntil: revoked.validUntil.toISOString(),
          reason,
        },
      });
      return grantDto(held ?? { ...revoked, userEmail: null, userName: null, companyName: null }, at);
    },

    /** Refunds an invoice's payment in full through the provider; audited. */
    async refund(actor: Actor, { id }: { id: string }): Promise<InvoiceDto> {
      const caller = await access.require(actor, 'billing.admin');
      const refunded = await invoices.refund(id);
      await audit.record('admin.billing_invoice_refunded', {
        actor: caller.user,
        target: refunded.userId ? { id: refunded.userId, email: refunded.buyerEmail } : null,
        ipAddress: caller.ip,
        metadata: {
          invoiceId: refunded.id,
          number: refunded.number,
          amount: refunded.total,
          currency: refunded.currency,
          provider: refunded.provider,
        },
      });
      return toInvoiceDto(refunded);
    },

    /** TEST MODE: runs a subscription's renewal now, paid or declined (the provider's renewal run). */
    async simulateRenewal(
      actor: Actor,
      { id, outcome }: { id: string; outcome: 'succeeded' | 'declined' },
    ): Promise<AdminSubscription> {
      const caller = await access.require(actor, 'billing.admin');
      if (!testProvider) throw new AppError('NOT_FOUND', 404, 'Renewals are simulated in TEST MODE only');
      const row = await repository.subscriptionById(id);
      if (!row || row.provider !== 'test') throw new AppError('NOT_FOUND', 404, 'No such subscription');
      await testProvider.renew(row.providerSubscriptionId, outcome);
      await audit.record('admin.billing_renewal_simulated', {
        actor: caller.user,
        ipAddress: caller.ip,
        metadata: { subscriptionId: row.id, outcome },
      });
      const [after] = await admin.subscriptions({ id });
      if (!after) throw new AppError('NOT_FOUND', 404, 'No such subscription');
      return subscriptionDto(after);
    },
  };
}

export type BillingAdminService = ReturnType<typeof createBillingAdminService>;
