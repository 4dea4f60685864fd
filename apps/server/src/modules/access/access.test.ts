import { describe, expect, it } from 'vitest';
import { AppError } from '../../plugins/errors.ts';
import type { AuthUser } from '../auth/session.service.ts';
import type { AccessRepository, LibraryItemOwner } from './access.repository.ts';
import { createAccess, hasAdminRole, isAdmin } from './access.ts';
import { anonymousActor, userActor, type Actor } from './actor.ts';

const ids = {
  alice: '00000000-0000-4000-8000-00000000000a',
  bob: '00000000-0000-4000-8000-00000000000b',
  aliceFile: '10000000-0000-4000-8000-000000000001',
  kbFile: '10000000-0000-4000-8000-000000000002',
  aliceConversation: '20000000-0000-4000-8000-000000000001',
  alicePrompt: '40000000-0000-4000-8000-000000000001',
  aliceCategory: '40000000-0000-4000-8000-000000000002',
  aliceNote: '50000000-0000-4000-8000-000000000001',
  company: '50000000-0000-4000-8000-000000000001',
  missing: '30000000-0000-4000-8000-000000000000',
  aliceConnection: '60000000-0000-4000-8000-000000000001',
  organisationConnection: '60000000-0000-4000-8000-000000000002',
  companyConnection: '60000000-0000-4000-8000-000000000003',
};

function user(id: string, overrides: Partial<AuthUser> = {}): Actor {
  const base: AuthUser = {
    id,
    email: `${id}@example.test`,
    firstName: 'A',
    lastName: 'B',
    companyName: '',
    role: 'user',
    language: 'en',
    emailVerified: true,
  };
  return userActor({ user: { ...base, ...overrides }, sessionId: `session-${id}` }, '127.0.0.1');
}

const repository: AccessRepository = {
  async libraryItemOwner(_type, id): Promise<LibraryItemOwner | null> {
    if (id === ids.aliceFile) return { scope: 'user', userId: ids.alice };
    if (id === ids.kbFile) return { scope: 'kb' };
    return null;
  },
  async conversationOwner(id) {
    return id === ids.aliceConversation ? ids.alice : null;
  },
  async promptOwner(type, id) {
    if (type === 'prompt' && id === ids.alicePrompt) return ids.alice;
    if (type === 'prompt-category' && id === ids.aliceCategory) return ids.alice;
    return null;
  },
  async courseNoteOwner(id) {
    return id === ids.aliceNote ? ids.alice : null;
  },
  async integrationOwner(id) {
    if (id === ids.aliceConnection) return { scope: 'personal', userId: ids.alice, companyId: null };
    if (id === ids.organisationConnection) return { scope: 'organisation', userId: ids.bob, companyId: null };
    if (id === ids.companyConnection) return { scope: 'company', userId: ids.alice, companyId: ids.company };
    return null;
  },
  async companyRole(companyId, userId) {
    if (companyId !== ids.company) return null;
    return userId === ids.alice ? 'admin' : userId === ids.bob ? 'member' : null;
  },
};

const access = createAccess(repository);
const alice = user(ids.alice);
const bob = user(ids.bob);
const admin = user(ids.bob, { role: 'admin' });
const visitor = anonymousActor('visitor-12345678', '127.0.0.1');

async function refusal(promise: Promise<unknown>) {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(AppError);
  const { code, statusCode } = error as AppError;
  return { code, statusCode };
}

describe('access.require', () => {
  it('lets anyone hold public permissions, and asks everyone else to sign in', async () => {
    await expect(access.require(visitor, 'country.read')).resolves.toBe(visitor);
    expect(await refusal(access.require(visitor, 'library.read'))).toEqual({
      code: 'UNAUTHENTICATED',
      statusCode: 401,
    });
  });

  it('lets an unverified user manage the session only', async () => {
    const unverified = user(ids.alice, { emailVerified: false });
    await expect(access.require(unverified, 'session.manage')).resolves.toBe(unverified);
    expect((await refusal(access.require(unverified, 'account.read'))).code).toBe('EMAIL_NOT_VERIFIED');
  });

  it('keeps admin permissions for verified admins', async () => {
    await expect(access.require(admin, 'user.manage')).resolves.toBe(admin);
    expect(await refusal(access.require(alice, 'user.manage'))).toEqual({ code: 'FORBIDDEN', statusCode: 403 });
    const unverifiedAdmin = user(ids.bob, { role: 'admin', emailVerified: false });
    expect(isAdmin(unverifiedAdmin)).toBe(false);
  });

  it('answers "not found" for another user’s file, conversation or a malformed id', async () => {
    await expect(access.require(alice, 'library.update', { type: 'file', id: ids.aliceFile })).resolves.toBe(alice);
    expect(await refusal(access.require(bob, 'library.read', { type: 'file', id: ids.aliceFile }))).toEqual({
      code: 'FILE_NOT_FOUND',
      statusCode: 404,
    });
    expect((await refusal(access.require(admin, 'library.read', { type: 'file', id: ids.aliceFile }))).code).toBe(
      'FILE_NOT_FOUND',
    );
    expect((await refusal(access.require(alice, 'library.read', { type: 'folder', id: 'not-a-uuid' }))).code).toBe(
      'FOLDER_NOT_FOUND',
    );
    expect(
      (await refusal(access.require(bob, 'conversation.read', { type: 'conversation', id: ids.aliceConversation })))
        .code,
    ).toBe('CONVERSATION_NOT_FOUND');
  });

  it('lets every user read the knowledge base and only admins change it', async () => {
    await expect(access.require(alice, 'library.read', { type: 'file', id: ids.kbFile })).resolves.toBe(alice);
    expect((await refusal(access.require(alice, 'library.delete', { type: 'file', id: ids.kbFile }))).code).toBe(
      'FILE_NOT_FOUND',
    );
    await expect(access.require(admin, 'library.delete', { type: 'file', id: ids.kbFile })).resolves.toBe(admin);
    expect(
      (await refusal(access.require(alice, 'library.create', { type: 'library', scope: 'knowledge-base' }))).code,
    ).toBe('FORBIDDEN');
    await expect(access.require(alice, 'library.create', { type: 'library', scope: 'personal' })).resolves.toBe(alice);
  });
});

describe('course notes', () => {
  it('are private: only their writer reads or changes them, admins included get "not found"', async () => {
    await expect(access.require(alice, 'course.learn', { type: 'course-note', id: ids.aliceNote })).resolves.toBe(
      alice,
    );
    expect(await refusal(access.require(bob, 'course.learn', { type: 'course-note', id: ids.aliceNote }))).toEqual({
      code: 'COURSE_NOTE_NOT_FOUND',
      statusCode: 404,
    });
    expect(
      (await refusal(access.require(admin, 'course.learn', { type: 'course-note', id: ids.aliceNote }))).code,
    ).toBe('COURSE_NOTE_NOT_FOUND');
  });

  it('lets anyone check a certificate, and only admins manage courses', async () => {
    await expect(access.require(visitor, 'certificate.verify')).resolves.toBe(visitor);
    expect((await refusal(access.require(visitor, 'course.read'))).code).toBe('UNAUTHENTICATED');
    expect((await refusal(access.require(alice, 'course.manage'))).code).toBe('FORBIDDEN');
    await expect(access.require(admin, 'course.manage')).resolves.toBe(admin);
  });
});

describe('prompt library', () => {
  it('lets only the owner read or change a prompt or a category; everyone else, admins too, gets "not found"', async () => {
    for (const permission of ['prompt.read', 'prompt.update', 'prompt.delete'] as const) {
      await expect(access.require(alice, permission, { type: 'prompt', id: ids.alicePrompt })).resolves.toBe(alice);
      await expect(access.require(alice, permission, { type: 'prompt-category', id: ids.aliceCategory })).resolves.toBe(
        alice,
      );
    }
    expect(await refusal(access.require(bob, 'prompt.read', { type: 'prompt', id: ids.alicePrompt }))).toEqual({
      code: 'PROMPT_NOT_FOUND',
      statusCode: 404,
    });
    expect((await refusal(access.require(admin, 'prompt.delete', { type: 'prompt', id: ids.alicePrompt }))).code).toBe(
      'PROMPT_NOT_FOUND',
    );
    expect(
      await refusal(access.require(bob, 'prompt.update', { type: 'prompt-category', id: ids.aliceCategory })),
    ).toEqual({ code: 'PROMPT_CATEGORY_NOT_FOUND', statusCode: 404 });
    // A category id is not a prompt id, and a malformed id names nothing.
    expect((await refusal(access.require(alice, 'prompt.read', { type: 'prompt', id: ids.aliceCategory }))).code).toBe(
      'PROMPT_NOT_FOUND',
    );
    expect((await refusal(access.require(alice, 'prompt.read', { type: 'prompt', id: 'nope' }))).code).toBe(
      'PROMPT_NOT_FOUND',
    );
  });

  it('keeps the library to signed-in, verified users', async () => {
    expect((await refusal(access.require(visitor, 'prompt.create'))).code).toBe('UNAUTHENTICATED');
    expect((await refusal(access.require(user(ids.alice, { emailVerified: false }), 'prompt.read'))).code).toBe(
      'EMAIL_NOT_VERIFIED',
    );
    await expect(access.require(bob, 'prompt.create')).resolves.toBe(bob);
  });
});

describe('public operations and realtime rights', () => {
  it('lets visitors sign up, sign in and reset a password, but not open a realtime socket', async () => {
    for (const permission of ['account.create', 'session.create', 'password.reset', 'health.read'] as const) {
      expect(await access.can(visitor, permission)).toBe(true);
    }
    expect(await access.can(visitor, 'realtime.connect')).toBe(false);
    expect(await access.can(user(ids.alice, { emailVerified: false }), 'realtime.connect')).toBe(false);
    expect(await access.can(alice, 'realtime.connect')).toBe(true);
  });

  it('shows a country’s full page to verified accounts only', async () => {
    expect(await access.can(visitor, 'country.detail')).toBe(false);
    expect(await access.can(user(ids.alice, { emailVerified: false }), 'country.detail')).toBe(false);
    expect(await access.can(alice, 'country.detail')).toBe(true);
  });

  it('tells a stored admin account apart from the admin caller', () => {
    expect(hasAdminRole({ role: 'admin' })).toBe(true);
    expect(hasAdminRole({ role: 'user' })).toBe(false);
    // The caller must also be verified to act as an admin.
    expect(isAdmin(user(ids.bob, { role: 'admin', emailVerified: false }))).toBe(false);
    expect(isAdmin(admin)).toBe(true);
  });
});

describe('access.can', () => {
  it('answers the same check as yes or no', async () => {
    expect(await access.can(alice, 'conversation.read', { type: 'conversation', id: ids.aliceConversation })).toBe(
      true,
    );
    expect(await access.can(bob, 'conversation.read', { type: 'conversation', id: ids.aliceConversation })).toBe(false);
    expect(await access.can(visitor, 'admin.access')).toBe(false);
    expect(await access.can(visitor, 'trial.ask')).toBe(true);
  });
});

describe('company resources', () => {
  const company = { type: 'company', id: ids.company } as const;

  it('lets members read their company and only its admin manage members and billing', async () => {
    await expect(access.require(alice, 'company.manage', company)).resolves.toBe(alice);
    await expect(access.require(alice, 'billing.manage', company)).resolves.toBe(alice);
    await expect(access.require(bob, 'company.read', company)).resolves.toBe(bob);
    await expect(access.require(bob, 'billing.read', company)).resolves.toBe(bob);
    expect(await refusal(access.require(bob, 'company.manage', company))).toEqual({
      code: 'COMPANY_ADMIN_ONLY',
      statusCode: 403,
    });
    expect(await access.can(bob, 'billing.manage', company)).toBe(false);
  });

  it('answers "not found" to someone outside the company, admins of the app included', async () => {
    const carol = user('00000000-0000-4000-8000-00000000000c');
    expect(await refusal(access.require(carol, 'company.read', company))).toEqual({
      code: 'COMPANY_NOT_FOUND',
      statusCode: 404,
    });
    const appAdmin = user('00000000-0000-4000-8000-00000000000d', { role: 'admin' });
    expect((await refusal(access.require(appAdmin, 'company.read', company))).code).toBe('COMPANY_NOT_FOUND');
    expect((await refusal(access.require(alice, 'company.read', { type: 'company', id: 'x' }))).code).toBe(
      'COMPANY_NOT_FOUND',
    );
  });

  it('keeps a personal connection its owner’s, and lets everyone send through the organisation’s', async () => {
    const own = { type: 'integration', id: ids.aliceConnection } as const;
    const shared = { type: 'integration', id: ids.organisationConnection } as const;
    await access.require(alice, 'integration.manage', own);
    for (const caller of [bob, admin]) {
      expect(await refusal(access.require(caller, 'integration.use', own))).toEqual({
        code: 'INTEGRATION_NOT_FOUND',
        statusCode: 404,
      });
    }
    await access.require(alice, 'integration.use', shared);
    expect((await refusal(access.require(alice, 'integration.manage', shared))).code).toBe('INTEGRATION_NOT_FOUND');
    await access.require(admin, 'integration.manage', shared);
    expect((await refusal(access.require(alice, 'integration.admin'))).code).toBe('FORBIDDEN');
  });

  it('lets a company’s members use its connections, only its admins change them, and hides them from others', async () => {
    // alice is the company's admin, bob a member, carol outside it (an admin of the app, even).
    const companyConnection = { type: 'integration', id: ids.companyConnection } as const;
    const carol = user('00000000-0000-4000-8000-00000000000c', { role: 'admin' });
    for (const permission of ['integration.read', 'integration.use', 'integration.manage'] as const) {
      await expect(access.require(alice, permission, companyConnection)).resolves.toBe(alice);
      expect(await refusal(access.require(carol, permission, companyConnection))).toEqual({
        code: 'INTEGRATION_NOT_FOUND',
        statusCode: 404,
      });
    }
    await expect(access.require(bob, 'integration.use', companyConnection)).resolves.toBe(bob);
    await expect(access.require(bob, 'integration.read', companyConnection)).resolves.toBe(bob);
    expect(await refusal(access.require(bob, 'integration.manage', companyConnection))).toEqual({
      code: 'COMPANY_ADMIN_ONLY',
      statusCode: 403,
    });
  });

  it('lets only a company’s admins read its journal and set up its connections', async () => {
    const company = { type: 'company', id: ids.company } as const;
    await access.require(alice, 'integration.journal', company);
    await access.require(alice, 'integration.manage', company);
    await access.require(bob, 'integration.read', company);
    for (const permission of ['integration.journal', 'integration.manage'] as const) {
      expect(await refusal(access.require(bob, permission, company))).toEqual({
        code: 'COMPANY_ADMIN_ONLY',
        statusCode: 403,
      });
    }
    const carol = user('00000000-0000-4000-8000-00000000000c');
    expect((await refusal(access.require(carol, 'integration.journal', company))).code).toBe('COMPANY_NOT_FOUND');
  });
});
