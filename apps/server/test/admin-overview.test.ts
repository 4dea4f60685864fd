import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { weekStart } from '../src/modules/admin-overview/admin-overview.service.ts';
import { createTestUser, type TestUser } from './helpers/factories.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';
import { uploadFile } from './helpers/uploads.ts';

let app: TestApp;
let admin: TestUser;
let user: TestUser;

beforeAll(async () => {
  app = await createTestApp();
  admin = await createTestUser(app, { role: 'admin', email: `admin-${Date.now()}@example.test` });
  user = await createTestUser(app, { email: `anna-${Date.now()}@example.test` });
  await uploadFile(app, user.headers, 'notes.txt', 'Customer due diligence duties of a financial intermediary.');
  // Two admin actions on the user, for the audit log.
  for (const role of ['admin', 'user'] as const) {
    const response = await app.inject({
      method: 'PATCH',
      url: `/api/admin/users/${user.user.id}`,
      headers: admin.headers,
      payload: { role },
    });
    expect(response.statusCode, response.body).toBe(200);
  }
});
afterAll(() => app.close());

describe('admin overview', () => {
  it('counts users, documents, jobs and shows the latest audit entries; admins only', async () => {
    const response = await app.inject({ url: '/api/admin/overview', headers: admin.headers });
    expect(response.statusCode, response.body).toBe(200);
    const overview = response.json();
    expect(overview.users).toMatchObject({ total: 2, verified: 2, admins: 1, signupsLast30Days: 2 });
    expect(overview.users.signupsByWeek).toHaveLength(8);
    expect(overview.users.signupsByWeek.at(-1)).toEqual({
      weekStart: weekStart(new Date()).toISOString().slice(0, 10),
      count: 2,
    });
    expect(overview.documents).toMatchObject({ personalFiles: 1, waiting: 1, failed: 0 });
    expect(overview.documents.storageBytes).toBeGreaterThan(0);
    expect(overview.jobs.waiting).toBeGreaterThanOrEqual(1);
    expect(overview.recentAudit[0]).toMatchObject({
      action: 'admin.user_demoted',
      targetEmail: user.user.email,
      metadata: expect.any(Object),
    });

    expect((await app.inject({ url: '/api/admin/overview', headers: user.headers })).statusCode).toBe(403);
    expect((await app.inject({ url: '/api/admin/overview' })).statusCode).toBe(401);
  });

  it('weeks start on Monday, UTC', () => {
    expect(weekStart(new Date('2026-11-25T23:30:00Z')).toISOString()).toBe('2026-11-23T00:00:00.000Z');
    expect(weekStart(new Date('2026-11-23T00:00:00Z')).toISOString()).toBe('2026-11-23T00:00:00.000Z');
    expect(weekStart(new Date('2026-11-22T12:00:00Z')).toISOString()).toBe('2026-11-16T00:00:00.000Z');
  });
});

describe('audit log', () => {
  it('filters by actor, action, target and days, and exports the same as CSV', async () => {
    const list = async (query: string) => {
      const response = await app.inject({ url: `/api/admin/audit-log?${query}`, headers: admin.headers });
      expect(response.statusCode, response.body).toBe(200);
      return response.json<{ entries: { action: string; targetEmail: string }[]; total: number }>();
    };
    expect((await list('action=admin.user_promoted')).entries.map((entry) => entry.action)).toEqual([
      'admin.user_promoted',
    ]);
    expect((await list(`target=${encodeURIComponent(user.user.email.slice(0, 8).toUpperCase())}`)).total).toBe(2);
    expect((await list(`actor=${encodeURIComponent(admin.user.email)}&action=admin.user_demoted`)).total).toBe(1);
    const today = new Date().toISOString().slice(0, 10);
    expect((await list(`from=${today}&to=${today}`)).total).toBeGreaterThanOrEqual(2);
    expect((await list('from=2000-01-01&to=2000-01-02')).total).toBe(0);
    // Percent and underscore are literal, not wildcards.
    expect((await list('actor=%25')).total).toBe(0);

    const badRange = await app.inject({
      url: '/api/admin/audit-log?from=2026-02-02&to=2026-01-01',
      headers: admin.headers,
    });
    expect(badRange.statusCode).toBe(400);
    expect(badRange.json().error.fields.to).toBe('errors:validation.dateRange');

    const csv = await app.inject({
      url: '/api/admin/audit-log.csv?action=admin.user_promoted',
      headers: admin.headers,
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body
      .replace(/^\ufeff/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('time,action,actor,target,ip_address,details');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain('admin.user_promoted');
    expect((await app.inject({ url: '/api/admin/audit-log.csv', headers: user.headers })).statusCode).toBe(403);
  });
});
