import type { TrialUsage, Usage } from '@compliance/shared/chat';
import { AppError } from '../../plugins/errors.ts';
import type { Access } from '../access/access.ts';
import type { Actor, AnonymousActor, UserActor } from '../access/actor.ts';
import type { EntitlementsRepository } from './entitlements.repository.ts';
import type { Plan } from './plans.ts';

/** How much of a metered item a user holds right now (e.g. storage: what their library costs). */
export type UsageMeter = (userId: string) => Promise<number>;

export interface EntitlementsServiceDeps {
  access: Access;
  repository: EntitlementsRepository;
  plan: Plan;
  now?: () => Date;
}

/**
 * Plans, their limits and what each user has used of them. Documents, chat and /try ask here before
 * doing costly work; billing will set the plan. Storage is measured by the library (which registers
 * its meter), tokens and trial questions are counted here.
 */
export function createEntitlementsService({
  access,
  repository,
  plan,
  now = () => new Date(),
}: EntitlementsServiceDeps) {
  const day = () => now().toISOString().slice(0, 10);
  const period = () => now().toISOString().slice(0, 7);
  let storageMeter: UsageMeter = async () => 0;

  const limits = plan.limits;

  async function storageUsed(userId: string): Promise<number> {
    return storageMeter(userId);
  }

  return {
    /** The plan every account has until billing assigns plans per account or company. */
    defaultPlan: plan,
    /** The library tells how much a user's files cost; called once when the library module registers. */
    setStorageMeter(meter: UsageMeter): void {
      storageMeter = meter;
    },

    planFor(_actor: Pick<UserActor, 'user'>): Plan {
      return plan;
    },

    async trialUsage(visitor: Pick<AnonymousActor, 'visitorId' | 'ip'>): Promise<TrialUsage> {
      const limit = limits.anonymousDailyQuestions;
      const counts = await repository.anonymousCounts(visitor.visitorId, visitor.ip, day());
      const used = Math.min(Math.max(counts.visitor, counts.ip), limit);
      return { used, limit, remaining: limit - used };
    },
    /** Counts one trial question, or refuses with DAILY_QUERY_LIMIT (and counts nothing). */
    async consumeTrialQuestion(visitor: Pick<AnonymousActor, 'visitorId' | 'ip'>): Promise<number> {
      const limit = limits.anonymousDailyQuestions;
      const counts = await repository.consumeAnonymous(visitor.visitorId, visitor.ip, day(), limit);
      if (!counts) {
        throw new AppError('DAILY_QUERY_LIMIT', 429, 'The daily limit of questions without an account is reached');
      }
      return limit - Math.max(counts.visitor, counts.ip);
    },

    /** Refuses before anything is stored when the user's monthly tokens are spent. */
    async assertTokensLeft(actor: Pick<UserActor, 'user'>): Promise<void> {
      if ((await repository.tokensUsed(actor.user.id, period())) >= limits.monthlyTokens) {
        throw new AppError('TOKEN_QUOTA_EXCEEDED', 429, 'The monthly LLM token allowance is used up');
      }
    },
    async recordTokens(actor: Pick<UserActor, 'user'>, tokens: number): Promise<void> {
      if (tokens > 0) await repository.addTokens(actor.user.id, period(), tokens);
    },

    /**
     * Refuses with STORAGE_QUOTA_EXCEEDED when `additionalBytes` more (minus what is replaced) would
     * pass the plan's storage. Answers how much room is left.
     */
    async assertStorageLeft(
      actor: Pick<UserActor, 'user'>,
      additionalBytes: number,
      replacedBytes = 0,
    ): Promise<number> {
      const available = limits.storageBytes - (await storageUsed(actor.user.id)) + replacedBytes;
      if (additionalBytes > available) {
        throw new AppError('STORAGE_QUOTA_EXCEEDED', 413, 'The storage quota would be exceeded');
      }
      return available;
    },
    /** Room left in the plan's storage, counting `replacedBytes` as freed (negative when over). */
    async storageLeft(actor: Pick<UserActor, 'user'>, replacedBytes = 0): Promise<number> {
      return limits.storageBytes - (await storageUsed(actor.user.id)) + replacedBytes;
    },
    async storageUsage(actor: Actor): Promise<{ usedBytes: number; quotaBytes: number }> {
      const caller = await access.require(actor, 'usage.read');
      return { usedBytes: await storageUsed(caller.user.id), quotaBytes: limits.storageBytes };
    },

    /** The caller's own usage of their plan (the dashboard and the account page). */
    async usage(actor: Actor): Promise<Usage> {
      const caller = await access.require(actor, 'usage.read');
      const [used, storage] = await Promise.all([
        repository.tokensUsed(caller.user.id, period()),
        storageUsed(caller.user.id),
      ]);
      return {
        tokens: { used, limit: limits.monthlyTokens, period: period() },
        storage: { usedBytes: storage, limitBytes: limits.storageBytes },
      };
    },
  };
}

export type EntitlementsService = ReturnType<typeof createEntitlementsService>;
