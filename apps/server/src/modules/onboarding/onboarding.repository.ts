import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { companies, companyMembers, userProfiles, users } from '../../db/schema/index.ts';

export interface Membership {
  companyId: string;
  role: 'admin' | 'member';
}

export function createOnboardingRepository(db: Db) {
  return {
    async membership(userId: string): Promise<Membership | null> {
      const [row] = await db
        .select({ companyId: companyMembers.companyId, role: companyMembers.role })
        .from(companyMembers)
        .where(eq(companyMembers.userId, userId));
      return row ?? null;
    },
    async company(companyId: string) {
      const [row] = await db.select().from(companies).where(eq(companies.id, companyId));
      return row ?? null;
    },
    members(companyId: string) {
      return db
        .select({
          userId: users.id,
          email: users.email,
          firstName: users.firstName,
          lastName: users.lastName,
          role: companyMembers.role,
        })
        .from(companyMembers)
        .innerJoin(users, eq(users.id, companyMembers.userId))
        .where(eq(companyMembers.companyId, companyId))
        .orderBy(asc(companyMembers.createdAt), asc(users.email));
    },
    async memberCount(companyId: string): Promise<number> {
      const [row] = await db
        .select({ count: sql<number>`count(*)::int` })
        .from(companyMembers)
        .where(eq(companyMembers.companyId, companyId));
      return row?.count ?? 0;
    },
    /** A new company with its creator as admin; null when the user already belongs to one. */
    async createCompany(
      userId: string,
      values: { name: string; size: string; type: string; country: string },
    ): Promise<string | null> {
      return db
        .transaction(async (tx) => {
          const [company] = await tx.insert(companies).values(values).returning({ id: companies.id });
          if (!company) throw new Error('Inserting a company returned no row');
          const [member] = await tx
            .insert(companyMembers)
            .values({ companyId: company.id, userId, role: 'admin' })
            .onConflictDoNothing()
            .returning({ userId: companyMembers.userId });
          if (!member) throw new AlreadyMember();
          return company.id;
        })
        .catch((error: unknown) => {
          if (error instanceof AlreadyMember) return null;
          throw error;
        });
    },
    async updateCompany(companyId: string, values: { name: string; size: string; type: string; country: string }) {
      await db
        .update(companies)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(companies.id, companyId));
    },
    /** Adds the member unless they belong to a company already (false then). */
    async addMember(companyId: string, userId: string): Promise<boolean> {
      const rows = await db
        .insert(companyMembers)
        .values({ companyId, userId, role: 'member' })
        .onConflictDoNothing()
        .returning({ userId: companyMembers.userId });
      return rows.length > 0;
    },
    async removeMember(companyId: string, userId: string): Promise<boolean> {
      const rows = await db
        .delete(companyMembers)
        .where(
          and(
            eq(companyMembers.companyId, companyId),
            eq(companyMembers.userId, userId),
            eq(companyMembers.role, 'member'),
          ),
        )
        .returning({ userId: companyMembers.userId });
      return rows.length > 0;
    },
    async userIdByEmail(email: string): Promise<string | null> {
      const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, email.toLowerCase()));
      return row?.id ?? null;
    },
    async user(userId: string) {
      const [row] = await db
        .select({ firstName: users.firstName, lastName: users.lastName, language: users.language })
        .from(users)
        .where(eq(users.id, userId));
      return row ?? null;
    },
    async profile(userId: string) {
      const [row] = await db.select().from(userProfiles).where(eq(userProfiles.userId, userId));
      return row ?? null;
    },
    /** Name and language on the account, role and interests on the profile: one step, saved together. */
    async saveUserStep(
      userId: string,
      input: { firstName: string; lastName: string; language: string; jobRole: string; interests: string[] },
    ) {
      await db.transaction(async (tx) => {
        await tx
          .update(users)
          .set({
            firstName: input.firstName,
            lastName: input.lastName,
            language: input.language,
            updatedAt: new Date(),
          })
          .where(eq(users.id, userId));
        const now = new Date();
        await tx
          .insert(userProfiles)
          .values({ userId, jobRole: input.jobRole, interests: input.interests, onboardedAt: now, updatedAt: now })
          .onConflictDoUpdate({
            target: userProfiles.userId,
            set: { jobRole: input.jobRole, interests: input.interests, onboardedAt: now, updatedAt: now },
          });
      });
    },
    async saveJobRole(userId: string, jobRole: string) {
      await db
        .insert(userProfiles)
        .values({ userId, jobRole })
        .onConflictDoUpdate({ target: userProfiles.userId, set: { jobRole, updatedAt: new Date() } });
    },
  };
}

export type OnboardingRepository = ReturnType<typeof createOnboardingRepository>;

class AlreadyMember extends Error {}
