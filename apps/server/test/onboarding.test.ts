import { testCards } from '@compliance/shared/billing';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, companyInvitations } from '../src/db/schema/index.ts';
import { createTestUser, type TestUser } from './helpers/factories.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';
import { uploadFile } from './helpers/uploads.ts';

// Issue 15, onboarding: the company profile (UID and LEI checked by their check digits), the
// defaults it sets, and members invited by e-mail — seats, single-use links, roles and removal.

const profile = {
  name: 'Alpen Treuhand',
  legalName: 'Alpen Treuhand AG',
  street: 'Bahnhofstrasse 1',
  postcode: '8001',
  city: 'Zürich',
  size: '2-10',
  type: 'fiduciary',
  country: 'CH',
  supervisor: 'sro-vqf',
  jobRole: 'mlro',
};

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

function saveCompany(user: TestUser, payload: Record<string, unknown>) {
  return app.inject({ method: 'PUT', url: '/api/onboarding/company', headers: user.headers, payload });
}

function invite(user: TestUser, email: string) {
  return app.inject({ method: 'POST', url: '/api/company/invitations', headers: user.headers, payload: { email } });
}

function accept(user: TestUser, token: string) {
  return app.inject({ method: 'POST', url: '/api/invitations/accept', headers: user.headers, payload: { token } });
}

/** The token of the newest invitation mailed to `email`, read from the link in the outbox. */
async function invitationToken(email: string): Promise<string> {
  const mail = await app.mail.latestTo(email, 'company_invitation');
  const match = /\/invitations\/accept\?token=([A-Za-z0-9_-]+)/.exec(mail?.textBody ?? '');
  if (!match?.[1]) throw new Error(`No invitation link mailed to ${email}`);
  return match[1];
}

/** A company whose admin bought `seats` seats of Team through the TEST MODE checkout. */
async function companyWithSeats(seats: number, overrides: Record<string, unknown> = {}) {
  const admin = await createTestUser(app, { firstName: 'Anna', lastName: 'Admin' });
  const created = await saveCompany(admin, { ...profile, ...overrides });
  expect(created.statusCode, created.body).toBe(200);
  if (seats > 1) {
    const checkout = await app.inject({
      method: 'POST',
      url: '/api/billing/checkout',
      headers: admin.headers,
      payload: { planId: 'team', interval: 'month', currency: 'CHF', seats },
    });
    expect(checkout.statusCode, checkout.body).toBe(200);
    const { sessionId } = checkout.json<{ sessionId: string }>();
    const paid = await app.inject({
      method: 'POST',
      url: `/api/billing/test-checkout/${sessionId}/pay`,
      headers: admin.headers,
      payload: { cardNumber: testCards.success },
    });
    expect(paid.statusCode, paid.body).toBe(200);
  }
  return { admin, company: created.json<{ id: string }>() };
}

async function companyOf(user: TestUser) {
  return app.inject({ method: 'GET', url: '/api/company', headers: user.headers });
}

async function auditActions(companyId: string): Promise<string[]> {
  const rows = await app.db.select().from(auditLog);
  return rows
    .filter((row) => (row.metadata as { companyId?: string } | null)?.companyId === companyId)
    .map((row) => row.action);
}

describe('the company profile', () => {
  it('stores legal name, address, supervisor and a valid UID and LEI in their canonical form', async () => {
    const admin = await createTestUser(app);
    const saved = await saveCompany(admin, { ...profile, uid: 'che116281710 mwst', lei: '5493001kjtiigc8y1r12' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({
      name: 'Alpen Treuhand',
      legalName: 'Alpen Treuhand AG',
      street: 'Bahnhofstrasse 1',
      postcode: '8001',
      city: 'Zürich',
      type: 'fiduciary',
      supervisor: 'sro-vqf',
      uid: 'CHE-116.281.710',
      lei: '5493001KJTIIGC8Y1R12',
      role: 'admin',
    });
    // The profile can be changed later (Settings leads back here); clearing the identifiers is allowed.
    const changed = await saveCompany(admin, {
      ...profile,
      type: 'asset-manager',
      supervisor: 'finma',
      uid: '',
      lei: '',
    });
    expect(changed.json()).toMatchObject({ type: 'asset-manager', supervisor: 'finma', uid: null, lei: null });
    expect(await auditActions(saved.json().id)).toEqual(
      expect.arrayContaining(['company.created', 'company.profile_updated']),
    );
  });

  it('refuses a UID or LEI with a wrong check digit, naming the field and its message, and changes nothing', async () => {
    const admin = await createTestUser(app);
    const refusals = [
      [{ uid: 'CHE-116.281.711' }, 'uid', 'onboarding:company.errors.uidCheckDigit'],
      [{ uid: 'CHE-116.281' }, 'uid', 'onboarding:company.errors.uidFormat'],
      [{ lei: '5493001KJTIIGC8Y1R13' }, 'lei', 'onboarding:company.errors.leiCheckDigit'],
      [{ lei: 'not an lei' }, 'lei', 'onboarding:company.errors.leiFormat'],
      [{ supervisor: 'the-tax-office' }, 'supervisor', 'auth:validation.required'],
      [{ type: 'investment-adviser' }, 'type', 'auth:validation.required'],
    ] as const;
    for (const [change, field, message] of refusals) {
      const refused = await saveCompany(admin, { ...profile, ...change });
      expect(refused.statusCode, JSON.stringify(change)).toBe(400);
      expect(refused.json().error).toMatchObject({ code: 'VALIDATION_FAILED', fields: { [field]: message } });
    }
    expect((await companyOf(admin)).json().error.code).toBe('COMPANY_NOT_FOUND');
  });

  it('reads a company stored with the old type "investment-adviser" as today’s types', async () => {
    const { admin, company } = await companyWithSeats(1, { country: 'US', type: 'other', supervisor: 'sec' });
    const { companies } = await import('../src/db/schema/index.ts');
    await app.db.update(companies).set({ type: 'investment-adviser' }).where(eq(companies.id, company.id));
    expect((await companyOf(admin)).json()).toMatchObject({ type: 'sec-adviser', country: 'US' });
  });

  it('gives members without chosen interests the defaults of their company’s country and type', async () => {
    const swiss = await createTestUser(app);
    await saveCompany(swiss, profile);
    const swissState = await app.inject({ method: 'GET', url: '/api/onboarding', headers: swiss.headers });
    expect(swissState.json().user).toMatchObject({
      interests: ['ch-finma', 'ch-aml', 'fatf', 'sanctions'],
      interestsSource: 'company',
    });
    expect(await app.onboarding.interestsFor(swiss.user.id)).toEqual(['ch-finma', 'ch-aml', 'fatf', 'sanctions']);

    const adviser = await createTestUser(app);
    await saveCompany(adviser, { ...profile, country: 'US', type: 'state-adviser', supervisor: 'state-regulator' });
    expect(await app.onboarding.interestsFor(adviser.user.id)).toEqual(['us-advisers', 'fatf', 'sanctions']);

    // A choice of their own wins over the company's defaults.
    const chose = await app.inject({
      method: 'PUT',
      url: '/api/onboarding/user',
      headers: adviser.headers,
      payload: { firstName: 'Sam', lastName: 'Lee', language: 'en', jobRole: 'adviser', interests: ['sanctions'] },
    });
    expect(chose.json().user).toMatchObject({ interests: ['sanctions'], interestsSource: 'chosen' });
    // The answers read interests from memory between writes: the choice reaches the next answer.
    expect(await app.onboarding.interestsFor(adviser.user.id)).toEqual(['sanctions']);

    const alone = await createTestUser(app);
    const none = await app.inject({ method: 'GET', url: '/api/onboarding', headers: alone.headers });
    expect(none.json().user).toMatchObject({ interests: [], interestsSource: 'none' });
  });
});

describe('invitations and seats', () => {
  it('counts open invitations against the seats and refuses one more when they are full', async () => {
    const { admin } = await companyWithSeats(3);
    expect((await invite(admin, 'first@example.test')).json().seats).toEqual({ used: 2, limit: 3 });
    const second = await invite(admin, 'Second@Example.test');
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json().seats).toEqual({ used: 3, limit: 3 });
    expect(second.json().invitations.map((invitation: { email: string }) => invitation.email)).toEqual([
      'first@example.test',
      'second@example.test',
    ]);

    const full = await invite(admin, 'third@example.test');
    expect(full.statusCode).toBe(409);
    expect(full.json().error.code).toBe('SEAT_LIMIT_REACHED');
    expect(await app.mail.latestTo('third@example.test', 'company_invitation')).toBeUndefined();

    const again = await invite(admin, 'first@example.test');
    expect(again.json().error.code).toBe('INVITATION_EXISTS');

    // Revoking frees the seat, and the revoked link no longer works.
    const revokedToken = await invitationToken('first@example.test');
    const firstId = second.json().invitations[0].id as string;
    const revoked = await app.inject({
      method: 'DELETE',
      url: `/api/company/invitations/${firstId}`,
      headers: admin.headers,
    });
    expect(revoked.json().seats).toEqual({ used: 2, limit: 3 });
    expect((await invite(admin, 'third@example.test')).statusCode).toBe(200);
    const first = await createTestUser(app, { email: 'first@example.test' });
    expect((await accept(first, revokedToken)).json().error.code).toBe('INVITATION_NOT_FOUND');

    // On Free, a company has one seat: its admin's.
    const free = await companyWithSeats(1);
    expect((await invite(free.admin, 'colleague@example.test')).json().error.code).toBe('SEAT_LIMIT_REACHED');
  });

  it('mails a single-use link in the invitee’s language, stored only as a hash', async () => {
    const { admin, company } = await companyWithSeats(3);
    const colleague = await createTestUser(app, { language: 'de', email: `lea-${company.id}@example.test` });
    const invited = await invite(admin, colleague.user.email);
    expect(invited.statusCode, invited.body).toBe(200);

    const mail = await app.mail.latestTo(colleague.user.email, 'company_invitation');
    expect(mail?.language).toBe('de');
    expect(mail?.subject).toBe('Anna Admin lädt Sie zu Alpen Treuhand auf Compliance Assistant ein');
    const token = await invitationToken(colleague.user.email);
    const [row] = await app.db
      .select()
      .from(companyInvitations)
      .where(eq(companyInvitations.email, colleague.user.email));
    expect(row?.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(token);

    const preview = await app.inject({
      method: 'GET',
      url: `/api/invitations/preview?token=${token}`,
      headers: colleague.headers,
    });
    expect(preview.json()).toMatchObject({
      companyName: 'Alpen Treuhand',
      email: colleague.user.email,
      invitedBy: 'Anna Admin',
      forThisAccount: true,
    });

    const joined = await accept(colleague, token);
    expect(joined.statusCode, joined.body).toBe(200);
    expect(joined.json()).toMatchObject({ id: company.id, role: 'member', invitations: [] });
    expect(joined.json().members.map((member: { email: string }) => member.email)).toContain(colleague.user.email);

    const twice = await accept(colleague, token);
    expect(twice.json().error.code).toBe('INVITATION_NOT_FOUND');
    expect(await auditActions(company.id)).toEqual(
      expect.arrayContaining(['company.member_invited', 'company.invitation_accepted']),
    );
  });

  it('lets only the invited account accept, and not after the link expired or was sent again', async () => {
    const { admin, company } = await companyWithSeats(3);
    const invitee = await createTestUser(app, { email: `invitee-${company.id}@example.test` });
    const someoneElse = await createTestUser(app);
    const invited = await invite(admin, invitee.user.email);
    const firstToken = await invitationToken(invitee.user.email);

    const wrong = await accept(someoneElse, firstToken);
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().error.code).toBe('INVITATION_WRONG_ACCOUNT');
    expect((await companyOf(someoneElse)).json().error.code).toBe('COMPANY_NOT_FOUND');

    const forged = await accept(invitee, 'A'.repeat(43));
    expect(forged.json().error.code).toBe('INVITATION_NOT_FOUND');

    // Past its expiry the link is refused and the seat is free again; sending it again mails a new link.
    await app.db
      .update(companyInvitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(companyInvitations.email, invitee.user.email));
    const expired = await accept(invitee, firstToken);
    expect(expired.statusCode).toBe(410);
    expect(expired.json().error.code).toBe('INVITATION_EXPIRED');
    const listed = await companyOf(admin);
    expect(listed.json().seats.used).toBe(1);
    expect(listed.json().invitations[0]).toMatchObject({ email: invitee.user.email, expired: true });

    const resent = await app.inject({
      method: 'POST',
      url: `/api/company/invitations/${invited.json().invitations[0].id}/resend`,
      headers: admin.headers,
    });
    expect(resent.statusCode, resent.body).toBe(200);
    expect(resent.json().invitations[0].expired).toBe(false);
    const secondToken = await invitationToken(invitee.user.email);
    expect(secondToken).not.toBe(firstToken);
    expect((await accept(invitee, firstToken)).json().error.code).toBe('INVITATION_NOT_FOUND');
    expect((await accept(invitee, secondToken)).statusCode).toBe(200);
  });

  it('refuses an invitee who already belongs to a company, and a member who invites', async () => {
    const { admin, company } = await companyWithSeats(3);
    const other = await companyWithSeats(1);
    expect((await invite(admin, other.admin.user.email)).statusCode).toBe(200);
    const token = await invitationToken(other.admin.user.email);
    expect((await accept(other.admin, token)).json().error.code).toBe('COMPANY_MEMBER_EXISTS');
    expect((await invite(admin, admin.user.email)).json().error.code).toBe('COMPANY_MEMBER_EXISTS');

    const member = await createTestUser(app, { email: `member-${company.id}@example.test` });
    await invite(admin, member.user.email);
    await accept(member, await invitationToken(member.user.email));
    const byMember = await invite(member, 'friend@example.test');
    expect(byMember.statusCode).toBe(403);
    expect(byMember.json().error.code).toBe('COMPANY_ADMIN_ONLY');
    // Members see their colleagues but not the open invitations.
    expect((await companyOf(member)).json()).toMatchObject({ role: 'member', invitations: [] });
  });
});

describe('members: roles, removal and isolation', () => {
  async function companyWithMember() {
    const { admin, company } = await companyWithSeats(3);
    const member = await createTestUser(app, { email: `m-${company.id}@example.test`, firstName: 'Max' });
    await invite(admin, member.user.email);
    expect((await accept(member, await invitationToken(member.user.email))).statusCode).toBe(200);
    return { admin, member, company };
  }

  function setRole(caller: TestUser, userId: string, role: string) {
    return app.inject({
      method: 'PATCH',
      url: `/api/company/members/${userId}`,
      headers: caller.headers,
      payload: { role },
    });
  }

  function remove(caller: TestUser, userId: string) {
    return app.inject({ method: 'DELETE', url: `/api/company/members/${userId}`, headers: caller.headers });
  }

  it('changes roles and never leaves the company without an admin', async () => {
    const { admin, member, company } = await companyWithMember();
    const lastAdmin = await setRole(admin, admin.user.id, 'member');
    expect(lastAdmin.statusCode).toBe(409);
    expect(lastAdmin.json().error.code).toBe('LAST_COMPANY_ADMIN');
    expect((await remove(admin, admin.user.id)).json().error.code).toBe('LAST_COMPANY_ADMIN');

    const promoted = await setRole(admin, member.user.id, 'admin');
    expect(promoted.statusCode, promoted.body).toBe(200);
    expect(promoted.json().members.find((m: { userId: string }) => m.userId === member.user.id).role).toBe('admin');
    // The new admin manages the company: they may demote the first one, who then cannot manage any more.
    expect((await invite(member, `new-${company.id}@example.test`)).statusCode).toBe(200);
    expect((await setRole(member, admin.user.id, 'member')).statusCode).toBe(200);
    expect((await setRole(admin, member.user.id, 'member')).json().error.code).toBe('COMPANY_ADMIN_ONLY');
    expect((await setRole(member, member.user.id, 'member')).json().error.code).toBe('LAST_COMPANY_ADMIN');
    expect((await setRole(member, member.user.id, 'owner')).statusCode).toBe(400);
    expect(await auditActions(company.id)).toContain('company.member_role_changed');
  });

  it('removes a member, whose own documents stay theirs and whose plan falls back to Free', async () => {
    const { admin, member, company } = await companyWithMember();
    const upload = await uploadFile(app, member.headers, 'kyc-notes.txt', 'Know your customer notes.');
    expect(upload.statusCode, upload.body).toBe(201);
    const fileId = upload.json().file.id as string;
    const before = await app.inject({ method: 'GET', url: '/api/billing/overview', headers: member.headers });
    expect(before.json().plan.id).toBe('team');

    const removed = await remove(admin, member.user.id);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json().members.map((m: { userId: string }) => m.userId)).toEqual([admin.user.id]);
    expect(removed.json().seats.used).toBe(1);

    expect((await companyOf(member)).json().error.code).toBe('COMPANY_NOT_FOUND');
    const after = await app.inject({ method: 'GET', url: '/api/billing/overview', headers: member.headers });
    expect(after.json().plan.id).toBe('free');
    const theirFile = await app.inject({
      method: 'GET',
      url: `/api/documents/files/${fileId}`,
      headers: member.headers,
    });
    expect(theirFile.statusCode).toBe(200);
    // Their data was never the company's: the admin does not get it.
    const adminView = await app.inject({
      method: 'GET',
      url: `/api/documents/files/${fileId}`,
      headers: admin.headers,
    });
    expect(adminView.statusCode).toBe(404);
    expect((await remove(admin, member.user.id)).json().error.code).toBe('COMPANY_MEMBER_NOT_FOUND');
    expect(await auditActions(company.id)).toContain('company.member_removed');
  });

  it('gives a removed member’s documents to another member when the admin chooses, in a folder named after them', async () => {
    const { admin, member, company } = await companyWithMember();
    const folder = await app.inject({
      method: 'POST',
      url: '/api/documents/folders',
      headers: member.headers,
      payload: { name: 'Client files' },
    });
    expect(folder.statusCode, folder.body).toBe(201);
    const folderId = folder.json().id as string;
    const inFolder = await uploadFile(app, member.headers, 'kyc-file.txt', 'Beneficial owner checks.', { folderId });
    const atTop = await uploadFile(app, member.headers, 'policy.txt', 'Our AML policy.');
    const ids = [inFolder.json().file.id as string, atTop.json().file.id as string];
    const view = (user: TestUser, id: string) =>
      app.inject({ method: 'GET', url: `/api/documents/files/${id}`, headers: user.headers });
    const removeTo = (caller: TestUser, transferTo: string) =>
      app.inject({
        method: 'DELETE',
        url: `/api/company/members/${member.user.id}?transferTo=${transferTo}`,
        headers: caller.headers,
      });

    // The documents go to a member of the same company, not to the leaver or to a stranger.
    const stranger = await createTestUser(app);
    const refused = await removeTo(admin, stranger.user.id);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.fields).toEqual({ transferTo: 'onboarding:members.transferToInvalid' });
    expect((await removeTo(admin, member.user.id)).statusCode).toBe(400);
    expect((await view(member, ids[0]!)).statusCode).toBe(200);
    expect((await companyOf(member)).json().id).toBe(company.id);

    const removed = await removeTo(admin, admin.user.id);
    expect(removed.statusCode, removed.body).toBe(200);
    for (const id of ids) {
      expect((await view(admin, id)).statusCode).toBe(200);
      expect((await view(member, id)).statusCode).toBe(404);
    }
    const top = await app.inject({ method: 'GET', url: '/api/documents', headers: admin.headers });
    const received = top.json().folders.find((row: { name: string }) => row.name.startsWith('Max'));
    expect(received?.name).toBe(`Max ${member.user.lastName} (${member.user.email})`);
    const inside = await app.inject({
      method: 'GET',
      url: `/api/documents?folderId=${received.id as string}`,
      headers: admin.headers,
    });
    expect(inside.json().folders.map((row: { name: string }) => row.name)).toEqual(['Client files']);
    expect(inside.json().files.map((row: { name: string }) => row.name)).toEqual(['policy.txt']);
    expect((await app.inject({ method: 'GET', url: '/api/documents', headers: member.headers })).json()).toMatchObject({
      folders: [],
      files: [],
    });
    expect(await auditActions(company.id)).toContain('company.member_removed');
  });

  it('keeps companies apart: nobody sees or changes another company’s members or invitations', async () => {
    const one = await companyWithMember();
    const two = await companyWithMember();
    const pending = await invite(two.admin, `pending-${two.company.id}@example.test`);
    const invitationId = pending.json().invitations[0].id as string;

    const ones = await companyOf(one.admin);
    expect(ones.json().id).toBe(one.company.id);
    const emails = ones.json().members.map((m: { email: string }) => m.email);
    expect(emails).not.toContain(two.admin.user.email);
    expect(emails).not.toContain(two.member.user.email);
    expect(ones.json().invitations).toEqual([]);

    expect((await setRole(one.admin, two.member.user.id, 'admin')).json().error.code).toBe('COMPANY_MEMBER_NOT_FOUND');
    expect((await remove(one.admin, two.member.user.id)).json().error.code).toBe('COMPANY_MEMBER_NOT_FOUND');
    const revoke = await app.inject({
      method: 'DELETE',
      url: `/api/company/invitations/${invitationId}`,
      headers: one.admin.headers,
    });
    expect(revoke.json().error.code).toBe('INVITATION_NOT_FOUND');
    const resend = await app.inject({
      method: 'POST',
      url: `/api/company/invitations/${invitationId}/resend`,
      headers: one.admin.headers,
    });
    expect(resend.json().error.code).toBe('INVITATION_NOT_FOUND');

    const twos = await companyOf(two.admin);
    expect(twos.json().members).toHaveLength(2);
    expect(twos.json().invitations).toHaveLength(1);
    expect((await companyOf(two.member)).json().id).toBe(two.company.id);
  });
});
