import type { TrialUsage, Usage } from '@compliance/shared/chat';
import { AppError } from '../../plugins/errors.ts';
import type { Access } from '../access/access.ts';
import type { Actor, AnonymousActor, UserActor } from '../access/actor.ts';
import type { EntitlementsRepository } from './entitlements.repository.ts';
import type { Plan, PlanLimits } from './plans.ts';

/** How much of a metered item a user holds right now (e.g. storage: what their library costs). */
export type UsageMeter = (userId: string) => Promise<number>;

/** The plan billing holds for a user (their own subscription's, their company's), or null for the default. */
export type PlanSource = (userId: string) => Promise<Plan | null>;

/** Which action used what is metered, for the usage ledger (e.g. `chat.answer` and the conversation id). */
export interface UsageSource {
  action: string;
  reference?: string;
}

export interface EntitlementsServiceDeps {
  access: Access;
  repository: EntitlementsRepository;
  plan: Plan;
  now?: () => Date;
}

/**
 * Plans, their limits and what each user has used of them. Documents, chat and /try ask here before
 * doing costly work; billing tells which plan each user holds (setPlanSource). Storage is measured by the library (which registers
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
  let planSource: PlanSource = async () => null;

  // The anonymous trial is not bound to an account, so only the default plan sets its limit.
  const limits = plan.limits;

  async function storageUsed(userId: string): Promise<number> {
    return storageMeter(userId);
  }

  /** The limits of the plan the user holds now; a downgrade takes effect at once for new use. */
  async function limitsOf(actor: Pick<UserActor, 'user'>): Promise<PlanLimits> {
    return (await planFor(actor)).limits;
  }

  async function planFor(actor: Pick<UserActor, 'user'>): Promise<Plan> {
    return (await planSource(actor.user.id)) ?? plan;
  }

  return {
    /** The plan of accounts without a subscription, and of the anonymous trial. */
    defaultPlan: plan,
    /** The library tells how much a user's files cost; called once when the library module registers. */
    setStorageMeter(meter: UsageMeter): void {
      storageMeter = meter;
    },
    /** Billing tells which plan a user holds; called once when the billing module registers. */
    setPlanSource(source: PlanSource): void {
      planSource = source;
    },

    /** The plan whose limits apply to the user: their subscription's, else the default plan. */
    planFor,

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
      const { monthlyTokens } = await limitsOf(actor);
      if ((await repository.tokensUsed(actor.user.id, period())) >= monthlyTokens) {
        throw new AppError('TOKEN_QUOTA_EXCEEDED', 429, 'The monthly LLM token allowance is used up');
      }
    },
    /** Counts tokens for the month and appends them to the usage ledger with the action that spent them. */
    async recordTokens(
      actor: Pick<UserActor, 'user'>,
      tokens: number,
      source: UsageSource = { action: 'llm.tokens' },
    ): Promise<void> {
      if (tokens > 0) await repository.addTokens(actor.user.id, period(), tokens, source);
    },
    /** The caller's usage ledger, newest first: every figure on a bar, line by line. */
    async ledger(actor: Actor, { limit = 100 }: { limit?: number } = {}) {
      const caller = await access.require(actor, 'usage.read');
      return repository.ledger(caller.user.id, limit);
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
      const { storageBytes } = await limitsOf(actor);
      const available = storageBytes - (await storageUsed(actor.user.id)) + replacedBytes;
      if (additionalBytes > available) {
        throw new AppError('STORAGE_QUOTA_EXCEEDED', 413, 'The storage quota would be exceeded');
      }
      return available;
    },
    /**
     * Refuses with INTEGRATION_LIMIT_REACHED when the user already keeps as many personal
     * integrations as the plan allows. A downgrade keeps the ones they have; only a new one is refused.
     */
    async assertConnectionRoom(actor: Pick<UserActor, 'user'>, held: number): Promise<void> {
      const { connections } = await limitsOf(actor);
      if (held >= connections) {
        throw new AppError('INTEGRATION_LIMIT_REACHED', 409, `The plan allows ${connections} integrations`);
      }
    },
    /** Room left in the plan's storage, counting `replacedBytes` as freed (negative when over). */
    async storageLeft(actor: Pick<UserActor, 'user'>, replacedBytes = 0): Promise<number> {
      const { storageBytes } = await limitsOf(actor);
      return storageBytes - (await storageUsed(actor.user.id)) + replacedBytes;
    },
    async storageUsage(actor: Actor): Promise<{ usedBytes: number; quotaBytes: number }> {
      const caller = await access.require(actor, 'usage.read');
      const { storageBytes } = await limitsOf(caller);
      return { usedBytes: await storageUsed(caller.user.id), quotaBytes: storageBytes };
    },

    /** The caller's own usage of their plan (the dashboard and the account page). */
    async usage(actor: Actor): Promise<Usage> {
      const caller = await access.require(actor, 'usage.read');
      const [used, storage, planLimits] = await Promise.all([
        repository.tokensUsed(caller.user.id, period()),
        storageUsed(caller.user.id),
        limitsOf(caller),
      ]);
      return {
        tokens: { used, limit: planLimits.monthlyTokens, period: period() },
        storage: { usedBytes: storage, limitBytes: planLimits.storageBytes },
      };
    },
  };
}

export type EntitlementsService = ReturnType<typeof createEntitlementsService>;
