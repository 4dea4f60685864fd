import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client.ts';

interface CountsRow extends Record<string, unknown> {
  users_total: number;
  users_verified: number;
  users_disabled: number;
  users_admins: number;
  signups_30d: number;
  personal_files: number;
  kb_files: number;
  files_waiting: number;
  files_failed: number;
  storage_bytes: number;
  questions_30d: number;
  without_sources_30d: number;
  conversations: number;
  fatf_as_of: string | null;
  fatf_checked_at: Date | string | null;
  jobs_waiting: number;
  jobs_running: number;
  jobs_failed: number;
  learners: number;
  certificates: number;
}

/**
 * A read model over several modules' tables, for the admin overview only: counts, never rows of
 * another module, in one round trip.
 */
export function createAdminOverviewRepository(db: Db) {
  return {
    async counts(now: Date): Promise<CountsRow> {
      const since = new Date(now.getTime() - 30 * 86_400_000);
      const [row] = await queryRows<CountsRow>(
        db,
        sql`select
          (select count(*) from users)::int as users_total,
          (select count(*) from users where email_verified_at is not null)::int as users_verified,
          (select count(*) from users where status = 'disabled')::int as users_disabled,
          (select count(*) from users where role = 'admin')::int as users_admins,
          (select count(*) from users where created_at >= ${since})::int as signups_30d,
          (select count(*) from files where scope = 'user')::int as personal_files,
          (select count(*) from files where scope = 'kb')::int as kb_files,
          (select count(*) from files where status in ('pending', 'synching'))::int as files_waiting,
          (select count(*) from files where status = 'failed')::int as files_failed,
          (select coalesce(sum(size_bytes), 0) from files)::float8 as storage_bytes,
          (select count(*) from chat_messages where role = 'user' and created_at >= ${since})::int as questions_30d,
          (select count(*) from chat_messages where role = 'assistant' and created_at >= ${since}
             and jsonb_array_length(citations) = 0)::int as without_sources_30d,
          (select count(*) from conversations)::int as conversations,
          (select max(as_of)::text from fatf_dataset) as fatf_as_of,
          (select max(last_checked_at) from fatf_dataset) as fatf_checked_at,
          (select count(*) from jobs where status = 'queued')::int as jobs_waiting,
          (select count(*) from jobs where status = 'running')::int as jobs_running,
          (select count(*) from jobs where status = 'failed')::int as jobs_failed,
          (select count(distinct user_id) from course_lesson_reads)::int as learners,
          (select count(*) from course_certificates)::int as certificates`,
      );
      return row!;
    },

    /** Sign-ups per week (weeks starting on Monday, UTC), from `from` on. */
    async signupsByWeek(from: Date): Promise<Map<string, number>> {
      const rows = await queryRows<{ week: string; count: number }>(
        db,
        sql`select to_char(date_trunc('week', created_at at time zone 'UTC'), 'YYYY-MM-DD') as week, count(*)::int as count
            from users where created_at >= ${from} group by 1`,
      );
      return new Map(rows.map((row) => [row.week, row.count]));
    },
  };
}

export type AdminOverviewRepository = ReturnType<typeof createAdminOverviewRepository>;
