import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createAppSettingsRepository } from '../src/modules/settings/app-settings.repository.ts';
import { createTestApp } from './helpers/test-app.ts';

describe('closing the app', () => {
  it('lets in-flight requests finish, database work included, before the database closes', async () => {
    let requestStarted!: () => void;
    const started = new Promise<void>((resolve) => (requestStarted = resolve));
    const slowRoute: FastifyPluginAsyncZod = async (app) => {
      app.get('/test/slow', { schema: { response: { 200: z.object({ value: z.unknown() }) } } }, async () => {
        requestStarted();
        await sleep(300);
        return { value: await createAppSettingsRepository(app.db).get('installation') };
      });
    };
    const app = await createTestApp({ extraRoutes: slowRoute });
    await app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = app.server.address() as AddressInfo;

    const response = fetch(`http://127.0.0.1:${port}/api/test/slow`);
    await started;
    const closed = app.close();

    const answer = await response;
    expect(answer.status).toBe(200);
    expect(await answer.json()).toMatchObject({ value: { id: expect.any(String) } });
    await closed;
  });
});
