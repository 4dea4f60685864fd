import type { PlanDto } from '@compliance/shared/billing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTeamsWebhookStandIn } from './helpers/teams-webhook-stand-in.ts';
import { createTestUser, type TestUser } from './helpers/factories.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

// Issue 15: the plan sets how many personal integrations a user keeps (issue 17's connections).
let app: TestApp;
let teams: Awaited<ReturnType<typeof startTeamsWebhookStandIn>>;
let admin: TestUser;

beforeAll(async () => {
  teams = await startTeamsWebhookStandIn();
  app = await createTestApp({ env: { INTEGRATIONS_ALLOW_PRIVATE_NETWORKS: 'true' } });
  admin = await createTestUser(app, { role: 'admin' });
}, 120_000);

afterAll(async () => {
  await app?.close();
  await teams?.close();
});

const connect = (user: TestUser, name: string, scope: 'personal' | 'organisation' = 'personal') =>
  app.inject({
    method: 'POST',
    url: '/api/integrations',
    headers: user.headers,
    payload: { kind: 'teams', scope, name, settings: {}, secret: teams.url },
  });

async function setFreeConnections(count: number) {
  const plans = (await app.inject({ method: 'GET', url: '/api/admin/plans', headers: admin.headers })).json<{
    plans: PlanDto[];
  }>().plans;
  const free = plans.find((plan) => plan.id === 'free')!;
  const edited = await app.inject({
    method: 'PATCH',
    url: '/api/admin/plans/free',
    headers: admin.headers,
    payload: { limits: { ...free.limits, connections: count } },
  });
  expect(edited.statusCode, edited.body).toBe(200);
}

describe('the plan’s number of personal integrations', () => {
  it('ships Free, Professional and Team with their own numbers, shown with the plans', async () => {
    const user = await createTestUser(app);
    const { plans } = (await app.inject({ method: 'GET', url: '/api/billing/plans', headers: user.headers })).json<{
      plans: PlanDto[];
    }>();
    expect(Object.fromEntries(plans.map((plan) => [plan.id, plan.limits.connections]))).toEqual({
      free: 5,
      professional: 20,
      team: 50,
    });
  });

  it('refuses one more than the plan allows with nothing stored, and keeps the ones held after a downgrade', async () => {
    await setFreeConnections(2);
    const user = await createTestUser(app);
    expect((await connect(user, 'Desk one')).statusCode).toBe(201);
    expect((await connect(user, 'Desk two')).statusCode).toBe(201);
    const refused = await connect(user, 'Desk three');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('INTEGRATION_LIMIT_REACHED');
    const listed = await app.inject({ method: 'GET', url: '/api/integrations', headers: user.headers });
    expect(
      listed
        .json<{ connections: { name: string }[] }>()
        .connections.map((row) => row.name)
        .sort(),
    ).toEqual(['Desk one', 'Desk two']);

    // The admin lowers the plan: both connections stay and work; a new one is still refused.
    await setFreeConnections(1);
    const after = await app.inject({ method: 'GET', url: '/api/integrations', headers: user.headers });
    expect(after.json<{ connections: unknown[] }>().connections).toHaveLength(2);
    expect((await connect(user, 'Desk four')).json().error.code).toBe('INTEGRATION_LIMIT_REACHED');
    // Another user is counted on their own.
    expect((await connect(await createTestUser(app), 'Someone else’s desk')).statusCode).toBe(201);
    await setFreeConnections(5);
  });

  it('does not count an admin’s organisation connections against their own plan', async () => {
    await setFreeConnections(0);
    expect((await connect(admin, 'Compliance team channel', 'organisation')).statusCode).toBe(201);
    expect((await connect(admin, 'My own channel')).json().error.code).toBe('INTEGRATION_LIMIT_REACHED');
    await setFreeConnections(5);
  });
});
