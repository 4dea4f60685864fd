import type {
  AddCompanyMemberInput,
  CompanyDto,
  CompanyOnboardingInput,
  OnboardingState,
  UserOnboardingInput,
} from '@compliance/shared/billing';
import { AppError } from '../../plugins/errors.ts';
import type { Access } from '../access/access.ts';
import type { Actor, UserActor } from '../access/actor.ts';
import type { EntitlementsService } from '../entitlements/entitlements.service.ts';
import type { Membership, OnboardingRepository } from './onboarding.repository.ts';

export interface OnboardingServiceDeps {
  access: Access;
  repository: OnboardingRepository;
  entitlements: EntitlementsService;
}

type Company = NonNullable<Awaited<ReturnType<OnboardingRepository['company']>>>;

/**
 * The user's own onboarding (name, language, role, interests) and their company: its profile and
 * members. Whoever creates the company is its admin; members fill the seats of the company's plan.
 */
export function createOnboardingService({ access, repository, entitlements }: OnboardingServiceDeps) {
  async function companyDto(company: Company, role: Membership['role'], caller: UserActor): Promise<CompanyDto> {
    const [members, plan] = await Promise.all([repository.members(company.id), entitlements.planFor(caller)]);
    return {
      id: company.id,
      name: company.name,
      size: company.size as CompanyDto['size'],
      type: company.type as CompanyDto['type'],
      country: company.country,
      role,
      members: members.map((member) => ({
        userId: member.userId,
        email: member.email,
        name: `${member.firstName} ${member.lastName}`.trim(),
        role: member.role,
      })),
      seats: { used: members.length, limit: plan.limits.seats },
    };
  }

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

  const service = {
    /** Which company a user belongs to, and as what (billing reads it to find the company's plan). */
    membership(userId: string): Promise<Membership | null> {
      return repository.membership(userId);
    },
    memberCount(companyId: string): Promise<number> {
      return repository.memberCount(companyId);
    },

    async state(actor: Actor): Promise<OnboardingState> {
      const caller = await access.require(actor, 'onboarding.manage');
      const [user, profile, company] = await Promise.all([
        repository.user(caller.user.id),
        repository.profile(caller.user.id),
        companyOf(caller),
      ]);
      return {
        user: {
          firstName: user?.firstName ?? '',
          lastName: user?.lastName ?? '',
          language: (user?.language ?? 'en') as OnboardingState['user']['language'],
          jobRole: (profile?.jobRole ?? null) as OnboardingState['user']['jobRole'],
          interests: (profile?.interests ?? []) as OnboardingState['user']['interests'],
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

    /** Creates the caller's company (they become its admin) or, as its admin, updates it. */
    async saveCompany(actor: Actor, input: CompanyOnboardingInput): Promise<CompanyDto> {
      const caller = await access.require(actor, 'company.manage');
      const { jobRole, ...values } = input;
      const membership = await repository.membership(caller.user.id);
      if (membership) {
        await access.require(caller, 'company.manage', { type: 'company', id: membership.companyId });
        await repository.updateCompany(membership.companyId, values);
      } else if (!(await repository.createCompany(caller.user.id, values))) {
        throw new AppError('COMPANY_EXISTS', 409, 'Already a member of a company');
      }
      await repository.saveJobRole(caller.user.id, jobRole);
      const company = await companyOf(caller);
      if (!company) throw new AppError('COMPANY_NOT_FOUND', 404, 'Not a member of a company');
      return company;
    },

    async company(actor: Actor): Promise<CompanyDto> {
      const caller = await access.require(actor, 'company.read');
      const company = await companyOf(caller);
      if (!company) throw new AppError('COMPANY_NOT_FOUND', 404, 'Not a member of a company');
      return company;
    },

    /** The company admin adds a colleague who has an account; each member takes one seat of the plan. */
    async addMember(actor: Actor, { email }: AddCompanyMemberInput): Promise<CompanyDto> {
      const caller = await access.require(actor, 'company.manage');
      const membership = await adminCompany(caller);
      const { seats } = (await entitlements.planFor(caller)).limits;
      if ((await repository.memberCount(membership.companyId)) >= seats) {
        throw new AppError('SEAT_LIMIT_REACHED', 409, 'Every seat of the plan is taken');
      }
      const userId = await repository.userIdByEmail(email);
      if (!userId) throw new AppError('USER_NOT_FOUND', 404, 'No account with this e-mail address');
      if (!(await repository.addMember(membership.companyId, userId))) {
        throw new AppError('COMPANY_MEMBER_EXISTS', 409, 'Already a member of a company');
      }
      return service.company(caller);
    },

    /** Removes a member (never the admin); their own documents and conversations stay theirs. */
    async removeMember(actor: Actor, { userId }: { userId: string }): Promise<CompanyDto> {
      const caller = await access.require(actor, 'company.manage');
      const membership = await adminCompany(caller);
      if (!(await repository.removeMember(membership.companyId, userId))) {
        throw new AppError('USER_NOT_FOUND', 404, 'No such member');
      }
      return service.company(caller);
    },
  };
  return service;
}

export type OnboardingService = ReturnType<typeof createOnboardingService>;
