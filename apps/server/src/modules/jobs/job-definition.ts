import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';

/**
 * A kind of background work: its type name, the shape of its payload and its retry policy.
 * Define it once next to the service that enqueues it; register the handler at start-up.
 *
 * @example
 * export const sendMailJob = defineJob('mail.send', z.object({ outboxId: z.uuid() }), { maxAttempts: 8 });
 * app.jobs.register(sendMailJob, async ({ outboxId }, { signal }) => mailService.deliver(outboxId, signal));
 * await app.jobs.enqueue(sendMailJob, { outboxId });
 */
export interface JobDefinition<Schema extends z.ZodType = z.ZodType> {
  readonly type: string;
  readonly payloadSchema: Schema;
  /** Attempts before the job is marked failed (a crash of the worker counts as one). */
  readonly maxAttempts: number;
  /** A run taking longer is aborted (`context.signal`) and counts as a failed attempt. */
  readonly timeoutMs: number;
}

export interface JobContext {
  jobId: string;
  /** 1 on the first run. */
  attempt: number;
  maxAttempts: number;
  /** Aborted on timeout and when the process shuts down: long handlers should stop early. */
  signal: AbortSignal;
  log: FastifyBaseLogger;
}

/**
 * Runs one job. Jobs are delivered at least once (a crash or a shutdown in the middle runs them again),
 * so handlers must be idempotent. Throw to retry with back-off; throw `PermanentJobError` to give up.
 */
export type JobHandler<Schema extends z.ZodType> = (payload: z.output<Schema>, context: JobContext) => Promise<void>;

/** Thrown by a handler when retrying cannot help (the document was deleted, the input is invalid, …). */
export class PermanentJobError extends Error {
  override name = 'PermanentJobError';
}

export function defineJob<Schema extends z.ZodType>(
  type: string,
  payloadSchema: Schema,
  { maxAttempts = 5, timeoutMs = 10 * 60_000 }: { maxAttempts?: number; timeoutMs?: number } = {},
): JobDefinition<Schema> {
  return { type, payloadSchema, maxAttempts, timeoutMs };
}
