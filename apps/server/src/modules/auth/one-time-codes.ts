import { RESEND_COOLDOWN_SECONDS } from '@compliance/shared/auth';
import type { DbExecutor } from '../../db/client.ts';
import type { UserRow, VerificationCodeRow, VerificationPurpose } from '../../db/schema/index.ts';
import { AppError } from '../../plugins/errors.ts';
import type { AccountsRepository } from './accounts.repository.ts';
import {
  CODE_LIFETIME_MS,
  CODE_MAX_FAILED_ATTEMPTS,
  codeMatches,
  generateCode,
  generateLinkToken,
  hashCode,
  hashLinkToken,
} from './verification-codes.ts';

/**
 * Issues and checks the one-time codes of e-mail verification, e-mail change and password reset:
 * 10 minutes, single use, a new code replaces older ones, five wrong tries kill a code.
 */
export function createOneTimeCodes(repository: AccountsRepository, now: () => Date) {
  return {
    /** Seconds until another code may be sent for this purpose (0 = now). */
    async cooldownSeconds(userId: string, purpose: VerificationPurpose): Promise<number> {
      const latest = await repository.latestCode(userId, purpose);
      if (!latest) return 0;
      const elapsed = now().getTime() - latest.createdAt.getTime();
      return Math.max(0, Math.ceil((RESEND_COOLDOWN_SECONDS * 1000 - elapsed) / 1000));
    },

    async issue(
      user: Pick<UserRow, 'id'>,
      purpose: VerificationPurpose,
      { withLink = false, newEmail = null, tx }: { withLink?: boolean; newEmail?: string | null; tx?: DbExecutor } = {},
    ): Promise<{ code: string; token: string | null }> {
      const at = now();
      const code = generateCode();
      const token = withLink ? generateLinkToken() : null;
      await repository.consumeOpenCodes(user.id, purpose, at, tx);
      await repository.insertCode(
        {
          userId: user.id,
          purpose,
          codeHash: hashCode(code),
          tokenHash: token ? hashLinkToken(token) : null,
          newEmail,
          expiresAt: new Date(at.getTime() + CODE_LIFETIME_MS),
        },
        tx,
      );
      return { code, token };
    },

    /**
     * Checks `code` against the user's newest code of this purpose and uses it up. Throws
     * VERIFICATION_CODE_INVALID / _EXPIRED / _LOCKED (the fifth wrong try kills the code).
     */
    async consume(userId: string, purpose: VerificationPurpose, code: string): Promise<VerificationCodeRow> {
      const row = await repository.latestCode(userId, purpose);
      if (!row || row.consumedAt) throw invalidCode();
      assertUsable(row, now());
      if (!codeMatches(code, row.codeHash)) {
        const failures = await repository.incrementCodeFailures(row.id);
        if (failures >= CODE_MAX_FAILED_ATTEMPTS) throw lockedCode();
        throw invalidCode(CODE_MAX_FAILED_ATTEMPTS - failures);
      }
      if (!(await repository.consumeCode(row.id, now()))) throw invalidCode();
      return row;
    },

    /** The password-reset code behind a link token; used up like a code. */
    async consumeLinkToken(token: string): Promise<VerificationCodeRow> {
      const row = await repository.findCodeByTokenHash(hashLinkToken(token));
      if (!row || row.consumedAt) throw invalidCode();
      assertUsable(row, now());
      if (!(await repository.consumeCode(row.id, now()))) throw invalidCode();
      return row;
    },
  };
}

function assertUsable(row: VerificationCodeRow, at: Date): void {
  if (row.failedAttempts >= CODE_MAX_FAILED_ATTEMPTS) throw lockedCode();
  if (row.expiresAt <= at) throw new AppError('VERIFICATION_CODE_EXPIRED', 400, 'This code has expired');
}

function invalidCode(remainingAttempts?: number): AppError {
  return new AppError('VERIFICATION_CODE_INVALID', 400, 'This code is not valid', {
    fields: remainingAttempts === undefined ? undefined : { remainingAttempts: String(remainingAttempts) },
  });
}

function lockedCode(): AppError {
  return new AppError('VERIFICATION_CODE_LOCKED', 400, 'Too many wrong codes; request a new one');
}

export type OneTimeCodes = ReturnType<typeof createOneTimeCodes>;
