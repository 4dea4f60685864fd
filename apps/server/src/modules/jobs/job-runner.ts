import { randomUUID } from 'node:crypto';
import os from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { JobRow } from '../../db/schema/jobs.ts';
import { PermanentJobError, type JobDefinition, type JobHandler } from './job-definition.ts';
import type { BackoffPolicy, JobsRepository } from './jobs.repository.ts';

export interface RegisteredJob {
  definition: JobDefinition;
  handler: JobHandler<z.ZodType>;
}

export interface JobRunnerOptions {
  /** Identifies this runner in `jobs.locked_by`. */
  workerId?: string;
  /** Jobs run at the same time by this runner. */
  concurrency?: number;
  /** How often to look for due jobs when idle (a local enqueue wakes the runner at once). */
  pollIntervalMs?: number;
  /** A running job whose heartbeat is older than this is taken back from its (dead) worker. */
  lockTimeoutMs?: number;
  /** Delay before retry n: min(baseMs · 2^(n-1), maxMs). */
  backoff?: BackoffPolicy;
  /** On stop, how long running jobs may take to finish before they are handed back to the queue. */
  shutdownGraceMs?: number;
  /**
   * No other runner can exist (the embedded database admits one process): jobs still marked running
   * were left by a previous process, and are taken back at start instead of after the lock timeout.
   */
  soleRunner?: boolean;
}

const defaults = {
  concurrency: 2,
  pollIntervalMs: 1_000,
  lockTimeoutMs: 60_000,
  backoff: { baseMs: 10_000, maxMs: 60 * 60_000 },
  shutdownGraceMs: 5_000,
  soleRunner: false,
} satisfies JobRunnerOptions;

const shutdownReason = new Error('The job runner is shutting down');

const finishedJobRetention = { doneBeforeMs: 7 * 24 * 3_600_000, failedBeforeMs: 30 * 24 * 3_600_000 };

export function retryDelayMs(attempt: number, { baseMs, maxMs }: BackoffPolicy): number {
  return Math.min(baseMs * 2 ** Math.max(0, attempt - 1), maxMs);
}

interface RunningJob {
  controller: AbortController;
  done: Promise<void>;
}

/**
 * Claims due jobs from the `jobs` table and runs their handlers: a polling loop in the server process
 * (and in `npm run worker`). Several runners, in one or many processes, share the table safely.
 */
export class JobRunner {
  readonly workerId: string;
  private readonly repository: JobsRepository;
  private readonly registry: ReadonlyMap<string, RegisteredJob>;
  private readonly log: FastifyBaseLogger;
  private readonly options: Required<Omit<JobRunnerOptions, 'workerId'>>;
  private readonly running = new Map<string, RunningJob>();
  private state: 'idle' | 'started' | 'stopping' | 'stopped' = 'idle';
  private timer: NodeJS.Timeout | undefined;
  private heartbeatTimer: NodeJS.Timeout | undefined;
  private tick: Promise<void> | undefined;
  private wakeRequested = false;
  private lastMaintenanceAt = 0;

  constructor(
    repository: JobsRepository,
    registry: ReadonlyMap<string, RegisteredJob>,
    log: FastifyBaseLogger,
    { workerId, ...options }: JobRunnerOptions = {},
  ) {
    this.repository = repository;
    this.registry = registry;
    this.log = log;
    this.options = { ...defaults, ...options };
    this.workerId = workerId ?? `${os.hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  }

  get isStarted(): boolean {
    return this.state === 'started';
  }

  start(): void {
    if (this.state !== 'idle') return;
    this.state = 'started';
    // Heartbeats keep long jobs from being mistaken for jobs of a crashed worker.
    this.heartbeatTimer = setInterval(() => {
      this.repository.heartbeat([...this.running.keys()], this.workerId).catch((error: unknown) => {
        this.log.warn({ err: error }, 'Job heartbeat failed');
      });
    }, this.options.lockTimeoutMs / 4);
    this.heartbeatTimer.unref();
    this.log.info({ workerId: this.workerId, concurrency: this.options.concurrency }, 'Job runner started');
    this.schedule(0);
  }

  /** Looks for work now instead of at the next poll (a job was just enqueued here). */
  wake(): void {
    if (this.state !== 'started') return;
    if (this.tick) {
      this.wakeRequested = true;
    } else {
      this.schedule(0);
    }
  }

  /** Stops claiming, lets running jobs finish for a grace period, then hands the rest back. */
  async stop(): Promise<void> {
    if (this.state === 'stopping' || this.state === 'stopped') return;
    const wasStarted = this.state === 'started';
    this.state = 'stopping';
    clearTimeout(this.timer);
    clearInterval(this.heartbeatTimer);
    await this.tick;

    if (this.running.size > 0) {
      await Promise.race([
        Promise.allSettled([...this.running.values()].map((job) => job.done)),
        sleep(this.options.shutdownGraceMs),
      ]);
    }
    const unfinished = [...this.running.keys()];
    if (unfinished.length > 0) {
      for (const job of this.running.values()) job.controller.abort(shutdownReason);
      await this.repository.release(unfinished, this.workerId).catch((error: unknown) => {
        this.log.error({ err: error, jobIds: unfinished }, 'Could not hand unfinished jobs back to the queue');
      });
      this.log.warn({ jobIds: unfinished }, 'Handed unfinished jobs back to the queue');
    }
    this.state = 'stopped';
    if (wasStarted) this.log.info('Job runner stopped');
  }

  /**
   * Runs every job that is due now, one batch after the other, until none is left; returns how many ran.
   * For tests and scripts: jobs scheduled for later (retries) are not waited for.
   */
  async runDueJobs(): Promise<number> {
    // A retry with a back-off runs in this pass only if it fell due before the pass began: what a
    // test sees then does not depend on how long the pass took on a busy machine.
    const startedAt = new Date();
    let count = 0;
    for (;;) {
      const jobs = await this.claim(this.options.concurrency, startedAt);
      if (jobs.length === 0) return count;
      await Promise.all(jobs.map((job) => this.startJob(job).done));
      count += jobs.length;
    }
  }

  /** Takes back jobs of crashed workers and deletes old finished jobs. */
  async maintain({ lockTimeoutMs = this.options.lockTimeoutMs }: { lockTimeoutMs?: number } = {}): Promise<void> {
    const reclaimed = await this.repository.reclaimStale({
      lockTimeoutMs,
      backoff: this.options.backoff,
    });
    for (const job of reclaimed) {
      this.log.warn(
        { jobId: job.id, type: job.type, status: job.status },
        'Took back a job from a worker that stopped',
      );
    }
    await this.repository.deleteFinished(finishedJobRetention);
  }

  private schedule(delayMs: number): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.tick = this.poll().finally(() => {
        this.tick = undefined;
      });
    }, delayMs);
  }

  private async poll(): Promise<void> {
    let claimedAll = false;
    try {
      if (Date.now() - this.lastMaintenanceAt >= this.options.lockTimeoutMs / 2) {
        const isFirst = this.lastMaintenanceAt === 0;
        this.lastMaintenanceAt = Date.now();
        await this.maintain(isFirst && this.options.soleRunner ? { lockTimeoutMs: 0 } : {});
      }
      const free = this.options.concurrency - this.running.size;
      const jobs = await this.claim(free);
      for (const job of jobs) this.startJob(job);
      claimedAll = free > 0 && jobs.length === free;
    } catch (error) {
      // The database may be restarting: keep the loop alive and try again at the next poll.
      if (this.state === 'started') this.log.error({ err: error }, 'Job runner could not poll the queue');
    }
    if (this.state !== 'started') return;
    const again = this.wakeRequested || claimedAll;
    this.wakeRequested = false;
    this.schedule(again ? 0 : this.options.pollIntervalMs);
  }

  private claim(limit: number, scheduledBefore?: Date): Promise<JobRow[]> {
    return this.repository.claimDue({
      types: [...this.registry.keys()],
      limit,
      workerId: this.workerId,
      scheduledBefore,
    });
  }

  private startJob(job: JobRow): RunningJob {
    const controller = new AbortController();
    const done = this.execute(job, controller).finally(() => {
      this.running.delete(job.id);
      this.wake(); // A slot is free.
    });
    const running = { controller, done };
    this.running.set(job.id, running);
    return running;
  }

  private async execute(job: JobRow, controller: AbortController): Promise<void> {
    const log = this.log.child({ jobId: job.id, jobType: job.type, attempt: job.attempts });
    let timeout: NodeJS.Timeout | undefined;
    try {
      const registered = this.registry.get(job.type);
      if (!registered) throw new PermanentJobError(`No handler is registered for job type "${job.type}"`);
      const parsed = registered.definition.payloadSchema.safeParse(job.payload);
      if (!parsed.success) throw new PermanentJobError(`Invalid payload: ${parsed.error.message}`);
      const { timeoutMs } = registered.definition;
      timeout = setTimeout(() => controller.abort(new Error(`Timed out after ${timeoutMs} ms`)), timeoutMs);
      const context = {
        jobId: job.id,
        attempt: job.attempts,
        maxAttempts: job.maxAttempts,
        signal: controller.signal,
        log,
      };
      await abortable(registered.handler(parsed.data, context), controller.signal);
      await this.repository.markDone(job.id, this.workerId);
      log.debug('Job done');
    } catch (error) {
      // Interrupted by stop(): it hands the job back without counting this attempt.
      if (controller.signal.reason === shutdownReason) return;
      await this.recordFailure(job, error, log).catch((recordError: unknown) => {
        log.error({ err: recordError }, 'Could not record the failure of a job');
      });
    } finally {
      clearTimeout(timeout);
    }
  }

  private async recordFailure(job: JobRow, error: unknown, log: FastifyBaseLogger): Promise<void> {
    const message = describeError(error);
    if (error instanceof PermanentJobError || job.attempts >= job.maxAttempts) {
      await this.repository.markFailed(job.id, this.workerId, message);
      log.error({ err: error }, 'Job failed for good');
      return;
    }
    const delayMs = retryDelayMs(job.attempts, this.options.backoff);
    await this.repository.scheduleRetry(job.id, this.workerId, { delayMs, error: message });
    log.warn({ err: error, retryInMs: delayMs }, 'Job failed, will retry');
  }
}

/** Settles with the handler, or rejects as soon as the signal aborts (timeout, shutdown). */
function abortable(promise: Promise<void>, signal: AbortSignal): Promise<void> {
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

function describeError(error: unknown): string {
  const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return text.slice(0, 2_000);
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms).unref());
}
