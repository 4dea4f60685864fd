// Throughput of the real server (its own process, RATE_LIMITS=off) beside a bare Fastify hello-world
// on the same machine, under the same load (autocannon in a third process): the liveness probe, and
// a signed-in list (GET /api/chat/conversations) at 50 connections, with the server's CPU time per
// request (from /proc: less swayed than req/s by whatever else the machine runs) and the machine's
// 1-minute load average at the end of that load (others' work on a shared machine moves req/s).
import os from 'node:os';
import type { BenchContext, BenchResult } from '../run.ts';
import { load, type LoadResult } from '../lib/load.ts';
import { cpuMs, startAppServer, startBareServer, waitUntilIdle } from '../lib/server.ts';
import { benchAdminEnv, signIn } from '../lib/session.ts';

export const perDatabase = 'each';

export async function run(context: BenchContext): Promise<BenchResult[]> {
  const seconds = context.size === 'small' ? 2 : 10;
  const app = await startAppServer({ ...context.databaseEnv, ...benchAdminEnv });
  let bare: Awaited<ReturnType<typeof startBareServer>> | undefined;
  try {
    bare = await startBareServer();
    // Steady state: after the starter knowledge base has been indexed in the background.
    await waitUntilIdle(app.pid);
    const token = await signIn(app.url);
    const authorization = { authorization: `Bearer ${token}` };
    // Warm both up (JIT, connection pools) before measuring.
    await load(`${app.url}/api/chat/conversations`, { connections: 10, seconds: 1, headers: authorization });
    await load(`${bare.url}/`, { connections: 10, seconds: 1 });

    const bareHealth = await load(`${bare.url}/`, { connections: 10, seconds });
    const health = await load(`${app.url}/api/health`, { connections: 10, seconds });
    const bare50 = await load(`${bare.url}/`, { connections: 50, seconds });
    const cpuBefore = cpuMs(app.pid);
    const list = await load(`${app.url}/api/chat/conversations`, { connections: 50, seconds, headers: authorization });
    const cpuPerRequest = (cpuMs(app.pid) - cpuBefore) / Math.max(1, list['req/s'] * seconds);
    return [
      compare('GET /api/health, 10 connections', health, bareHealth),
      compare('GET /api/chat/conversations signed in, 50 connections', list, bare50, {
        'server CPU ms/req': Math.round(cpuPerRequest * 100) / 100,
        '1-min load': Math.round(os.loadavg()[0]! * 10) / 10,
      }),
      { name: 'server RSS after the load', metrics: { MiB: app.rssMiB() } },
    ];
  } finally {
    await bare?.stop();
    await app.stop();
  }
}

function compare(
  name: string,
  measured: LoadResult,
  peer: LoadResult,
  extra: Record<string, number> = {},
): BenchResult {
  return {
    name,
    metrics: { ...measured, ...extra, 'bare Fastify req/s': peer['req/s'], 'bare p99 ms': peer['p99 ms'] },
    ratio: { label: 'req/s vs bare Fastify', value: measured['req/s'] / peer['req/s'] },
  };
}
