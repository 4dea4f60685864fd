import type { AdminOverview } from '@compliance/shared/admin';
import type { Access } from '../access/access.ts';
import type { Actor } from '../access/actor.ts';
import type { AuditService } from '../audit/audit.service.ts';
import type { AdminOverviewRepository } from './admin-overview.repository.ts';

const WEEKS = 8;

/** Monday 00:00 UTC of the week holding `date`. */
export function weekStart(date: Date): Date {
  const day = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));
  const sinceMonday = (day.getUTCDay() + 6) % 7;
  return new Date(day.getTime() - sinceMonday * 86_400_000);
}

/** The admin overview: users, documents, questions, FATF data, jobs, courses and the latest audit entries. */
export function createAdminOverviewService(deps: {
  access: Access;
  repository: AdminOverviewRepository;
  audit: AuditService;
  now?: () => Date;
}) {
  const now = deps.now ?? (() => new Date());
  return {
    async overview(actor: Actor): Promise<AdminOverview> {
      await deps.access.require(actor, 'admin.access');
      const today = now();
      const firstWeek = new Date(weekStart(today).getTime() - (WEEKS - 1) * 7 * 86_400_000);
      const [counts, weeks, recentAudit] = await Promise.all([
        deps.repository.counts(today),
        deps.repository.signupsByWeek(firstWeek),
        deps.audit.recent(actor, 8),
      ]);
      const signupsByWeek = Array.from({ length: WEEKS }, (_, index) => {
        const start = new Date(firstWeek.getTime() + index * 7 * 86_400_000).toISOString().slice(0, 10);
        return { weekStart: start, count: weeks.get(start) ?? 0 };
      });
      const checkedAt = counts.fatf_checked_at ? new Date(counts.fatf_checked_at).toISOString() : null;
      return {
        users: {
          total: counts.users_total,
          verified: counts.users_verified,
          disabled: counts.users_disabled,
          admins: counts.users_admins,
          signupsLast30Days: counts.signups_30d,
          signupsByWeek,
        },
        documents: {
          personalFiles: counts.personal_files,
          knowledgeBaseFiles: counts.kb_files,
          waiting: counts.files_waiting,
          failed: counts.files_failed,
          storageBytes: Number(counts.storage_bytes),
        },
        questions: {
          last30Days: counts.questions_30d,
          withoutSourcesLast30Days: counts.without_sources_30d,
          conversations: counts.conversations,
        },
        fatf: { asOf: counts.fatf_as_of, lastCheckedAt: checkedAt },
        jobs: { waiting: counts.jobs_waiting, running: counts.jobs_running, failed: counts.jobs_failed },
        courses: { learners: counts.learners, certificates: counts.certificates },
        recentAudit,
      };
    },
  };
}

export type AdminOverviewService = ReturnType<typeof createAdminOverviewService>;
