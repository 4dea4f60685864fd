import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

export const jobStatuses = ['queued', 'running', 'done', 'failed'] as const;
export type JobStatus = (typeof jobStatuses)[number];

/** Background work (ingestion, e-mail, …), claimed by the in-process runner or `npm run worker`. */
export const jobs = pgTable(
  'jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    type: text('type').notNull(),
    payload: jsonb('payload').notNull().default({}),
    status: text('status', { enum: jobStatuses }).notNull().default('queued'),
    /** Counts claims, so a job that crashes its worker still uses up its attempts. */
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(5),
    runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    /** Refreshed by the running worker's heartbeat; an old value means the worker died. */
    lockedAt: timestamp('locked_at', { withTimezone: true }),
    lockedBy: text('locked_by'),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (table) => [
    check('jobs_status_check', sql`${table.status} in ('queued', 'running', 'done', 'failed')`),
    check('jobs_max_attempts_check', sql`${table.maxAttempts} >= 1`),
    // Partial indexes stay small however many finished jobs pile up.
    index('jobs_claim_idx')
      .on(table.runAt)
      .where(sql`${table.status} = 'queued'`),
    index('jobs_stale_lock_idx')
      .on(table.lockedAt)
      .where(sql`${table.status} = 'running'`),
    index('jobs_finished_at_idx')
      .on(table.finishedAt)
      .where(sql`${table.status} in ('done', 'failed')`),
  ],
);

export type JobRow = typeof jobs.$inferSelect;
