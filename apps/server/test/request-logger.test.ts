import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createLoggerOptions, lazyChildLoggerFactory } from '../src/plugins/logger.ts';

/** A Fastify app with the server's logger options and the lazy per-request child logger. */
function appLoggingAt(logLevel: 'warn' | 'info') {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  const app = Fastify({
    logger: { ...createLoggerOptions({ logLevel }, { pretty: false }), stream },
    childLoggerFactory: lazyChildLoggerFactory,
    genReqId: () => 'req-1',
  });
  app.get('/quiet', async () => ({ ok: true }));
  app.get('/fails', async (request) => {
    request.log.error({ reset: '/reset?token=abc123' }, 'Something broke');
    request.log.child({ step: 'inner' }).warn('From a child');
    return { ok: false };
  });
  return { app, lines };
}

describe('the per-request logger', () => {
  let close: (() => Promise<unknown>) | undefined;
  afterEach(async () => close?.());

  it('builds no child logger for a request that logs nothing at its level', async () => {
    const { app, lines } = appLoggingAt('warn');
    close = () => app.close();
    await app.ready();
    const child = vi.spyOn(app.log, 'child');
    expect((await app.inject({ method: 'GET', url: '/quiet' })).statusCode).toBe(200);
    expect(child).not.toHaveBeenCalled();
    expect(lines).toEqual([]);
  });

  it("writes a request's lines with its request id, redacted, from the request and its children", async () => {
    const { app, lines } = appLoggingAt('warn');
    close = () => app.close();
    await app.inject({ method: 'GET', url: '/fails' });
    expect(lines).toEqual([
      expect.objectContaining({ reqId: 'req-1', msg: 'Something broke', reset: '/reset?token=[redacted]' }),
      expect.objectContaining({ reqId: 'req-1', step: 'inner', msg: 'From a child' }),
    ]);
  });

  it("keeps Fastify's own request lines at info", async () => {
    const { app, lines } = appLoggingAt('info');
    close = () => app.close();
    await app.inject({ method: 'GET', url: '/quiet' });
    expect(lines.map((line) => [line.reqId, line.msg])).toEqual([
      ['req-1', 'incoming request'],
      ['req-1', 'request completed'],
    ]);
  });
});
