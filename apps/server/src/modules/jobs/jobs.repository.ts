import { and, asc, eq, inArray, lt, lte, or, sql } from 'drizzle-orm';
import type { Db, DbExecutor } from '../../db/client.ts';
import { jobs, type JobRow } from '../../db/schema/jobs.ts';

export interface NewJob {
  type: string;
  payload: unknown;
  maxAttempts: number;
  /** Either a point in time or a delay from the database's clock (0 = now). */
  runAt?: Date;
  delayMs?: number;
}

export interface BackoffPolicy {
  baseMs: number;
  maxMs: number;
}

// Times are taken from the database clock, so workers on several machines agree on them.
const now = sql`now()`;
const millisecondsFromNow = (ms: number) =>
  sql`now() + ${Math.max(0, Math.round(ms))}::double precision * interval '1 millisecond'`;
const millisecondsAgo = (ms: number) => sql`now() - ${Math.round(ms)}::double precision * interval '1 millisecond'`;

export type JobsRepository = ReturnType<typeof createJobsRepository>;

export function createJobsRepository(db: Db) {
  return {
    async insert(job: NewJob, executor: DbExecutor = db): Promise<JobRow> {
      const [row] = await executor
        .insert(jobs)
        .values({
          type: job.type,
          payload: job.payload,
          maxAttempts: job.maxAttempts,
          runAt: job.runAt ?? millisecondsFromNow(job.delayMs ?? 0),
        })
        .returning();
      if (!row) throw new Error('Inserting a job returned no row');
      return row;
    },

    async findById(id: string): Promise<JobRow | undefined> {
      const [row] = await db.select().from(jobs).where(eq(jobs.id, id));
      return row;
    },

    /**
     * Takes up to `limit` due jobs of the given types for `workerId`. SKIP LOCKED lets concurrent
     * workers each take different jobs instead of waiting for (or double-taking) the same ones.
     */
    async claimDue({
      types,
      limit,
      workerId,
      scheduledBefore,
    }: {
      types: string[];
      limit: number;
      workerId: string;
      /**
       * Jobs put off to a later time (a retry's back-off, a delayed job) only if they fell due before
       * this moment; jobs due at once are always taken.
       */
      scheduledBefore?: Date;
    }): Promise<JobRow[]> {
      if (types.length === 0 || limit <= 0) return [];
      const due = db
        .select({ id: jobs.id })
        .from(jobs)
        .where(
          and(
            eq(jobs.status, 'queued'),
            lte(jobs.runAt, now),
            inArray(jobs.type, types),
            scheduledBefore ? or(lte(jobs.runAt, jobs.updatedAt), lte(jobs.runAt, scheduledBefore)) : undefined,
          ),
        )
        .orderBy(asc(jobs.runAt))
        .limit(limit)
        .for('update', { skipLocked: true });
      return db
        .update(jobs)
        .set({
          status: 'running',
          attempts: sql`${jobs.attempts} + 1`,
          lockedAt: now,
          lockedBy: workerId,
          updatedAt: now,
        })
        .where(inArray(jobs.id, due))
        .returning();
    },

    /** Tells other workers that these jobs are still being worked on. */
    async heartbeat(ids: string[], workerId: string): Promise<void> {
      if (ids.length === 0) return;
      await db
        .update(jobs)
        .set({ lockedAt: now })
        .where(and(inArray(jobs.id, ids), eq(jobs.lockedBy, workerId), eq(jobs.status, 'running')));
    },

    async markDone(id: string, workerId: string): Promise<boolean> {
      const rows = await db
        .update(jobs)
        .set({ status: 'done', finishedAt: now, lockedAt: null, lockedBy: null, updatedAt: now })
        .where(ownedRunningJob(id, workerId))
        .returning({ id: jobs.id });
      return rows.length > 0;
    },

    async scheduleRetry(id: string, workerId: string, { delayMs, error }: { delayMs: number; error: string }) {
      const rows = await db
        .update(jobs)
        .set({
          status: 'queued',
          runAt: millisecondsFromNow(delayMs),
          lastError: error,
          lockedAt: null,
          lockedBy: null,
          updatedAt: now,
        })
        .where(ownedRunningJob(id, workerId))
        .returning({ id: jobs.id });
      return rows.length > 0;
    },

    async markFailed(id: string, workerId: string, error: string): Promise<boolean> {
      const rows = await db
        .update(jobs)
        .set({ status: 'failed', lastError: error, finishedAt: now, lockedAt: null, lockedBy: null, updatedAt: now })
        .where(ownedRunningJob(id, workerId))
        .returning({ id: jobs.id });
      return rows.length > 0;
    },

    /** Shutdown: hands unfinished jobs back without counting the interrupted attempt. */
    async release(ids: string[], workerId: string): Promise<void> {
      if (ids.length === 0) return;
      await db
        .update(jobs)
        .set({
          status: 'queued',
          attempts: sql`greatest(${jobs.attempts} - 1, 0)`,
          runAt: now,
          lockedAt: null,
          lockedBy: null,
          updatedAt: now,
        })
        .where(and(inArray(jobs.id, ids), eq(jobs.lockedBy, workerId), eq(jobs.status, 'running')));
    },

    /**
     * Jobs whose worker stopped sending heartbeats (it crashed or was killed) go back to the queue with
     * the usual back-off, or fail when that was their last attempt.
     */
    async reclaimStale({ lockTimeoutMs, backoff }: { lockTimeoutMs: number; backoff: BackoffPolicy }) {
      const exhausted = sql`${jobs.attempts} >= ${jobs.maxAttempts}`;
      const retryDelayMs = sql`least(${backoff.baseMs}::double precision * power(2, greatest(${jobs.attempts} - 1, 0)), ${backoff.maxMs}::double precision)`;
      return db
        .update(jobs)
        .set({
          status: sql`case when ${exhausted} then 'failed' else 'queued' end`,
          runAt: sql`now() + ${retryDelayMs} * interval '1 millisecond'`,
          finishedAt: sql`case when ${exhausted} then now() else null end`,
          lastError: 'The worker running this job stopped before finishing it (crash, kill or restart)',
          lockedAt: null,
          lockedBy: null,
          updatedAt: now,
        })
        .where(and(eq(jobs.status, 'running'), lt(jobs.lockedAt, millisecondsAgo(lockTimeoutMs))))
        .returning({ id: jobs.id, type: jobs.type, status: jobs.status });
    },

    /** Keeps the table small: finished jobs are only interesting for a while. */
    async deleteFinished({ doneBeforeMs, failedBeforeMs }: { doneBeforeMs: number; failedBeforeMs: number }) {
      const rows = await db
        .delete(jobs)
        .where(
          sql`(${jobs.status} = 'done' and ${jobs.finishedAt} < ${millisecondsAgo(doneBeforeMs)})
            or (${jobs.status} = 'failed' and ${jobs.finishedAt} < ${millisecondsAgo(failedBeforeMs)})`,
        )
        .returning({ id: jobs.id });
      return rows.length;
    },
  };
}

function ownedRunningJob(id: string, workerId: string) {
  // A job reclaimed from us (we were too slow) belongs to someone else now: leave it alone.
  return and(eq(jobs.id, id), eq(jobs.lockedBy, workerId), eq(jobs.status, 'running'));
}
