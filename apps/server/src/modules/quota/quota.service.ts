import type { TrialUsage, Usage } from '@compliance/shared/chat';
import { AppError } from '../../plugins/errors.ts';
import type { AuthUser } from '../auth/session.service.ts';
import type { QuotaRepository } from './quota.repository.ts';

export interface QuotaServiceDeps {
  repository: QuotaRepository;
  anonymousDailyLimit: number;
  monthlyTokenLimit: number;
  /** Storage used and allowed (the documents module's numbers). */
  storageUsage: (user: AuthUser) => Promise<{ usedBytes: number; quotaBytes: number }>;
  now?: () => Date;
}

export interface Visitor {
  visitorId: string;
  ip: string;
}

/**
 * Quotas: the anonymous trial's daily question cap (per visitor id AND per IP, counted in the
 * database so clearing browser storage does not reset it), and each user's monthly LLM tokens.
 */
export function createQuotaService({
  repository,
  anonymousDailyLimit,
  monthlyTokenLimit,
  storageUsage,
  now = () => new Date(),
}: QuotaServiceDeps) {
  const day = () => now().toISOString().slice(0, 10);
  const period = () => now().toISOString().slice(0, 7);

  return {
    anonymousDailyLimit,
    async trialUsage(visitor: Visitor): Promise<TrialUsage> {
      const counts = await repository.anonymousCounts(visitor.visitorId, visitor.ip, day());
      const used = Math.min(Math.max(counts.visitor, counts.ip), anonymousDailyLimit);
      return { used, limit: anonymousDailyLimit, remaining: anonymousDailyLimit - used };
    },
    /** Counts one trial question, or refuses with DAILY_QUERY_LIMIT (and counts nothing). */
    async consumeTrialQuestion(visitor: Visitor): Promise<number> {
      const counts = await repository.consumeAnonymous(visitor.visitorId, visitor.ip, day(), anonymousDailyLimit);
      if (!counts)
        throw new AppError('DAILY_QUERY_LIMIT', 429, 'The daily limit of questions without an account is reached');
      return anonymousDailyLimit - Math.max(counts.visitor, counts.ip);
    },
    /** Refuses before anything is stored when the user's monthly tokens are spent. */
    async assertTokensLeft(user: AuthUser): Promise<void> {
      if ((await repository.tokensUsed(user.id, period())) >= monthlyTokenLimit) {
        throw new AppError('TOKEN_QUOTA_EXCEEDED', 429, 'The monthly LLM token allowance is used up');
      }
    },
    async recordTokens(user: AuthUser, tokens: number): Promise<void> {
      if (tokens > 0) await repository.addTokens(user.id, period(), tokens);
    },
    async usage(user: AuthUser): Promise<Usage> {
      const [used, storage] = await Promise.all([repository.tokensUsed(user.id, period()), storageUsage(user)]);
      return {
        tokens: { used, limit: monthlyTokenLimit, period: period() },
        storage: { usedBytes: storage.usedBytes, limitBytes: storage.quotaBytes },
      };
    },
  };
}

export type QuotaService = ReturnType<typeof createQuotaService>;
