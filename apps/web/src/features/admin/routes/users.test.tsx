import type { AdminUser } from '@compliance/shared/account';
import type { SessionUser } from '@compliance/shared/auth';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderRoute } from '@/testing/test-utils.tsx';

const me: SessionUser = {
  id: '00000000-0000-4000-8000-0000000000a1',
  email: 'anna@example.test',
  firstName: 'Anna',
  lastName: 'Keller',
  companyName: 'Keller AG',
  role: 'admin',
  language: 'en',
  emailVerified: true,
};
const meAsListed: AdminUser = {
  id: me.id,
  email: me.email,
  firstName: me.firstName,
  lastName: me.lastName,
  companyName: me.companyName,
  role: 'admin',
  status: 'active',
  emailVerified: true,
  createdAt: '2026-01-10T10:00:00.000Z',
  lastSeenAt: null,
};

const fetchMock = vi.fn<typeof fetch>();

function json(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

beforeEach(() => {
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (input, init) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, 'http://x');
    if (url.pathname === '/api/auth/session') return json(200, { user: me });
    if (url.pathname === '/api/admin/users' && (init?.method ?? 'GET') === 'GET') {
      return json(200, { users: [meAsListed], total: 1, page: 1, pageSize: 20 });
    }
    if (url.pathname === `/api/admin/users/${me.id}` && init?.method === 'PATCH') {
      return json(200, { ...meAsListed, role: 'user' });
    }
    return json(404, { error: { code: 'NOT_FOUND', message: 'Not found' } });
  });
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('/admin/users', () => {
  it('asks an admin to confirm before removing their own admin role, then says so to the server', async () => {
    const { user } = renderRoute('/admin/users', { token: 'token-123' });
    const table = await screen.findByRole('table');
    await user.click(within(table).getByRole('button', { name: 'Actions for Anna Keller' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Remove administrator role' }));

    const dialog = await screen.findByRole('dialog', { name: 'Remove your own administrator role?' });
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'PATCH')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Remove my admin role' }));

    await waitFor(() => {
      const patch = fetchMock.mock.calls.find(([, init]) => init?.method === 'PATCH');
      expect(JSON.parse(String(patch?.[1]?.body))).toEqual({ role: 'user', confirmSelf: true });
    });
  });
});
