import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { openPostgresDatabase, queryRows, type DatabaseHandle } from '../src/db/client.ts';
import { jobs } from '../src/db/schema/jobs.ts';
import { defineJob, PermanentJobError } from '../src/modules/jobs/job-definition.ts';
import { JobRunner, retryDelayMs, type RegisteredJob } from '../src/modules/jobs/job-runner.ts';
import { createJobsRepository } from '../src/modules/jobs/jobs.repository.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

const backoff = { baseMs: 40, maxMs: 1_000 };

/** Seconds between when a job last failed and when it may run again, as stored. */
async function storedRetryDelayMs(app: TestApp, id: string): Promise<number> {
  const [row] = await queryRows<{ delay_ms: number }>(
    app.db,
    sql`select extract(epoch from (${jobs.runAt} - ${jobs.updatedAt})) * 1000 as delay_ms from ${jobs} where ${jobs.id} = ${id}`,
  );
  return Math.round(Number(row?.delay_ms));
}

async function waitFor(condition: () => Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('Timed out waiting for the condition');
    await sleep(20);
  }
}

describe('background jobs', () => {
  let app: TestApp;
  const handled: { type: string; payload: unknown; attempt: number }[] = [];
  const flakyFailures = new Map<string, number>();

  const greetJob = defineJob('test.greet', z.object({ name: z.string().min(1) }));
  const flakyJob = defineJob('test.flaky', z.object({ key: z.string(), failTimes: z.number() }), { maxAttempts: 3 });
  const doomedJob = defineJob('test.doomed', z.object({}), { maxAttempts: 5 });
  const slowJob = defineJob('test.slow', z.object({}), { timeoutMs: 50 });

  beforeAll(async () => {
    app = await createTestApp({ jobs: { backoff, lockTimeoutMs: 1_000 } });
    app.jobs.register(greetJob, async (payload, { attempt }) => {
      handled.push({ type: greetJob.type, payload, attempt });
    });
    app.jobs.register(flakyJob, async ({ key, failTimes }, { attempt }) => {
      if (attempt <= failTimes) {
        flakyFailures.set(key, (flakyFailures.get(key) ?? 0) + 1);
        throw new Error(`flaky failure ${attempt}`);
      }
    });
    app.jobs.register(doomedJob, async () => {
      throw new PermanentJobError('The document no longer exists');
    });
    app.jobs.register(
      slowJob,
      (_payload, { signal }) =>
        new Promise((_resolve, reject) => signal.addEventListener('abort', () => reject(signal.reason))),
    );
  });
  afterAll(() => app.close());

  it('runs an enqueued job with its validated payload and marks it done', async () => {
    const { id } = await app.jobs.enqueue(greetJob, { name: 'Ada' });
    expect((await app.jobs.getJob(id))?.status).toBe('queued');

    expect(await app.jobs.runDueJobs()).toBe(1);

    expect(handled).toContainEqual({ type: 'test.greet', payload: { name: 'Ada' }, attempt: 1 });
    expect(await app.jobs.getJob(id)).toMatchObject({
      status: 'done',
      attempts: 1,
      lockedBy: null,
      finishedAt: expect.any(Date),
    });
  });

  it('refuses to enqueue an invalid payload', async () => {
    await expect(app.jobs.enqueue(greetJob, { name: '' })).rejects.toThrow(z.ZodError);
  });

  it('enqueues inside a transaction only if it commits', async () => {
    await expect(
      app.db.transaction(async (tx) => {
        await app.jobs.enqueue(greetJob, { name: 'Rolled back' }, { tx });
        throw new Error('abort the transaction');
      }),
    ).rejects.toThrow('abort the transaction');
    const [row] = await queryRows<{ count: number }>(
      app.db,
      sql`select count(*)::int as count from jobs where payload->>'name' = 'Rolled back'`,
    );
    expect(Number(row?.count)).toBe(0);
  });

  it('does not run a job before its time', async () => {
    const { id } = await app.jobs.enqueue(greetJob, { name: 'Later' }, { delayMs: 60_000 });
    await app.jobs.runDueJobs();
    expect((await app.jobs.getJob(id))?.status).toBe('queued');
  });

  it('retries a failing job with exponential back-off, then succeeds', async () => {
    const { id } = await app.jobs.enqueue(flakyJob, { key: 'twice', failTimes: 2 });

    await app.jobs.runDueJobs();
    expect(await app.jobs.getJob(id)).toMatchObject({
      status: 'queued',
      attempts: 1,
      lastError: 'Error: flaky failure 1',
    });
    expect(await storedRetryDelayMs(app, id)).toBe(retryDelayMs(1, backoff)); // 40 ms

    await sleep(retryDelayMs(1, backoff) + 10);
    await app.jobs.runDueJobs();
    expect(await app.jobs.getJob(id)).toMatchObject({
      status: 'queued',
      attempts: 2,
      lastError: 'Error: flaky failure 2',
    });
    expect(await storedRetryDelayMs(app, id)).toBe(retryDelayMs(2, backoff)); // 80 ms

    await sleep(retryDelayMs(2, backoff) + 10);
    await app.jobs.runDueJobs();
    expect(await app.jobs.getJob(id)).toMatchObject({ status: 'done', attempts: 3 });
    expect(flakyFailures.get('twice')).toBe(2);
  });

  it('marks a job failed with its last error once max_attempts is used up', async () => {
    const { id } = await app.jobs.enqueue(flakyJob, { key: 'always', failTimes: 99 });
    for (let attempt = 1; attempt <= 3; attempt += 1) {
      await app.jobs.runDueJobs();
      await sleep(retryDelayMs(attempt, backoff) + 10);
    }
    expect(await app.jobs.getJob(id)).toMatchObject({
      status: 'failed',
      attempts: 3,
      lastError: 'Error: flaky failure 3',
    });
    expect(flakyFailures.get('always')).toBe(3);
  });

  it('gives up at once on a PermanentJobError', async () => {
    const { id } = await app.jobs.enqueue(doomedJob, {});
    await app.jobs.runDueJobs();
    expect(await app.jobs.getJob(id)).toMatchObject({
      status: 'failed',
      attempts: 1,
      lastError: 'PermanentJobError: The document no longer exists',
    });
  });

  it('aborts a run that exceeds its timeout and counts it as a failed attempt', async () => {
    const { id } = await app.jobs.enqueue(slowJob, {});
    await app.jobs.runDueJobs();
    expect(await app.jobs.getJob(id)).toMatchObject({
      status: 'queued',
      attempts: 1,
      lastError: 'Error: Timed out after 50 ms',
    });
  });

  it('takes back a job whose worker crashed, once its lock times out', async () => {
    const repository = createJobsRepository(app.db);
    const { id } = await app.jobs.enqueue(greetJob, { name: 'Orphan' });
    // A worker claims it and dies: no heartbeat, no outcome.
    const [claimed] = await repository.claimDue({ types: [greetJob.type], limit: 1, workerId: 'crashed-worker' });
    expect(claimed?.id).toBe(id);

    await app.jobs.runner.maintain();
    expect((await app.jobs.getJob(id))?.status).toBe('running'); // lock not expired yet

    await app.db
      .update(jobs)
      .set({ lockedAt: sql`now() - interval '5 seconds'` })
      .where(sql`${jobs.id} = ${id}`);
    await app.jobs.runner.maintain();
    expect(await app.jobs.getJob(id)).toMatchObject({
      status: 'queued',
      attempts: 1,
      lockedBy: null,
      lastError: expect.stringContaining('stopped before finishing'),
    });

    await sleep(retryDelayMs(1, backoff) + 10);
    await app.jobs.runDueJobs();
    expect(await app.jobs.getJob(id)).toMatchObject({ status: 'done', attempts: 2 });
    expect(handled).toContainEqual({ type: 'test.greet', payload: { name: 'Orphan' }, attempt: 2 });
  });

  it('fails a crashed job for good when that was its last attempt', async () => {
    const repository = createJobsRepository(app.db);
    const { id } = await app.jobs.enqueue(greetJob, { name: 'Poison' }, { maxAttempts: 1 });
    await repository.claimDue({ types: [greetJob.type], limit: 1, workerId: 'crashed-worker' });
    await app.db
      .update(jobs)
      .set({ lockedAt: sql`now() - interval '5 seconds'` })
      .where(sql`${jobs.id} = ${id}`);

    await app.jobs.runner.maintain();
    expect(await app.jobs.getJob(id)).toMatchObject({ status: 'failed', attempts: 1, finishedAt: expect.any(Date) });
  });

  it('with the embedded database, takes back jobs left running by the previous process as soon as it starts', async () => {
    const repository = createJobsRepository(app.db);
    const { id } = await app.jobs.enqueue(greetJob, { name: 'Left over' });
    await repository.claimDue({ types: [greetJob.type], limit: 1, workerId: 'process-before-restart' });

    const registry = new Map([
      [greetJob.type, { definition: greetJob, handler: async () => undefined } as RegisteredJob],
    ]);
    const runner = new JobRunner(repository, registry, app.log, { soleRunner: true, backoff, pollIntervalMs: 10 });
    runner.start();
    try {
      await waitFor(async () => (await app.jobs.getJob(id))?.status === 'done', 5_000);
    } finally {
      await runner.stop();
    }
    expect(await app.jobs.getJob(id)).toMatchObject({
      attempts: 2,
      lastError: expect.stringContaining('stopped before finishing'),
    });
  });

  it('lets concurrent runners share the queue without running any job twice', async () => {
    const executions: string[] = [];
    const executedBy = new Set<string>();
    const countJob = defineJob('test.count', z.object({ n: z.number() }));
    const runnerFor = (database: DatabaseHandle, workerId: string) => {
      const countOnThisRunner: RegisteredJob['handler'] = async (payload) => {
        executions.push(String((payload as { n: number }).n));
        executedBy.add(workerId);
        await sleep(5);
      };
      const registry = new Map([[countJob.type, { definition: countJob, handler: countOnThisRunner }]]);
      return new JobRunner(createJobsRepository(database.db), registry, app.log, {
        workerId,
        concurrency: 3,
        pollIntervalMs: 10,
      });
    };

    // On PostgreSQL each runner gets its own connection pool, as separate processes would.
    const secondDatabase = app.testDatabaseUrl ? await openPostgresDatabase(app.testDatabaseUrl) : app.database;
    const runners = [runnerFor(app.database, 'runner-a'), runnerFor(secondDatabase, 'runner-b')];
    const total = 40;
    for (let n = 0; n < total; n += 1) await app.jobs.enqueue(countJob, { n });

    try {
      for (const runner of runners) runner.start();
      await waitFor(async () => {
        const [row] = await queryRows<{ count: number }>(
          app.db,
          sql`select count(*)::int as count from jobs where type = 'test.count' and status = 'done'`,
        );
        return Number(row?.count) === total;
      });
    } finally {
      await Promise.all(runners.map((runner) => runner.stop()));
      if (secondDatabase !== app.database) await secondDatabase.close();
    }

    expect(executions).toHaveLength(total);
    expect(new Set(executions).size).toBe(total);
    if (app.testDatabaseUrl) expect([...executedBy].sort()).toEqual(['runner-a', 'runner-b']);
  });
});

describe('the in-process job loop', () => {
  let app: TestApp;
  const blockerJob = defineJob('test.blocker', z.object({}));
  const quickJob = defineJob('test.quick', z.object({}));

  beforeAll(async () => {
    app = await createTestApp({ jobs: { runInProcess: true, pollIntervalMs: 5_000, shutdownGraceMs: 50 } });
    app.jobs.register(quickJob, async () => undefined);
    // Never finishes by itself: only a shutdown can interrupt it.
    app.jobs.register(
      blockerJob,
      (_payload, { signal }) =>
        new Promise((_resolve, reject) => signal.addEventListener('abort', () => reject(signal.reason))),
    );
  });

  it('runs a job enqueued in this process right away, without waiting for the next poll', async () => {
    const { id } = await app.jobs.enqueue(quickJob, {});
    await waitFor(async () => (await app.jobs.getJob(id))?.status === 'done', 2_000);
  });

  it('on close, hands a job that does not finish in time back to the queue without counting the attempt', async () => {
    const { id } = await app.jobs.enqueue(blockerJob, {});
    await waitFor(async () => (await app.jobs.getJob(id))?.status === 'running', 2_000);

    // app.close() runs exactly this first (preClose); stopping here lets us look at the row before the database closes.
    await app.jobs.stop();
    const afterStop = await app.jobs.getJob(id);
    await app.close();

    expect(afterStop).toMatchObject({ status: 'queued', attempts: 0, lockedBy: null });
  });
});
