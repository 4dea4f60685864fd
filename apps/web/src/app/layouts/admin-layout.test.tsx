import type { SessionUser } from '@compliance/shared/auth';
import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderRoute } from '@/testing/test-utils.tsx';

const member: SessionUser = {
  id: '00000000-0000-4000-8000-000000000001',
  email: 'anna@example.test',
  firstName: 'Anna',
  lastName: 'Keller',
  companyName: 'Keller AG',
  role: 'user',
  language: 'en',
  emailVerified: true,
};

let sessionUser: SessionUser = member;

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>(async (input) => {
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      const body =
        new URL(url, 'http://localhost').pathname === '/api/auth/session'
          ? { status: 200, json: { user: sessionUser } }
          : { status: 404, json: { error: { code: 'NOT_FOUND', message: 'Not found' } } };
      return new Response(JSON.stringify(body.json), {
        status: body.status,
        headers: { 'Content-Type': 'application/json' },
      });
    }),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
  sessionUser = member;
});

describe('the admin layout', () => {
  it('shows a signed-in user who is not an administrator a clear "administrators only" page', async () => {
    for (const path of ['/admin', '/admin/users', '/test-upload']) {
      const { unmount } = renderRoute(path, { token: 'token-123' });
      expect(await screen.findByRole('heading', { name: 'Administrators only' })).toBeInTheDocument();
      expect(screen.queryByRole('navigation', { name: 'Admin navigation' })).not.toBeInTheDocument();
      expect(screen.getByRole('navigation', { name: 'Main navigation' })).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Back to the dashboard' })).toHaveAttribute('href', '/dashboard');
      unmount();
    }
  });

  it('shows administrators the admin area', async () => {
    sessionUser = { ...member, role: 'admin' };
    renderRoute('/admin', { token: 'token-123' });
    expect(await screen.findByRole('navigation', { name: 'Admin navigation' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Administrators only' })).not.toBeInTheDocument();
  });
});
