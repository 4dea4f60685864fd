import type { CompanyMemberRole, CompanyProfile } from '@compliance/shared/billing';
import { and, asc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db, DbExecutor } from '../../db/client.ts';
import { companies, companyInvitations, companyMembers, userProfiles, users } from '../../db/schema/index.ts';

export interface Membership {
  companyId: string;
  role: CompanyMemberRole;
}

/** What a company row stores besides its id and timestamps. */
export type CompanyValues = Omit<CompanyProfile, 'legalName' | 'street' | 'postcode' | 'city'> & {
  legalName: string;
  street: string;
  postcode: string;
  city: string;
};

/** An invitation that can still be accepted (neither accepted nor revoked; expiry is checked apart). */
const open = and(isNull(companyInvitations.acceptedAt), isNull(companyInvitations.revokedAt));

export function createOnboardingRepository(db: Db) {
  const repository = {
    transaction<T>(run: (tx: DbExecutor) => Promise<T>): Promise<T> {
      return db.transaction((tx) => run(tx));
    },

    async membership(userId: string, executor: DbExecutor = db): Promise<Membership | null> {
      const [row] = await executor
        .select({ companyId: companyMembers.companyId, role: companyMembers.role })
        .from(companyMembers)
        .where(eq(companyMembers.userId, userId));
      return row ?? null;
    },
    async company(companyId: string) {
      const [row] = await db.select().from(companies).where(eq(companies.id, companyId));
      return row ?? null;
    },
    /** Locks the company row for the rest of the transaction: seat and admin counts stay true until it ends. */
    async lockCompany(tx: DbExecutor, companyId: string): Promise<void> {
      await tx.select({ id: companies.id }).from(companies).where(eq(companies.id, companyId)).for('update');
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
    /** Seats taken: every member, and every invitation that can still be accepted. */
    async seatsTaken(companyId: string, now: Date, executor: DbExecutor = db): Promise<number> {
      const [members] = await executor
        .select({ count: sql<number>`count(*)::int` })
        .from(companyMembers)
        .where(eq(companyMembers.companyId, companyId));
      const [invited] = await executor
        .select({ count: sql<number>`count(*)::int` })
        .from(companyInvitations)
        .where(and(eq(companyInvitations.companyId, companyId), open, gt(companyInvitations.expiresAt, now)));
      return (members?.count ?? 0) + (invited?.count ?? 0);
    },
    async adminCount(companyId: string, executor: DbExecutor = db): Promise<number> {
      const [row] = await executor
        .select({ count: sql<number>`count(*)::int` })
        .from(companyMembers)
        .where(and(eq(companyMembers.companyId, companyId), eq(companyMembers.role, 'admin')));
      return row?.count ?? 0;
    },
    /** Any admin of the company: the company's plan is found through one. */
    async anyAdminId(companyId: string): Promise<string | null> {
      const [row] = await db
        .select({ userId: companyMembers.userId })
        .from(companyMembers)
        .where(and(eq(companyMembers.companyId, companyId), eq(companyMembers.role, 'admin')))
        .orderBy(asc(companyMembers.createdAt))
        .limit(1);
      return row?.userId ?? null;
    },
    /** A new company with its creator as admin; null when the user already belongs to one. */
    async createCompany(userId: string, values: CompanyValues): Promise<string | null> {
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
    async updateCompany(companyId: string, values: CompanyValues) {
      await db
        .update(companies)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(companies.id, companyId));
    },

    // ---- invitations ----

    /** The invitations still open (expired ones too, so the admin can send them again or revoke them). */
    openInvitations(companyId: string) {
      return db
        .select({
          id: companyInvitations.id,
          email: companyInvitations.email,
          createdAt: companyInvitations.createdAt,
          expiresAt: companyInvitations.expiresAt,
          inviterFirstName: users.firstName,
          inviterLastName: users.lastName,
          inviterEmail: users.email,
        })
        .from(companyInvitations)
        .leftJoin(users, eq(users.id, companyInvitations.invitedByUserId))
        .where(and(eq(companyInvitations.companyId, companyId), open))
        .orderBy(asc(companyInvitations.createdAt), asc(companyInvitations.email));
    },
    async openInvitation(companyId: string, email: string, executor: DbExecutor = db) {
      const [row] = await executor
        .select()
        .from(companyInvitations)
        .where(and(eq(companyInvitations.companyId, companyId), eq(companyInvitations.email, email), open));
      return row ?? null;
    },
    async openInvitationById(companyId: string, id: string, executor: DbExecutor = db) {
      const [row] = await executor
        .select()
        .from(companyInvitations)
        .where(and(eq(companyInvitations.companyId, companyId), eq(companyInvitations.id, id), open));
      return row ?? null;
    },
    async insertInvitation(
      tx: DbExecutor,
      values: { companyId: string; email: string; tokenHash: string; invitedByUserId: string; expiresAt: Date },
    ) {
      const [row] = await tx.insert(companyInvitations).values(values).returning();
      if (!row) throw new Error('Inserting an invitation returned no row');
      return row;
    },
    /** A new token and expiry for an open invitation (the old link stops working). */
    async renewInvitation(
      tx: DbExecutor,
      id: string,
      values: { tokenHash: string; expiresAt: Date; invitedByUserId: string },
    ): Promise<boolean> {
      const rows = await tx
        .update(companyInvitations)
        .set(values)
        .where(and(eq(companyInvitations.id, id), open))
        .returning({ id: companyInvitations.id });
      return rows.length > 0;
    },
    async revokeInvitation(id: string, now: Date, executor: DbExecutor = db): Promise<boolean> {
      const rows = await executor
        .update(companyInvitations)
        .set({ revokedAt: now })
        .where(and(eq(companyInvitations.id, id), open))
        .returning({ id: companyInvitations.id });
      return rows.length > 0;
    },
    /** The invitation a link's token belongs to, with its company's name and who sent it. */
    async invitationByTokenHash(tokenHash: string) {
      const [row] = await db
        .select({
          invitation: companyInvitations,
          companyName: companies.name,
          inviterFirstName: users.firstName,
          inviterLastName: users.lastName,
          inviterEmail: users.email,
        })
        .from(companyInvitations)
        .innerJoin(companies, eq(companies.id, companyInvitations.companyId))
        .leftJoin(users, eq(users.id, companyInvitations.invitedByUserId))
        .where(eq(companyInvitations.tokenHash, tokenHash));
      return row ?? null;
    },
    /**
     * Uses the invitation up (once: only while it is open and unexpired) and makes the user a member.
     * False when it was used, revoked or expired meanwhile, or the user joined a company meanwhile.
     */
    async acceptInvitation(tx: DbExecutor, id: string, userId: string, now: Date): Promise<boolean> {
      const [used] = await tx
        .update(companyInvitations)
        .set({ acceptedAt: now, acceptedByUserId: userId })
        .where(and(eq(companyInvitations.id, id), open, gt(companyInvitations.expiresAt, now)))
        .returning({ companyId: companyInvitations.companyId });
      if (!used) return false;
      const added = await tx
        .insert(companyMembers)
        .values({ companyId: used.companyId, userId, role: 'member' })
        .onConflictDoNothing()
        .returning({ userId: companyMembers.userId });
      return added.length > 0;
    },

    // ---- members ----

    async memberRole(companyId: string, userId: string, executor: DbExecutor = db): Promise<CompanyMemberRole | null> {
      const [row] = await executor
        .select({ role: companyMembers.role })
        .from(companyMembers)
        .where(and(eq(companyMembers.companyId, companyId), eq(companyMembers.userId, userId)));
      return row?.role ?? null;
    },
    async setMemberRole(tx: DbExecutor, companyId: string, userId: string, role: CompanyMemberRole) {
      await tx
        .update(companyMembers)
        .set({ role })
        .where(and(eq(companyMembers.companyId, companyId), eq(companyMembers.userId, userId)));
    },
    async removeMember(tx: DbExecutor, companyId: string, userId: string): Promise<boolean> {
      const rows = await tx
        .delete(companyMembers)
        .where(and(eq(companyMembers.companyId, companyId), eq(companyMembers.userId, userId)))
        .returning({ userId: companyMembers.userId });
      return rows.length > 0;
    },

    // ---- users ----

    async userByEmail(email: string) {
      const [row] = await db
        .select({ id: users.id, language: users.language })
        .from(users)
        .where(eq(users.email, email.toLowerCase()));
      return row ?? null;
    },
    async user(userId: string) {
      const [row] = await db
        .select({
          firstName: users.firstName,
          lastName: users.lastName,
          email: users.email,
          language: users.language,
        })
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
  return repository;
}

export type OnboardingRepository = ReturnType<typeof createOnboardingRepository>;

class AlreadyMember extends Error {}
