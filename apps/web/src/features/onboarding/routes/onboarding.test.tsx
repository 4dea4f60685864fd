import type { SessionUser } from '@compliance/shared/auth';
import type { CompanyDto, OnboardingState } from '@compliance/shared/billing';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderRoute } from '@/testing/test-utils.tsx';

const me: SessionUser = {
  id: '00000000-0000-4000-8000-0000000000d1',
  email: 'marco@example.test',
  firstName: 'Marco',
  lastName: 'Rossi',
  companyName: '',
  role: 'user',
  language: 'en',
  emailVerified: true,
};

const company: CompanyDto = {
  id: '00000000-0000-4000-8000-0000000000e1',
  name: 'Rossi Fiduciaria SA',
  size: '2-10',
  type: 'fiduciary',
  country: 'CH',
  role: 'admin',
  members: [{ userId: me.id, email: me.email, name: 'Marco Rossi', role: 'admin' }],
  seats: { used: 1, limit: 1 },
};

let state: OnboardingState;
const fetchMock = vi.fn<typeof fetch>();

function json(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

const sent = (path: string) =>
  fetchMock.mock.calls
    .filter(([input, init]) => String(input).endsWith(path) && init?.method === 'PUT')
    .map(([, init]) => JSON.parse(String(init?.body)) as unknown);

beforeEach(() => {
  state = {
    user: { firstName: 'Marco', lastName: 'Rossi', language: 'en', jobRole: null, interests: [], completed: false },
    company: null,
  };
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (input, init) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, 'http://x');
    if (url.pathname === '/api/auth/session') return json(200, { user: me });
    if (url.pathname === '/api/onboarding') return json(200, state);
    if (url.pathname === '/api/onboarding/user' && init?.method === 'PUT') {
      const body = JSON.parse(String(init.body)) as OnboardingState['user'];
      state = { ...state, user: { ...body, completed: true } };
      return json(200, state);
    }
    if (url.pathname === '/api/onboarding/company' && init?.method === 'PUT') {
      state = { ...state, company };
      return json(200, company);
    }
    if (url.pathname === '/api/company/members' && init?.method === 'POST') {
      return json(409, { error: { code: 'SEAT_LIMIT_REACHED', message: 'full' } });
    }
    return json(404, { error: { code: 'NOT_FOUND', message: 'Not found' } });
  });
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('/onboarding/user', () => {
  it('asks for the role before saving, then saves name, language, role and interests', async () => {
    const { user, router } = renderRoute('/onboarding/user', { token: 'token-123' });
    const save = await screen.findByRole('button', { name: 'Save and continue' });
    await user.click(save);
    expect(await screen.findByRole('combobox', { name: /Your role/ })).toHaveAccessibleDescription(
      'This field is required',
    );
    expect(sent('/api/onboarding/user')).toEqual([]);

    await user.selectOptions(
      screen.getByRole('combobox', { name: /Your role/ }),
      'Money laundering reporting officer (MLRO)',
    );
    await user.click(screen.getByRole('checkbox', { name: 'FATF country lists' }));
    await user.click(save);
    await waitFor(() => expect(router.state.location.pathname).toBe('/onboarding/company'));
    expect(sent('/api/onboarding/user')).toEqual([
      { firstName: 'Marco', lastName: 'Rossi', language: 'en', jobRole: 'mlro', interests: ['fatf'] },
    ]);
  });
});

describe('/onboarding/company', () => {
  it('saves the company, then leads to the plans', async () => {
    const { user, router } = renderRoute('/onboarding/company', { token: 'token-123' });
    await user.type(await screen.findByRole('textbox', { name: /Company name/ }), 'Rossi Fiduciaria SA');
    await user.selectOptions(screen.getByRole('combobox', { name: /Type of company/ }), 'Fiduciary');
    await user.selectOptions(screen.getByRole('combobox', { name: /Number of employees/ }), '2–10');
    await user.selectOptions(screen.getByRole('combobox', { name: /Your role in the company/ }), 'Compliance officer');
    await user.click(screen.getByRole('button', { name: 'Save and continue' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/subscription'));
    expect(sent('/api/onboarding/company')).toEqual([
      { name: 'Rossi Fiduciaria SA', type: 'fiduciary', size: '2-10', country: 'CH', jobRole: 'compliance-officer' },
    ]);
  });
});

describe('the company’s members', () => {
  it('shows its admin the seats in use and, when all are taken, the way to add seats', async () => {
    state = { ...state, company };
    renderRoute('/onboarding/company', { token: 'token-123' });
    expect(await screen.findByText('1 of 1 seats used')).toBeInTheDocument();
    expect(screen.getByText(/All seats are taken/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add seats' })).toHaveAttribute('href', '/subscription');
    expect(screen.queryByRole('link', { name: 'Skip: I work on my own' })).not.toBeInTheDocument();
  });
});
