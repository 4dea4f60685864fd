import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderRoute } from '@/testing/test-utils.tsx';

function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

const fetchMock = vi.fn<typeof fetch>();
const token = 'a-reset-link-token-from-the-e-mail-0123456789';

beforeEach(() => {
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (input) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (new URL(url, 'http://localhost').pathname === '/api/auth/password/reset')
      return jsonResponse(200, { ok: true });
    return jsonResponse(404, { error: { code: 'NOT_FOUND', message: 'Not found' } });
  });
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('/forgotten-password/confirm', () => {
  it('resets the password from the e-mail link: sends the token with the new password, then signs in again', async () => {
    const { user, router } = renderRoute(`/forgotten-password/confirm?token=${token}`);
    const password = 'a much longer Passw0rd!';
    await user.type(await screen.findByLabelText(/^new password\s*\*?$/i), password);
    await user.type(screen.getByLabelText(/^new password confirmation/i), password);
    await user.click(screen.getByRole('button', { name: /change password/i }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    const [, init] = fetchMock.mock.calls.find(([input]) => String(input).includes('/api/auth/password/reset'))!;
    expect(JSON.parse(String(init?.body))).toEqual({ token, password, passwordConfirmation: password });
  });

  it('asks for the e-mail and code when opened without a link', async () => {
    renderRoute('/forgotten-password/confirm');
    expect(await screen.findByLabelText(/e-mail/i)).toBeInTheDocument();
    expect(screen.getByLabelText(/code/i)).toBeInTheDocument();
  });

  it('reads a refused code as "not valid or expired" and offers a new one (the server does not tell which)', async () => {
    fetchMock.mockImplementation(async () =>
      jsonResponse(400, { error: { code: 'VERIFICATION_CODE_INVALID', message: 'This code is not valid' } }),
    );
    const { user } = renderRoute('/forgotten-password/confirm');
    const password = 'a much longer Passw0rd!';
    await user.type(await screen.findByLabelText(/e-mail/i), 'someone@example.test');
    await user.type(screen.getByLabelText(/code/i), '123456');
    await user.type(screen.getByLabelText(/^new password\s*\*?$/i), password);
    await user.type(screen.getByLabelText(/^new password confirmation/i), password);
    await user.click(screen.getByRole('button', { name: /change password/i }));

    expect(await screen.findByText(/not valid or has expired/i)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /new code/i })).toBeInTheDocument();
  });
});
