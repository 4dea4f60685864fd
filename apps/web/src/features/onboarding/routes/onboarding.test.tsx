import type { SessionUser } from '@compliance/shared/auth';
import type { CompanyDto, OnboardingState } from '@compliance/shared/billing';
import { screen, waitFor, within } from '@testing-library/react';
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
  legalName: '',
  street: '',
  postcode: '',
  city: '',
  size: '2-10',
  type: 'fiduciary',
  country: 'CH',
  uid: null,
  lei: null,
  supervisor: null,
  role: 'admin',
  members: [{ userId: me.id, email: me.email, name: 'Marco Rossi', role: 'admin' }],
  invitations: [],
  seats: { used: 1, limit: 1 },
};

const colleague = { userId: '00000000-0000-4000-8000-0000000000d2', email: 'lea@example.test', name: 'Lea Meier' };

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
    user: {
      firstName: 'Marco',
      lastName: 'Rossi',
      language: 'en',
      jobRole: null,
      interests: [],
      interestsSource: 'none',
      completed: false,
    },
    company: null,
  };
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (input, init) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, 'http://x');
    if (url.pathname === '/api/auth/session') return json(200, { user: me });
    if (url.pathname === '/api/onboarding') return json(200, state);
    if (url.pathname === '/api/onboarding/user' && init?.method === 'PUT') {
      const body = JSON.parse(String(init.body)) as OnboardingState['user'];
      state = { ...state, user: { ...body, interestsSource: 'chosen', completed: true } };
      return json(200, state);
    }
    if (url.pathname === '/api/onboarding/company' && init?.method === 'PUT') {
      const body = JSON.parse(String(init.body)) as { uid?: string };
      // The server's own check: a UID the browser let through (it does not) would come back like this.
      if (body.uid === 'CHE-999.999.999') {
        return json(400, {
          error: {
            code: 'VALIDATION_FAILED',
            message: 'Invalid body',
            fields: { uid: 'onboarding:company.errors.uidCheckDigit' },
          },
        });
      }
      state = { ...state, company };
      return json(200, company);
    }
    if (url.pathname === '/api/company/invitations' && init?.method === 'POST') {
      return json(409, { error: { code: 'SEAT_LIMIT_REACHED', message: 'full' } });
    }
    if (url.pathname === `/api/company/members/${colleague.userId}` && init?.method === 'DELETE') {
      state = { ...state, company: { ...company, seats: { used: 1, limit: 3 } } };
      return json(200, state.company);
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
      {
        name: 'Rossi Fiduciaria SA',
        legalName: '',
        street: '',
        postcode: '',
        city: '',
        type: 'fiduciary',
        size: '2-10',
        country: 'CH',
        uid: null,
        lei: null,
        supervisor: null,
        jobRole: 'compliance-officer',
      },
    ]);
  });

  it('explains a UID or LEI with a wrong check digit at the field, sends nothing, then saves the valid ones', async () => {
    const { user, router } = renderRoute('/onboarding/company', { token: 'token-123' });
    await user.type(await screen.findByRole('textbox', { name: /Company name/ }), 'Rossi Fiduciaria');
    await user.type(screen.getByRole('textbox', { name: /Legal name/ }), 'Rossi Fiduciaria SA');
    await user.type(screen.getByRole('textbox', { name: /Street and number/ }), 'Via Nassa 5');
    await user.type(screen.getByRole('textbox', { name: /Postcode/ }), '6900');
    await user.type(screen.getByRole('textbox', { name: /City/ }), 'Lugano');
    await user.selectOptions(screen.getByRole('combobox', { name: /Type of company/ }), 'Fiduciary');
    await user.selectOptions(
      screen.getByRole('combobox', { name: /Supervisor or self-regulatory organisation/ }),
      'SRO PolyReg',
    );
    await user.selectOptions(screen.getByRole('combobox', { name: /Number of employees/ }), '2–10');
    await user.selectOptions(screen.getByRole('combobox', { name: /Your role in the company/ }), 'Compliance officer');
    const uid = screen.getByRole('textbox', { name: /Swiss company number \(UID\)/ });
    const lei = screen.getByRole('textbox', { name: /Legal Entity Identifier \(LEI\)/ });
    await user.type(uid, 'CHE-116.281.711');
    await user.type(lei, '5493001KJTIIGC8Y1R13');
    const save = screen.getByRole('button', { name: 'Save and continue' });
    await user.click(save);
    expect(uid).toHaveAccessibleDescription(
      expect.stringContaining('This UID’s check digit does not match: please check the number for a typo.'),
    );
    expect(lei).toHaveAccessibleDescription(
      expect.stringContaining('This LEI’s check digits do not match: please check the code for a typo.'),
    );
    expect(sent('/api/onboarding/company')).toEqual([]);

    await user.clear(uid);
    await user.type(uid, 'CHE-116.281');
    await user.click(save);
    expect(uid).toHaveAccessibleDescription(
      expect.stringContaining('Enter the UID as CHE-123.456.789 (CHE and nine digits).'),
    );

    await user.clear(uid);
    await user.type(uid, 'che 116 281 710');
    await user.clear(lei);
    await user.type(lei, '5493001KJTIIGC8Y1R12');
    await user.click(save);
    await waitFor(() => expect(router.state.location.pathname).toBe('/subscription'));
    expect(sent('/api/onboarding/company')).toEqual([
      expect.objectContaining({
        legalName: 'Rossi Fiduciaria SA',
        street: 'Via Nassa 5',
        postcode: '6900',
        city: 'Lugano',
        uid: 'CHE-116.281.710',
        lei: '5493001KJTIIGC8Y1R12',
        supervisor: 'sro-polyreg',
      }),
    ]);
  }, 30_000);
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

  it('lists open invitations and, before removing a member, says that their data stays theirs', async () => {
    state = {
      ...state,
      company: {
        ...company,
        members: [...company.members, { ...colleague, role: 'member' }],
        invitations: [
          {
            id: '00000000-0000-4000-8000-0000000000f1',
            email: 'tom@example.test',
            invitedBy: 'Marco Rossi',
            createdAt: '2026-11-20T10:00:00.000Z',
            expiresAt: '2026-11-27T10:00:00.000Z',
            expired: false,
          },
        ],
        seats: { used: 3, limit: 3 },
      },
    };
    const { user } = renderRoute('/onboarding/company', { token: 'token-123' });
    const invitations = await screen.findByRole('list', { name: 'Pending invitations' });
    expect(invitations).toHaveTextContent('tom@example.test');
    expect(invitations).toHaveTextContent('Invited by Marco Rossi');
    expect(screen.getByRole('button', { name: 'Send the invitation to tom@example.test again' })).toBeEnabled();
    expect(screen.getByRole('combobox', { name: 'Role of Lea Meier' })).toHaveValue('member');
    expect(screen.getByText('3 of 3 seats used')).toBeInTheDocument();
    // Admins do not remove themselves from this list (the session names who is looking).
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Remove Marco Rossi' })).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Remove Lea Meier' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove Lea Meier from Rossi Fiduciaria SA?' });
    expect(dialog).toHaveTextContent(
      'Their conversations, prompts and notes stay theirs. Choose where their documents go.',
    );
    const documents = within(dialog).getByRole('combobox', { name: 'Their documents' });
    expect(documents).toHaveValue('');
    expect(
      within(documents)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Stay with Lea Meier', 'Move to Marco Rossi’s library']);
    // The admin gives Lea's documents to themselves.
    await user.selectOptions(documents, 'Move to Marco Rossi’s library');
    await user.click(within(dialog).getByRole('button', { name: 'Remove from company' }));
    expect(
      await screen.findByText('Lea Meier was removed. Their documents are now in Marco Rossi’s library.'),
    ).toBeInTheDocument();
    expect(
      fetchMock.mock.calls.some(
        ([input, init]) =>
          String(input).endsWith(`/api/company/members/${colleague.userId}?transferTo=${me.id}`) &&
          init?.method === 'DELETE',
      ),
    ).toBe(true);
  }, 20_000);
});

describe('/invitations/accept', () => {
  const token = 'k'.repeat(43);

  it('asks a signed-out visitor to sign in or create an account, both leading back to the invitation', async () => {
    renderRoute(`/invitations/accept?token=${token}`);
    const back = encodeURIComponent(`/invitations/accept?token=${token}`);
    // The page's own links (the header has a plain "Sign in" too).
    const signIn = await screen.findAllByRole('link', { name: 'Sign in' });
    expect(signIn.map((link) => link.getAttribute('href'))).toContain(`/login?redirectTo=${back}`);
    expect(screen.getByRole('link', { name: 'Create an account' })).toHaveAttribute(
      'href',
      `/signup?redirectTo=${back}`,
    );
  });

  it('tells an account with another address that the invitation is not theirs, and joins with the right one', async () => {
    let invitedEmail = 'someone.else@example.test';
    const base = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation(async (input, init) => {
      const url = new URL(String(input), 'http://x');
      if (url.pathname === '/api/invitations/preview') {
        return json(200, {
          companyName: 'Rossi Fiduciaria SA',
          email: invitedEmail,
          invitedBy: 'Paola Rossi',
          expiresAt: '2026-12-01T10:00:00.000Z',
          forThisAccount: invitedEmail === me.email,
        });
      }
      if (url.pathname === '/api/invitations/accept' && init?.method === 'POST') {
        state = { ...state, company: { ...company, role: 'member' } };
        return json(200, state.company);
      }
      return base(input, init);
    });
    const first = renderRoute(`/invitations/accept?token=${token}`, { token: 'token-123' });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This invitation is for someone.else@example.test, but you are signed in as marco@example.test.',
    );
    expect(screen.queryByRole('button', { name: /Join/ })).not.toBeInTheDocument();
    first.unmount();

    invitedEmail = me.email;
    const previews = () =>
      fetchMock.mock.calls.filter(([input]) => String(input).includes('/api/invitations/preview')).length;
    const previewsBefore = previews();
    const { user, router } = renderRoute(`/invitations/accept?token=${token}`, { token: 'token-123' });
    expect(await screen.findByText('Paola Rossi invites you to join Rossi Fiduciaria SA.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Join Rossi Fiduciaria SA' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/onboarding/company'));
    expect(
      fetchMock.mock.calls
        .filter(([input]) => String(input).endsWith('/api/invitations/accept'))
        .map(([, init]) => JSON.parse(String(init?.body)) as unknown),
    ).toEqual([{ token }]);
    // The used-up link is not asked about again (the server would answer 404 while the page moves on).
    expect(previews() - previewsBefore).toBe(1);
  }, 20_000);
});
