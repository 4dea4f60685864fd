import { createReadMemory, type ReadMemory } from '../../db/read-memory.ts';
import { createHash, randomBytes } from 'node:crypto';
import {
  COMPANY_INVITATION_DAYS,
  companySupervisors,
  defaultInterestsFor,
  interestAreas,
  readCompanyType,
  type AcceptCompanyInvitationInput,
  type CompanyDto,
  type CompanyInvitationPreview,
  type CompanyProfile,
  type CompanySupervisor,
  type InterestArea,
  type InviteCompanyMemberInput,
  type OnboardingState,
  type UpdateCompanyMemberInput,
  type UserOnboardingInput,
} from '@compliance/shared/billing';
import { AppError } from '../../plugins/errors.ts';
import { isCompanyAdmin, type Access } from '../access/access.ts';
import { systemActor, type Actor, type UserActor } from '../access/actor.ts';
import type { AuditService } from '../audit/audit.service.ts';
import type { LibraryService } from '../library/library.service.ts';
import type { EntitlementsService } from '../entitlements/entitlements.service.ts';
import type { MailService } from '../mail/mail.service.ts';
import type { Membership, OnboardingRepository } from './onboarding.repository.ts';

export interface OnboardingServiceDeps {
  access: Access;
  repository: OnboardingRepository;
  entitlements: EntitlementsService;
  mail: MailService;
  audit: AuditService;
  /** Moves a removed member's documents to another member, when the admin chooses to. */
  library: Pick<LibraryService, 'transferDocuments'>;
  /** Where the invitation links point (PUBLIC_URL). */
  publicUrl: string;
  /** Tells open connections of a user that their membership or role changed. */
  notifyUserChanged: (userId: string) => void;
  /** Keeps each user's interests between writes to the tables they come from (read for every answer). */
  memory?: ReadMemory;
  now?: () => Date;
}

type Company = NonNullable<Awaited<ReturnType<OnboardingRepository['company']>>>;

const DAY_MS = 24 * 60 * 60 * 1000;

/** The link's secret goes out in the e-mail only; the database keeps its SHA-256. */
const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

const fullName = (person: { firstName: string | null; lastName: string | null; email: string | null }) =>
  `${person.firstName ?? ''} ${person.lastName ?? ''}`.trim() || (person.email ?? '');

const isSupervisor = (value: string | null): value is CompanySupervisor =>
  value !== null && (companySupervisors as readonly string[]).includes(value);

/**
 * The user's own onboarding (name, language, role, interests) and their company: its profile and
 * members. Whoever creates the company is its admin; admins invite colleagues by e-mail, and every
 * member and every open invitation takes one seat of the company's plan.
 */
export function createOnboardingService({
  access,
  repository,
  entitlements,
  mail,
  audit,
  library,
  publicUrl,
  notifyUserChanged,
  memory = createReadMemory(undefined),
  now = () => new Date(),
}: OnboardingServiceDeps) {
  const person = (caller: UserActor) => ({ id: caller.user.id, email: caller.user.email });

  /** The seats of the company's plan (the plan is the company's, found through one of its admins). */
  async function seatLimit(companyId: string, caller: UserActor): Promise<number> {
    const adminId = await repository.anyAdminId(companyId);
    const holder = adminId ? { user: { ...caller.user, id: adminId } } : caller;
    return (await entitlements.planFor(holder)).limits.seats;
  }

  async function companyDto(company: Company, role: Membership['role'], caller: UserActor): Promise<CompanyDto> {
    const at = now();
    const [members, invitations, seatsUsed, limit] = await Promise.all([
      repository.members(company.id),
      isCompanyAdmin({ role }) ? repository.openInvitations(company.id) : Promise.resolve([]),
      repository.seatsTaken(company.id, at),
      seatLimit(company.id, caller),
    ]);
    return {
      id: company.id,
      name: company.name,
      legalName: company.legalName,
      street: company.street,
      postcode: company.postcode,
      city: company.city,
      size: company.size as CompanyDto['size'],
      type: readCompanyType(company.type, company.country),
      country: company.country,
      uid: company.uid,
      lei: company.lei,
      supervisor: isSupervisor(company.supervisor) ? company.supervisor : null,
      role,
      members: members.map((member) => ({
        userId: member.userId,
        email: member.email,
        name: `${member.firstName} ${member.lastName}`.trim(),
        role: member.role,
      })),
      invitations: invitations.map((invitation) => ({
        id: invitation.id,
        email: invitation.email,
        invitedBy: fullName({
          firstName: invitation.inviterFirstName,
          lastName: invitation.inviterLastName,
          email: invitation.inviterEmail,
        }),
        createdAt: invitation.createdAt.toISOString(),
        expiresAt: invitation.expiresAt.toISOString(),
        expired: invitation.expiresAt <= at,
      })),
      seats: { used: seatsUsed, limit },
    };
  }

  /** The caller's company, which they must administer. */
  async function adminCompany(caller: UserActor): Promise<Membership> {
    const membership = await repository.membership(caller.user.id);
    if (!membership) throw new AppError('COMPANY_NOT_FOUND', 404, 'Not a member of a company');
    await access.require(caller, 'company.manage', { type: 'company', id: membership.companyId });
    return membership;
  }

  async function companyOf(caller: UserActor): Promise<CompanyDto | null> {
    const membership = await repository.membership(caller.user.id);
    if (!membership) return null;
    const company = await repository.company(membership.companyId);
    return company ? companyDto(company, membership.role, caller) : null;
  }

  async function requireCompany(caller: UserActor): Promise<CompanyDto> {
    const company = await companyOf(caller);
    if (!company) throw new AppError('COMPANY_NOT_FOUND', 404, 'Not a member of a company');
    return company;
  }

  /**
   * The areas a user works in: their own choice, or — while they have chosen none — the defaults
   * their company's profile implies (`defaultInterestsFor`: Swiss firms the Swiss frameworks, US
   * advisers the US rules, everyone the FATF lists and sanctions).
   */
  async function interestsOf(userId: string, chosen: readonly string[] | undefined) {
    const own = (chosen ?? []).filter((area): area is InterestArea =>
      (interestAreas as readonly string[]).includes(area),
    );
    if (own.length > 0) return { interests: own, source: 'chosen' as const };
    const membership = await repository.membership(userId);
    const company = membership ? await repository.company(membership.companyId) : null;
    if (!company) return { interests: [], source: 'none' as const };
    const type = readCompanyType(company.type, company.country);
    return { interests: defaultInterestsFor({ country: company.country, type }), source: 'company' as const };
  }

  /** A fresh link secret, its hash and expiry. */
  function newToken() {
    const token = randomBytes(32).toString('base64url');
    return {
      token,
      tokenHash: hashToken(token),
      expiresAt: new Date(now().getTime() + COMPANY_INVITATION_DAYS * DAY_MS),
    };
  }

  function invitationLink(token: string) {
    return `${publicUrl}/invitations/accept?token=${encodeURIComponent(token)}`;
  }

  /** Who receives an invitation: their account (when they have one) sets the e-mail's language. */
  async function recipientOf(caller: UserActor, email: string) {
    const account = await repository.userByEmail(email);
    return { userId: account?.id ?? null, email, language: account?.language ?? caller.user.language };
  }

  /** The invitation e-mail, queued in the same transaction as the invitation (no mail without it). */
  async function sendInvitation(
    caller: UserActor,
    companyName: string,
    recipient: Awaited<ReturnType<typeof recipientOf>>,
    token: string,
    tx: Parameters<MailService['queue']>[2],
  ) {
    await mail.queue(
      recipient,
      {
        name: 'company_invitation',
        vars: {
          inviterName: fullName(caller.user),
          companyName,
          email: recipient.email,
          link: invitationLink(token),
          days: COMPANY_INVITATION_DAYS,
        },
      },
      tx,
    );
  }

  /** The invitation behind a link, refused when it cannot be accepted any more. */
  async function usableInvitation(token: string) {
    const found = await repository.invitationByTokenHash(hashToken(token));
    if (!found || found.invitation.acceptedAt || found.invitation.revokedAt) {
      throw new AppError('INVITATION_NOT_FOUND', 404, 'This invitation is not valid');
    }
    if (found.invitation.expiresAt <= now()) throw new AppError('INVITATION_EXPIRED', 410, 'This invitation expired');
    return found;
  }

  const service = {
    /** Which company a user belongs to, and as what (billing reads it to find the company's plan). */
    membership(userId: string): Promise<Membership | null> {
      return repository.membership(userId);
    },
    /** Seats the company uses: its members and its open invitations (billing shows and checks it). */
    memberCount(companyId: string): Promise<number> {
      return repository.seatsTaken(companyId, now());
    },
    /** The user's areas of interest, or their company's defaults while they have chosen none (for search and chat). */
    async interestsFor(userId: string): Promise<InterestArea[]> {
      const [read] = await memory.read(
        `interests:${userId}`,
        ['user_profiles', 'company_members', 'companies'],
        async () => {
          const profile = await repository.profile(userId);
          return [{ interests: (await interestsOf(userId, profile?.interests)).interests }];
        },
      );
      return [...(read?.interests ?? [])];
    },

    async state(actor: Actor): Promise<OnboardingState> {
      const caller = await access.require(actor, 'onboarding.manage');
      const [user, profile, company] = await Promise.all([
        repository.user(caller.user.id),
        repository.profile(caller.user.id),
        companyOf(caller),
      ]);
      const { interests, source } = await interestsOf(caller.user.id, profile?.interests);
      return {
        user: {
          firstName: user?.firstName ?? '',
          lastName: user?.lastName ?? '',
          language: (user?.language ?? 'en') as OnboardingState['user']['language'],
          jobRole: (profile?.jobRole ?? null) as OnboardingState['user']['jobRole'],
          interests,
          interestsSource: source,
          completed: Boolean(profile?.onboardedAt),
        },
        company,
      };
    },

    async saveUser(actor: Actor, input: Required<UserOnboardingInput>): Promise<OnboardingState> {
      const caller = await access.require(actor, 'onboarding.manage');
      await repository.saveUserStep(caller.user.id, input);
      return service.state(caller);
    },

    /** Creates the caller's company (they become its admin) or, as its admin, updates its profile. */
    async saveCompany(actor: Actor, input: CompanyProfile & { jobRole: string }): Promise<CompanyDto> {
      const caller = await access.require(actor, 'company.manage');
      const { jobRole, ...values } = input;
      const profile = {
        name: values.name,
        legalName: values.legalName,
        street: values.street,
        postcode: values.postcode,
        city: values.city,
        size: values.size,
        type: values.type,
        country: values.country,
        uid: values.uid,
        lei: values.lei,
        supervisor: values.supervisor,
      };
      const membership = await repository.membership(caller.user.id);
      if (membership) {
        await access.require(caller, 'company.manage', { type: 'company', id: membership.companyId });
        await repository.updateCompany(membership.companyId, profile);
        await audit.record('company.profile_updated', {
          actor: person(caller),
          ipAddress: caller.ip,
          metadata: { companyId: membership.companyId, name: profile.name, uid: profile.uid, lei: profile.lei },
        });
      } else {
        const companyId = await repository.createCompany(caller.user.id, profile);
        if (!companyId) throw new AppError('COMPANY_EXISTS', 409, 'Already a member of a company');
        await audit.record('company.created', {
          actor: person(caller),
          ipAddress: caller.ip,
          metadata: { companyId, name: profile.name },
        });
      }
      await repository.saveJobRole(caller.user.id, jobRole);
      return requireCompany(caller);
    },

    async company(actor: Actor): Promise<CompanyDto> {
      const caller = await access.require(actor, 'company.read');
      return requireCompany(caller);
    },

    /**
     * The admin invites a colleague by e-mail. The invitation takes a seat at once, so members plus
     * open invitations never exceed the plan's seats; an expired one frees its seat and is replaced.
     */
    async invite(actor: Actor, { email }: { email: string } & InviteCompanyMemberInput): Promise<CompanyDto> {
      const caller = await access.require(actor, 'company.manage');
      const membership = await adminCompany(caller);
      const company = await repository.company(membership.companyId);
      if (!company) throw new AppError('COMPANY_NOT_FOUND', 404, 'Not a member of a company');
      const limit = await seatLimit(company.id, caller);
      const recipient = await recipientOf(caller, email);
      if (recipient.userId && (await repository.memberRole(company.id, recipient.userId))) {
        throw new AppError('COMPANY_MEMBER_EXISTS', 409, 'Already a member of this company');
      }
      const invitationId = await repository.transaction(async (tx) => {
        await repository.lockCompany(tx, company.id);
        const at = now();
        const existing = await repository.openInvitation(company.id, email, tx);
        if (existing && existing.expiresAt > at) {
          throw new AppError('INVITATION_EXISTS', 409, 'This address has an open invitation');
        }
        if (existing) await repository.revokeInvitation(existing.id, at, tx);
        if ((await repository.seatsTaken(company.id, at, tx)) >= limit) {
          throw new AppError('SEAT_LIMIT_REACHED', 409, 'Every seat of the plan is taken');
        }
        const { token, tokenHash, expiresAt } = newToken();
        const row = await repository.insertInvitation(tx, {
          companyId: company.id,
          email,
          tokenHash,
          invitedByUserId: caller.user.id,
          expiresAt,
        });
        await sendInvitation(caller, company.name, recipient, token, tx);
        return row.id;
      });
      await audit.record('company.member_invited', {
        actor: person(caller),
        target: { id: recipient.userId, email },
        ipAddress: caller.ip,
        metadata: { companyId: company.id, invitationId },
      });
      return requireCompany(caller);
    },

    /** Sends an open invitation again with a new link (the old one stops working) and a new expiry. */
    async resendInvitation(actor: Actor, { invitationId }: { invitationId: string }): Promise<CompanyDto> {
      const caller = await access.require(actor, 'company.manage');
      const membership = await adminCompany(caller);
      const company = await repository.company(membership.companyId);
      if (!company) throw new AppError('COMPANY_NOT_FOUND', 404, 'Not a member of a company');
      const limit = await seatLimit(company.id, caller);
      const open = await repository.openInvitationById(company.id, invitationId);
      if (!open) throw new AppError('INVITATION_NOT_FOUND', 404, 'No such open invitation');
      const recipient = await recipientOf(caller, open.email);
      const email = await repository.transaction(async (tx) => {
        await repository.lockCompany(tx, company.id);
        const at = now();
        const invitation = await repository.openInvitationById(company.id, invitationId, tx);
        if (!invitation) throw new AppError('INVITATION_NOT_FOUND', 404, 'No such open invitation');
        // An expired invitation gave its seat back: it needs a free one again.
        if (invitation.expiresAt <= at && (await repository.seatsTaken(company.id, at, tx)) >= limit) {
          throw new AppError('SEAT_LIMIT_REACHED', 409, 'Every seat of the plan is taken');
        }
        const { token, tokenHash, expiresAt } = newToken();
        await repository.renewInvitation(tx, invitation.id, { tokenHash, expiresAt, invitedByUserId: caller.user.id });
        await sendInvitation(caller, company.name, recipient, token, tx);
        return invitation.email;
      });
      await audit.record('company.invitation_resent', {
        actor: person(caller),
        target: { id: null, email },
        ipAddress: caller.ip,
        metadata: { companyId: company.id, invitationId },
      });
      return requireCompany(caller);
    },

    /** Withdraws an open invitation: its link stops working and its seat is free again. */
    async revokeInvitation(actor: Actor, { invitationId }: { invitationId: string }): Promise<CompanyDto> {
      const caller = await access.require(actor, 'company.manage');
      const membership = await adminCompany(caller);
      const invitation = await repository.openInvitationById(membership.companyId, invitationId);
      if (!invitation || !(await repository.revokeInvitation(invitation.id, now()))) {
        throw new AppError('INVITATION_NOT_FOUND', 404, 'No such open invitation');
      }
      await audit.record('company.invitation_revoked', {
        actor: person(caller),
        target: { id: null, email: invitation.email },
        ipAddress: caller.ip,
        metadata: { companyId: membership.companyId, invitationId },
      });
      return requireCompany(caller);
    },

    /** What the accept page shows: which company invites, whom, and whether the signed-in account may accept. */
    async previewInvitation(actor: Actor, { token }: AcceptCompanyInvitationInput): Promise<CompanyInvitationPreview> {
      const caller = await access.require(actor, 'onboarding.manage');
      const found = await usableInvitation(token);
      return {
        companyName: found.companyName,
        email: found.invitation.email,
        invitedBy: fullName({
          firstName: found.inviterFirstName,
          lastName: found.inviterLastName,
          email: found.inviterEmail,
        }),
        expiresAt: found.invitation.expiresAt.toISOString(),
        forThisAccount: found.invitation.email === caller.user.email.toLowerCase(),
      };
    },

    /**
     * The invitee joins the company: only the account with the invited address, only once, only
     * before the link expires, and only while they belong to no company.
     */
    async acceptInvitation(actor: Actor, { token }: AcceptCompanyInvitationInput): Promise<CompanyDto> {
      const caller = await access.require(actor, 'onboarding.manage');
      const { invitation } = await usableInvitation(token);
      if (invitation.email !== caller.user.email.toLowerCase()) {
        throw new AppError('INVITATION_WRONG_ACCOUNT', 403, 'This invitation is for another e-mail address');
      }
      if (await repository.membership(caller.user.id)) {
        throw new AppError('COMPANY_MEMBER_EXISTS', 409, 'Already a member of a company');
      }
      const limit = await seatLimit(invitation.companyId, caller);
      await repository.transaction(async (tx) => {
        await repository.lockCompany(tx, invitation.companyId);
        const at = now();
        // The open invitation is one of the seats counted; a plan with fewer seats since refuses it.
        if ((await repository.seatsTaken(invitation.companyId, at, tx)) > limit) {
          throw new AppError('SEAT_LIMIT_REACHED', 409, 'Every seat of the plan is taken');
        }
        if (!(await repository.acceptInvitation(tx, invitation.id, caller.user.id, at))) {
          throw new AppError('INVITATION_NOT_FOUND', 404, 'This invitation is not valid');
        }
      });
      await audit.record('company.invitation_accepted', {
        actor: person(caller),
        ipAddress: caller.ip,
        metadata: { companyId: invitation.companyId, invitationId: invitation.id },
      });
      notifyUserChanged(caller.user.id);
      return requireCompany(caller);
    },

    /** Makes a member an admin or an admin a member; the company always keeps one admin. */
    async changeMemberRole(
      actor: Actor,
      { userId, role }: { userId: string } & UpdateCompanyMemberInput,
    ): Promise<CompanyDto> {
      const caller = await access.require(actor, 'company.manage');
      const membership = await adminCompany(caller);
      const previous = await repository.transaction(async (tx) => {
        await repository.lockCompany(tx, membership.companyId);
        const current = await repository.memberRole(membership.companyId, userId, tx);
        if (!current) throw new AppError('COMPANY_MEMBER_NOT_FOUND', 404, 'No such member');
        const demotesAnAdmin = isCompanyAdmin({ role: current }) && !isCompanyAdmin({ role });
        if (demotesAnAdmin && (await repository.adminCount(membership.companyId, tx)) <= 1) {
          throw new AppError('LAST_COMPANY_ADMIN', 409, 'The company needs an admin');
        }
        await repository.setMemberRole(tx, membership.companyId, userId, role);
        return current;
      });
      const target = await repository.user(userId);
      await audit.record('company.member_role_changed', {
        actor: person(caller),
        target: target ? { id: userId, email: target.email } : null,
        ipAddress: caller.ip,
        metadata: { companyId: membership.companyId, from: previous, to: role },
      });
      notifyUserChanged(userId);
      return requireCompany(caller);
    },

    /**
     * Removes a member: they leave the company and fall back to their own plan. Their conversations,
     * prompts and notes stay theirs; their documents too, unless the admin gives them to another
     * member (`transferTo`), into a folder named after them. The last admin stays. An admin who
     * removes themselves (another admin remaining) gets null: they have no company now.
     */
    async removeMember(
      actor: Actor,
      { userId, transferTo }: { userId: string; transferTo?: string | undefined },
    ): Promise<CompanyDto | null> {
      const caller = await access.require(actor, 'company.manage');
      const membership = await adminCompany(caller);
      const target = await repository.user(userId);
      let transferred: { folderId: string | null; files: number } | null = null;
      if (transferTo) {
        const [leaving, receiving] = await Promise.all([
          repository.memberRole(membership.companyId, userId),
          repository.memberRole(membership.companyId, transferTo),
        ]);
        if (!leaving || !target) throw new AppError('COMPANY_MEMBER_NOT_FOUND', 404, 'No such member');
        if (!receiving || transferTo === userId) {
          throw new AppError('VALIDATION_FAILED', 400, 'The documents go to another member of the company', {
            fields: { transferTo: 'onboarding:members.transferToInvalid' },
          });
        }
        if (isCompanyAdmin({ role: leaving }) && (await repository.adminCount(membership.companyId)) <= 1) {
          throw new AppError('LAST_COMPANY_ADMIN', 409, 'The company needs an admin');
        }
        transferred = await library.transferDocuments(systemActor, {
          fromUserId: userId,
          toUserId: transferTo,
          folderName: `${[target.firstName, target.lastName].filter(Boolean).join(' ') || target.email} (${target.email})`,
        });
      }
      await repository.transaction(async (tx) => {
        await repository.lockCompany(tx, membership.companyId);
        const current = await repository.memberRole(membership.companyId, userId, tx);
        if (!current) throw new AppError('COMPANY_MEMBER_NOT_FOUND', 404, 'No such member');
        if (isCompanyAdmin({ role: current }) && (await repository.adminCount(membership.companyId, tx)) <= 1) {
          throw new AppError('LAST_COMPANY_ADMIN', 409, 'The company needs an admin');
        }
        await repository.removeMember(tx, membership.companyId, userId);
      });
      await audit.record('company.member_removed', {
        actor: person(caller),
        target: target ? { id: userId, email: target.email } : null,
        ipAddress: caller.ip,
        metadata: {
          companyId: membership.companyId,
          ...(transferred
            ? { data: 'documents-transferred', transferredTo: transferTo, files: transferred.files }
            : { data: 'kept-by-member' }),
        },
      });
      notifyUserChanged(userId);
      return userId === caller.user.id ? null : requireCompany(caller);
    },
  };
  return service;
}

export type OnboardingService = ReturnType<typeof createOnboardingService>;
