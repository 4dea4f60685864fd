import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { Db, DbExecutor } from '../../db/client.ts';
import type { JobRow } from '../../db/schema/jobs.ts';
import type { JobDefinition, JobHandler } from './job-definition.ts';
import { JobRunner, type JobRunnerOptions, type RegisteredJob } from './job-runner.ts';
import { createJobsRepository, type JobsRepository } from './jobs.repository.ts';

export interface EnqueueOptions {
  /** Run no earlier than this delay (ms from now). */
  delayMs?: number;
  /** Run no earlier than this time. */
  runAt?: Date;
  /** Overrides the definition's `maxAttempts` for this job. */
  maxAttempts?: number;
  /** Enqueue inside the caller's transaction: the job exists only if that transaction commits. */
  tx?: DbExecutor;
}

/**
 * The app's background work: modules register handlers for their job definitions at start-up and
 * enqueue jobs from their services. Available as `app.jobs`.
 */
export class JobQueue {
  readonly runner: JobRunner;
  private readonly repository: JobsRepository;
  private readonly registry = new Map<string, RegisteredJob>();
  private readonly log: FastifyBaseLogger;

  constructor(db: Db, log: FastifyBaseLogger, runnerOptions: JobRunnerOptions = {}) {
    this.repository = createJobsRepository(db);
    this.log = log;
    this.runner = new JobRunner(this.repository, this.registry, log, runnerOptions);
  }

  register<Schema extends z.ZodType>(definition: JobDefinition<Schema>, handler: JobHandler<Schema>): void {
    if (this.registry.has(definition.type)) {
      throw new Error(`A handler for job type "${definition.type}" is already registered`);
    }
    this.registry.set(definition.type, { definition, handler: handler as JobHandler<z.ZodType> });
  }

  /**
   * Validates the payload against the definition (a ZodError means a bug in the caller) and stores the
   * job. Inside a transaction (`tx`) the job is invisible until it commits: call `wake()` after the
   * commit, or the runner finds it only at its next poll.
   */
  async enqueue<Schema extends z.ZodType>(
    definition: JobDefinition<Schema>,
    payload: z.input<Schema>,
    { delayMs, runAt, maxAttempts = definition.maxAttempts, tx }: EnqueueOptions = {},
  ): Promise<{ id: string }> {
    definition.payloadSchema.parse(payload);
    if (!this.registry.has(definition.type)) {
      // Legitimate when only `npm run worker` processes handle this type; a bug otherwise.
      this.log.warn({ jobType: definition.type }, 'Enqueued a job type that has no handler in this process');
    }
    const row = await this.repository.insert({ type: definition.type, payload, maxAttempts, delayMs, runAt }, tx);
    if (!tx) this.runner.wake();
    return { id: row.id };
  }

  /** Lets the runner look for due jobs now (after a transaction that enqueued some has committed). */
  wake(): void {
    this.runner.wake();
  }

  getJob(id: string): Promise<JobRow | undefined> {
    return this.repository.findById(id);
  }

  /** Starts the polling loop (buildApp does this unless told not to). */
  start(): void {
    this.runner.start();
  }

  stop(): Promise<void> {
    return this.runner.stop();
  }

  /** Runs everything due now and waits for it: deterministic jobs in tests. */
  runDueJobs(): Promise<number> {
    return this.runner.runDueJobs();
  }
}
