import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { JobRunnerOptions } from '../modules/jobs/job-runner.ts';
import { JobQueue } from '../modules/jobs/jobs.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    jobs: JobQueue;
  }
}

export interface JobsOptions extends JobRunnerOptions {
  /** Run the polling loop in this process (default true). Tests turn it off and call `app.jobs.runDueJobs()`. */
  runInProcess?: boolean;
}

/** Decorates `app.jobs`; starts the loop once the app is ready and stops it first thing on close. */
export function registerJobs(app: FastifyInstance, { runInProcess = true, ...runnerOptions }: JobsOptions = {}): void {
  const queue = new JobQueue(app.db, app.log.child({ component: 'jobs' }), {
    soleRunner: app.database.driver === 'pglite',
    ...runnerOptions,
  });
  app.decorate('jobs', queue);
  if (runInProcess) app.addHook('onReady', async () => queue.start());
  // preClose runs before the database closes (onClose), so running jobs can still record their outcome.
  app.addHook('preClose', async () => queue.stop());
}

export const jobsPlugin = fp<JobsOptions>(async (app, options) => registerJobs(app, options), {
  name: 'jobs',
  dependencies: ['db'],
});
