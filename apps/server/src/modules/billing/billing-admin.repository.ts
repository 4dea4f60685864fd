import { and, desc, eq, gt, gte, ilike, inArray, isNotNull, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  companies,
  companyMembers,
  planGrants,
  subscriptions,
  usageLedger,
  users,
  type CompanyRow,
  type PlanGrantRow,
  type SubscriptionRow,
} from '../../db/schema/index.ts';

/** How many rows an admin list shows at most (newest first); the filters narrow it down. */
export const ADMIN_LIST_LIMIT = 500;

export interface HeldBy {
  userEmail: string | null;
  userName: string | null;
  companyName: string | null;
}

const likeText = (value: string) => `%${value.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

/** The admin's read of billing: who holds what, every company's plan, anyone's usage ledger. */
export function createBillingAdminRepository(db: Db) {
  const holderName = {
    userEmail: users.email,
    userName: sql<string | null>`nullif(trim(${users.firstName} || ' ' || ${users.lastName}), '')`,
    companyName: companies.name,
  };
  const holderSearch = (search: string | undefined): SQL | undefined =>
    search ? or(ilike(users.email, likeText(search)), ilike(companies.name, likeText(search))) : undefined;

  return {
    /** Every subscription (newest first), or those whose holder matches `search`, or the one with `id`. */
    async subscriptions({ search, id }: { search?: string; id?: string } = {}): Promise<(SubscriptionRow & HeldBy)[]> {
      const rows = await db
        .select({ subscription: subscriptions, ...holderName })
        .from(subscriptions)
        .leftJoin(users, eq(users.id, subscriptions.userId))
        .leftJoin(companies, eq(companies.id, subscriptions.companyId))
        .where(id ? eq(subscriptions.id, id) : holderSearch(search))
        .orderBy(desc(subscriptions.createdAt))
        .limit(ADMIN_LIST_LIMIT);
      return rows.map(({ subscription, ...holder }) => ({ ...subscription, ...holder }));
    },
    /** Every grant (newest first), or those whose holder matches `search`, or the one with `id`. */
    async grants({ search, id }: { search?: string; id?: string } = {}): Promise<(PlanGrantRow & HeldBy)[]> {
      const rows = await db
        .select({ grant: planGrants, ...holderName })
        .from(planGrants)
        .leftJoin(users, eq(users.id, planGrants.userId))
        .leftJoin(companies, eq(companies.id, planGrants.companyId))
        .where(id ? eq(planGrants.id, id) : holderSearch(search))
        .orderBy(desc(planGrants.createdAt))
        .limit(ADMIN_LIST_LIMIT);
      return rows.map(({ grant, ...holder }) => ({ ...grant, ...holder }));
    },
    /** Live subscriptions and running grants held by companies (for the companies list). */
    async companyHoldings(now: Date) {
      const [paid, granted] = await Promise.all([
        db
          .select()
          .from(subscriptions)
          .where(and(isNotNull(subscriptions.companyId), inArray(subscriptions.status, ['active', 'past_due'])))
          .orderBy(desc(subscriptions.createdAt)),
        db
          .select()
          .from(planGrants)
          .where(and(isNotNull(planGrants.companyId), gt(planGrants.validUntil, now), isNull(planGrants.revokedAt)))
          .orderBy(desc(planGrants.createdAt)),
      ]);
      return { paid, granted };
    },
    async companies(): Promise<(CompanyRow & { members: number })[]> {
      const rows = await db
        .select({ company: companies, members: sql<number>`count(${companyMembers.userId})::int` })
        .from(companies)
        .leftJoin(companyMembers, eq(companyMembers.companyId, companies.id))
        .groupBy(companies.id)
        .orderBy(companies.name)
        .limit(ADMIN_LIST_LIMIT);
      return rows.map(({ company, members }) => ({ ...company, members }));
    },
    async userByEmail(email: string) {
      const [row] = await db
        .select()
        .from(users)
        .where(eq(sql`lower(${users.email})`, email.toLowerCase()));
      return row ?? null;
    },
    async companyOf(userId: string): Promise<CompanyRow | null> {
      const [row] = await db
        .select({ company: companies })
        .from(companyMembers)
        .innerJoin(companies, eq(companies.id, companyMembers.companyId))
        .where(eq(companyMembers.userId, userId));
      return row?.company ?? null;
    },
    usage(
      userId: string,
      filter: { kind?: 'tokens' | 'storage'; action?: string; from?: Date; to?: Date; limit: number },
    ) {
      const conditions: SQL[] = [eq(usageLedger.userId, userId)];
      if (filter.kind) conditions.push(eq(usageLedger.kind, filter.kind));
      if (filter.action) conditions.push(ilike(usageLedger.action, likeText(filter.action)));
      if (filter.from) conditions.push(gte(usageLedger.createdAt, filter.from));
      if (filter.to) conditions.push(lt(usageLedger.createdAt, filter.to));
      return db
        .select()
        .from(usageLedger)
        .where(and(...conditions))
        .orderBy(desc(usageLedger.createdAt))
        .limit(filter.limit);
    },
  };
}

export type BillingAdminRepository = ReturnType<typeof createBillingAdminRepository>;
