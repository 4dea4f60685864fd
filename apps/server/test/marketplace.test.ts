import { randomUUID } from 'node:crypto';
import { testCards } from '@compliance/shared/billing';
import type {
  AuthorListingsResponse,
  AuthorPage,
  LicensedPrompt,
  LicensedPromptList,
  ListingDetail,
  MarketplaceListResponse,
  MarketplaceModeration,
  PublishListingInput,
  PurchaseResult,
} from '@compliance/shared/marketplace';
import type { Placeholder, Prompt, PromptCategory } from '@compliance/shared/prompts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestUser, type TestUser } from './helpers/factories.ts';
import { startTestSmtpServer } from './helpers/smtp-server.ts';
import { startStripeApiStandIn, type StripeApiStandIn } from './helpers/stripe-api-stand-in.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

let app: TestApp;

beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

function call(user: TestUser | null, method: Method, url: string, payload?: unknown) {
  return app.inject({ method, url: `/api${url}`, headers: user?.headers ?? {}, ...(payload ? { payload } : {}) });
}

function errorOf(response: { json: () => unknown }) {
  return (response.json() as { error: { code: string; fields?: Record<string, string> } }).error;
}

/** A word no other test's listing carries: searching for it finds only this test's listings. */
const unique = (label: string) => `${label}${randomUUID().replace(/-/g, '').slice(0, 10)}`;

/** The sentence that must never leave the server except in a licensed prompt. */
const SECRET_SENTENCE = 'Weigh the secret sauce of the seventeen red flags very carefully';

function placeholder(name: string, overrides: Partial<Placeholder> = {}): Placeholder {
  return {
    name,
    description: `The ${name}`,
    type: 'text',
    required: true,
    defaultValue: '',
    options: [],
    ...overrides,
  };
}

const typedPrompt = {
  title: 'Client risk assessment',
  instructions: `${SECRET_SENTENCE}. Client from {{country}}, assets {{assets}} CHF, risk {{risk}}, review on {{reviewDate}}.`,
  categoryId: null as string | null,
  placeholders: [
    placeholder('country', { description: 'Country of domicile' }),
    placeholder('assets', { type: 'number', required: false, defaultValue: '1000', description: 'Assets in CHF' }),
    placeholder('risk', { type: 'select', options: ['low', 'high'], defaultValue: 'low', description: 'Risk class' }),
    placeholder('reviewDate', { type: 'date', required: false, description: 'Next review' }),
  ],
  versionMessage: '',
};

/**
 * The fixture's instructions with a case reference of three words no other test uses: publishing
 * refuses another author's instructions as they are (and flags near copies), so each test's author
 * writes their own.
 */
function caseInstructions(): string {
  const word = () => randomUUID().replace(/-/g, '').slice(0, 8);
  return typedPrompt.instructions.replace(
    `${SECRET_SENTENCE}. `,
    `${SECRET_SENTENCE}. Case ${word()} ${word()} ${word()}. `,
  );
}

/** The instructions each listing published through `publishPrompt` was made from. */
const publishedInstructions = new Map<string, string>();
const instructionsOf = (listingId: string) => publishedInstructions.get(listingId)!;

async function createPrompt(user: TestUser, overrides: Partial<typeof typedPrompt> = {}): Promise<Prompt> {
  const response = await call(user, 'POST', '/prompts', {
    ...typedPrompt,
    instructions: caseInstructions(),
    ...overrides,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<Prompt>();
}

async function createCategory(user: TestUser, name: string): Promise<PromptCategory> {
  const response = await call(user, 'POST', '/prompt-categories', { name, icon: 'scale', description: '' });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<PromptCategory>();
}

function listingInput(sourceId: string, overrides: Partial<PublishListingInput> = {}): PublishListingInput {
  return {
    kind: 'prompt',
    sourceId,
    title: unique('Risk listing '),
    teaser: 'A structured client risk assessment',
    description: 'Asks for the country, the assets and the risk class.',
    exampleOutput: 'Risk: low. Reasons: ...',
    topic: 'aml-kyc',
    language: 'en',
    price: { currency: 'CHF', amount: 0 },
    ...overrides,
  };
}

async function publish(user: TestUser, input: PublishListingInput): Promise<ListingDetail> {
  const response = await call(user, 'POST', '/marketplace/listings', input);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<ListingDetail>();
}

/** A prompt of the author's library published as a listing (free unless a price is given). */
async function publishPrompt(author: TestUser, overrides: Partial<PublishListingInput> = {}) {
  const prompt = await createPrompt(author);
  const published = await publish(author, listingInput(prompt.id, overrides));
  publishedInstructions.set(published.id, prompt.instructions);
  return published;
}

async function getListing(user: TestUser, id: string) {
  return call(user, 'GET', `/marketplace/listings/${id}`);
}

async function listing(user: TestUser, id: string): Promise<ListingDetail> {
  const response = await getListing(user, id);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<ListingDetail>();
}

async function browse(user: TestUser, query: string): Promise<MarketplaceListResponse> {
  const response = await call(user, 'GET', `/marketplace/listings?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<MarketplaceListResponse>();
}

async function purchase(user: TestUser, id: string) {
  return call(user, 'POST', `/marketplace/listings/${id}/purchase`);
}

async function licensed(user: TestUser): Promise<LicensedPromptList['prompts']> {
  const response = await call(user, 'GET', '/marketplace/licensed-prompts');
  expect(response.statusCode, response.body).toBe(200);
  return response.json<LicensedPromptList>().prompts;
}

async function licensedPrompt(user: TestUser, itemId: string): Promise<LicensedPrompt> {
  const response = await call(user, 'GET', `/marketplace/licensed-prompts/${itemId}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<LicensedPrompt>();
}

async function buyFree(buyer: TestUser, id: string) {
  const response = await purchase(buyer, id);
  expect(response.statusCode, response.body).toBe(200);
  expect(response.json<PurchaseResult>()).toEqual({ status: 'owned', checkoutUrl: null });
}

const sessionIdOf = (checkoutUrl: string | null) => {
  const match = /^\/subscription\/test-checkout\/([^/?]+)$/.exec(checkoutUrl ?? '');
  expect(match, `checkout URL ${checkoutUrl}`).not.toBeNull();
  return decodeURIComponent(match![1]!);
};

function pay(user: TestUser, sessionId: string, cardNumber: string) {
  return call(user, 'POST', `/billing/test-checkout/${encodeURIComponent(sessionId)}/pay`, { cardNumber });
}

/** Starts a paid listing's checkout and pays it with the success card: the buyer holds the licence. */
async function buyPaid(buyer: TestUser, id: string): Promise<string> {
  const started = await purchase(buyer, id);
  expect(started.statusCode, started.body).toBe(200);
  expect(started.json<PurchaseResult>().status).toBe('checkout');
  const sessionId = sessionIdOf(started.json<PurchaseResult>().checkoutUrl);
  const paid = await pay(buyer, sessionId, testCards.success);
  expect(paid.json().outcome, paid.body).toBe('succeeded');
  return sessionId;
}

/** The author onto Professional through the TEST MODE checkout, like billing.test.ts. */
async function upgradeToProfessional(user: TestUser) {
  const started = await call(user, 'POST', '/billing/checkout', {
    planId: 'professional',
    interval: 'month',
    currency: 'CHF',
  });
  expect(started.statusCode, started.body).toBe(200);
  const { sessionId } = started.json<{ sessionId: string }>();
  const paid = await pay(user, sessionId, testCards.success);
  expect(paid.json().outcome, paid.body).toBe('succeeded');
  const overview = await call(user, 'GET', '/billing/overview');
  expect(overview.json().plan.id).toBe('professional');
}

async function seller() {
  const user = await createTestUser(app, { firstName: 'Sandra', lastName: 'Seller' });
  await upgradeToProfessional(user);
  return user;
}

async function review(user: TestUser, id: string, rating: number, text = 'Useful') {
  return call(user, 'PUT', `/marketplace/listings/${id}/review`, { rating, text });
}

async function moderation(admin: TestUser): Promise<MarketplaceModeration> {
  const response = await call(admin, 'GET', '/admin/marketplace');
  expect(response.statusCode, response.body).toBe(200);
  return response.json<MarketplaceModeration>();
}

describe('publishing', () => {
  it('publishes a prompt with typed placeholders as a free listing, never showing its instructions', async () => {
    const author = await createTestUser(app);
    const stranger = await createTestUser(app);
    const prompt = await createPrompt(author);
    const title = unique('Typed placeholders ');
    const created = await call(author, 'POST', '/marketplace/listings', listingInput(prompt.id, { title }));
    expect(created.statusCode, created.body).toBe(201);
    expect(created.body).not.toContain(SECRET_SENTENCE);
    const { id } = created.json<ListingDetail>();

    const page = await getListing(stranger, id);
    expect(page.statusCode, page.body).toBe(200);
    const body = page.json<ListingDetail>();
    expect(body).toMatchObject({
      title,
      teaser: 'A structured client risk assessment',
      kind: 'prompt',
      price: { currency: 'CHF', amount: 0 },
      promptCount: 1,
      owned: false,
      mine: false,
      version: 1,
      status: 'published',
    });
    expect(body.items).toHaveLength(1);
    expect(body.items[0]?.title).toBe(typedPrompt.title);
    expect(body.items[0]?.placeholders).toEqual([
      { name: 'country', type: 'text', description: 'Country of domicile', required: true },
      { name: 'assets', type: 'number', description: 'Assets in CHF', required: false },
      { name: 'risk', type: 'select', description: 'Risk class', required: true },
      { name: 'reviewDate', type: 'date', description: 'Next review', required: false },
    ]);
    expect(JSON.stringify(body)).not.toContain(SECRET_SENTENCE);
    expect(JSON.stringify((await listing(author, id)).items)).not.toContain(SECRET_SENTENCE);

    const found = await browse(stranger, `q=${encodeURIComponent(title)}`);
    expect(found.listings.map((item) => item.id)).toEqual([id]);
    expect(JSON.stringify(found)).not.toContain(SECRET_SENTENCE);

    const authorPage = await call(stranger, 'GET', `/marketplace/authors/${author.user.id}`);
    expect(authorPage.statusCode, authorPage.body).toBe(200);
    expect(authorPage.json<AuthorPage>().listings.map((item) => item.id)).toEqual([id]);
    expect(authorPage.body).not.toContain(SECRET_SENTENCE);

    const mine = await call(author, 'GET', '/marketplace/my-listings');
    expect(mine.json<AuthorListingsResponse>().listings.map((item) => item.id)).toEqual([id]);
    expect(mine.body).not.toContain(SECRET_SENTENCE);
  });

  it('refuses a price on the Free plan (nothing created), and accepts it after upgrading to Professional', async () => {
    const author = await createTestUser(app);
    const prompt = await createPrompt(author);
    const input = listingInput(prompt.id, { price: { currency: 'CHF', amount: 900 } });

    const refused = await call(author, 'POST', '/marketplace/listings', input);
    expect(refused.statusCode).toBe(403);
    expect(errorOf(refused).code).toBe('MARKETPLACE_SELLING_NOT_IN_PLAN');
    const none = await call(author, 'GET', '/marketplace/my-listings');
    expect(none.json<AuthorListingsResponse>()).toMatchObject({ listings: [], canSell: false });
    expect((await browse(author, `q=${encodeURIComponent(input.title)}`)).total).toBe(0);

    await upgradeToProfessional(author);
    const accepted = await call(author, 'POST', '/marketplace/listings', input);
    expect(accepted.statusCode, accepted.body).toBe(201);
    expect(accepted.json<ListingDetail>().price).toEqual({ currency: 'CHF', amount: 900 });
    const after = await call(author, 'GET', '/marketplace/my-listings');
    expect(after.json<AuthorListingsResponse>().canSell).toBe(true);
    expect(after.json<AuthorListingsResponse>().listings).toHaveLength(1);
  });

  it('refuses someone else’s prompt, an empty category and invalid bodies', async () => {
    const author = await createTestUser(app);
    const other = await createTestUser(app);
    const theirs = await createPrompt(other);

    const foreign = await call(author, 'POST', '/marketplace/listings', listingInput(theirs.id));
    expect(foreign.statusCode).toBe(404);
    expect(errorOf(foreign).code).toBe('PROMPT_NOT_FOUND');

    const empty = await createCategory(author, 'Empty');
    const emptyListing = await call(
      author,
      'POST',
      '/marketplace/listings',
      listingInput(empty.id, { kind: 'category' }),
    );
    expect(emptyListing.statusCode).toBe(400);
    expect(errorOf(emptyListing).code).toBe('LISTING_SOURCE_EMPTY');

    const own = await createPrompt(author);
    const cheap = await call(
      author,
      'POST',
      '/marketplace/listings',
      listingInput(own.id, { price: { currency: 'CHF', amount: 50 } }),
    );
    expect(cheap.statusCode).toBe(400);
    expect(errorOf(cheap)).toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: { 'price.amount': 'marketplace:validation.price' },
    });

    const { title: _title, ...untitled } = listingInput(own.id);
    const noTitle = await call(author, 'POST', '/marketplace/listings', untitled);
    expect(noTitle.statusCode).toBe(400);
    expect(errorOf(noTitle).code).toBe('VALIDATION_FAILED');
    expect(Object.keys(errorOf(noTitle).fields ?? {})).toContain('title');

    expect((await call(author, 'GET', '/marketplace/my-listings')).json<AuthorListingsResponse>().listings).toEqual([]);
  });
});

describe('buying', () => {
  it('gives a free listing’s licence at once, once; the buyer uses the prompt, a stranger cannot', async () => {
    const author = await createTestUser(app);
    const buyer = await createTestUser(app);
    const third = await createTestUser(app);
    const free = await publishPrompt(author);

    await buyFree(buyer, free.id);
    await buyFree(buyer, free.id);
    expect(await listing(buyer, free.id)).toMatchObject({ owned: true, buyerCount: 1, canReview: true });

    const prompts = await licensed(buyer);
    expect(prompts).toHaveLength(1);
    expect(prompts[0]).toMatchObject({ listingId: free.id, title: typedPrompt.title, version: 1 });
    expect(JSON.stringify(prompts)).not.toContain(SECRET_SENTENCE);
    const itemId = prompts[0]!.id;
    expect(itemId).toBe(free.items[0]?.id);

    const full = await licensedPrompt(buyer, itemId);
    expect(full.instructions).toBe(instructionsOf(free.id));
    expect(full.placeholders.map((item) => item.name)).toEqual(['country', 'assets', 'risk', 'reviewDate']);

    const used = await call(buyer, 'POST', `/marketplace/licensed-prompts/${itemId}/use`, {
      values: { country: 'Switzerland', risk: 'high' },
    });
    expect(used.statusCode, used.body).toBe(200);
    expect(used.json()).toEqual({
      text: instructionsOf(free.id)
        .replace('{{country}}', 'Switzerland')
        .replace('{{assets}}', '1000')
        .replace('{{risk}}', 'high')
        .replace('{{reviewDate}}', ''),
      version: 1,
      runId: expect.any(String),
    });
    const missing = await call(buyer, 'POST', `/marketplace/licensed-prompts/${itemId}/use`, {
      values: { assets: 'many' },
    });
    expect(missing.statusCode).toBe(400);
    expect(errorOf(missing)).toMatchObject({
      code: 'PROMPT_VALUES_INVALID',
      fields: { 'values.country': 'errors:validation.required', 'values.assets': 'prompts:validation.number' },
    });

    const refused = await call(third, 'GET', `/marketplace/licensed-prompts/${itemId}`);
    expect(refused.statusCode).toBe(404);
    expect(refused.body).not.toContain(SECRET_SENTENCE);
    expect(
      (await call(third, 'POST', `/marketplace/licensed-prompts/${itemId}/use`, { values: { country: 'CH' } }))
        .statusCode,
    ).toBe(404);
    expect(await licensed(third)).toEqual([]);
  });

  it('sells a paid listing only through a verified TEST MODE payment', async () => {
    const author = await seller();
    const buyer = await createTestUser(app);
    const other = await createTestUser(app);
    const paid = await publishPrompt(author, { price: { currency: 'CHF', amount: 1500 } });

    const started = await purchase(buyer, paid.id);
    expect(started.statusCode, started.body).toBe(200);
    const result = started.json<PurchaseResult>();
    expect(result.status).toBe('checkout');
    const sessionId = sessionIdOf(result.checkoutUrl);
    expect(result.checkoutUrl).toBe(`/subscription/test-checkout/${sessionId}`);

    // A second click before paying opens the same checkout.
    const again = await purchase(buyer, paid.id);
    expect(again.json<PurchaseResult>()).toEqual({ status: 'checkout', checkoutUrl: result.checkoutUrl });

    const page = await call(buyer, 'GET', `/billing/test-checkout/${encodeURIComponent(sessionId)}`);
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json()).toMatchObject({ mode: 'payment', amount: 1500, currency: 'CHF', status: 'open' });

    // Not paid yet: no licence.
    expect(await licensed(buyer)).toEqual([]);
    const pending = await call(buyer, 'POST', '/marketplace/purchases/verify', { sessionId });
    expect(pending.statusCode, pending.body).toBe(200);
    expect(pending.json()).toEqual({ listingId: paid.id, status: 'pending' });
    expect(await listing(buyer, paid.id)).toMatchObject({ owned: false, buyerCount: 0 });

    // A declined card grants nothing.
    const declined = await pay(buyer, sessionId, '4000 0000 0000 0002');
    expect(declined.json()).toEqual({ outcome: 'declined', redirectUrl: null });
    expect(await licensed(buyer)).toEqual([]);
    expect((await call(buyer, 'POST', '/marketplace/purchases/verify', { sessionId })).json()).toEqual({
      listingId: paid.id,
      status: 'pending',
    });
    expect((await listing(buyer, paid.id)).owned).toBe(false);

    // Someone else cannot verify it, nor open its test checkout page, nor pay it.
    const foreignVerify = await call(other, 'POST', '/marketplace/purchases/verify', { sessionId });
    expect(foreignVerify.statusCode).toBe(404);
    expect(errorOf(foreignVerify).code).toBe('CHECKOUT_NOT_FOUND');
    const foreignPage = await call(other, 'GET', `/billing/test-checkout/${encodeURIComponent(sessionId)}`);
    expect(foreignPage.statusCode).toBe(404);
    expect((await pay(other, sessionId, testCards.success)).statusCode).toBe(404);

    const succeeded = await pay(buyer, sessionId, testCards.success);
    expect(succeeded.json()).toEqual({
      outcome: 'succeeded',
      redirectUrl: `/prompt-marketplace/listings/${paid.id}?session_id=${sessionId}`,
    });
    const verified = await call(buyer, 'POST', '/marketplace/purchases/verify', { sessionId });
    expect(verified.json()).toEqual({ listingId: paid.id, status: 'paid' });
    expect(await listing(buyer, paid.id)).toMatchObject({ owned: true, buyerCount: 1, canReview: true });
    expect((await licensed(buyer)).map((item) => item.listingId)).toEqual([paid.id]);
    expect((await licensedPrompt(buyer, paid.items[0]!.id)).instructions).toBe(instructionsOf(paid.id));

    // Buying again: owned, no new checkout.
    expect((await purchase(buyer, paid.id)).json<PurchaseResult>()).toEqual({ status: 'owned', checkoutUrl: null });
    expect((await listing(buyer, paid.id)).buyerCount).toBe(1);
    const foreignAfter = await call(other, 'POST', '/marketplace/purchases/verify', { sessionId });
    expect(errorOf(foreignAfter).code).toBe('CHECKOUT_NOT_FOUND');
    expect((await call(other, 'GET', `/billing/test-checkout/${encodeURIComponent(sessionId)}`)).statusCode).toBe(404);

    const sales = (await call(author, 'GET', '/marketplace/my-listings')).json<AuthorListingsResponse>();
    expect(sales.listings.find((item) => item.id === paid.id)).toMatchObject({ sales: 1, revenue: 1500 });
  });

  it('keeps a category buyer’s licence in step with the author’s published updates', async () => {
    const author = await createTestUser(app);
    const buyer = await createTestUser(app);
    const category = await createCategory(author, 'Onboarding pack');
    const first = await createPrompt(author, { title: 'First prompt', categoryId: category.id });
    await createPrompt(author, { title: 'Second prompt', categoryId: category.id });
    const pack = await publish(author, listingInput(category.id, { kind: 'category', title: unique('Pack ') }));
    expect(pack).toMatchObject({ kind: 'category', promptCount: 2, version: 1 });
    expect(pack.items.map((item) => item.title).sort()).toEqual(['First prompt', 'Second prompt']);

    await buyFree(buyer, pack.id);
    expect((await licensed(buyer)).map((item) => item.title).sort()).toEqual(['First prompt', 'Second prompt']);

    await createPrompt(author, { title: 'Third prompt', categoryId: category.id });
    const editedInstructions = `${first.instructions} Also check the PEP lists.`;
    const saved = await call(author, 'PUT', `/prompts/${first.id}`, {
      ...typedPrompt,
      title: 'First prompt',
      categoryId: category.id,
      instructions: editedInstructions,
      versionMessage: 'PEP lists',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<Prompt>().version).toBe(2);

    // Until the author publishes the update, the buyer keeps the published snapshot.
    expect(await licensed(buyer)).toHaveLength(2);
    const firstItem = pack.items.find((item) => item.title === 'First prompt')!;
    expect((await licensedPrompt(buyer, firstItem.id)).instructions).toBe(first.instructions);

    const refreshed = await call(author, 'PATCH', `/marketplace/listings/${pack.id}`, { refreshContent: true });
    expect(refreshed.statusCode, refreshed.body).toBe(200);
    expect(refreshed.json<ListingDetail>()).toMatchObject({ version: 2, promptCount: 3 });
    expect(refreshed.body).not.toContain('Also check the PEP lists');

    const after = await licensed(buyer);
    expect(after.map((item) => item.title).sort()).toEqual(['First prompt', 'Second prompt', 'Third prompt']);
    const updated = await licensedPrompt(buyer, firstItem.id);
    expect(updated).toMatchObject({ instructions: editedInstructions, version: 2 });
    expect(after.find((item) => item.title === 'Third prompt')?.version).toBe(2);
    expect((await listing(buyer, pack.id)).version).toBe(2);
  });

  it('leaves the version of a prompt the update did not change alone', async () => {
    const author = await createTestUser(app);
    const buyer = await createTestUser(app);
    const category = await createCategory(author, 'Stable pack');
    const changed = await createPrompt(author, { title: 'Changed prompt', categoryId: category.id });
    await createPrompt(author, { title: 'Unchanged prompt', categoryId: category.id });
    const pack = await publish(author, listingInput(category.id, { kind: 'category', title: unique('Stable ') }));
    await buyFree(buyer, pack.id);

    const saved = await call(author, 'PUT', `/prompts/${changed.id}`, {
      ...typedPrompt,
      title: 'Changed prompt',
      categoryId: category.id,
      instructions: `${changed.instructions} Changed.`,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const refreshed = await call(author, 'PATCH', `/marketplace/listings/${pack.id}`, { refreshContent: true });
    expect(refreshed.json<ListingDetail>().version).toBe(2);

    // "The listing version that last changed it": only the edited prompt moves to version 2.
    const versions = Object.fromEntries((await licensed(buyer)).map((item) => [item.title, item.version]));
    expect(versions).toEqual({ 'Changed prompt': 2, 'Unchanged prompt': 1 });
  });

  it('refuses the author’s own purchase, and hides an unpublished listing from all but its buyers', async () => {
    const author = await createTestUser(app);
    const buyer = await createTestUser(app);
    const stranger = await createTestUser(app);
    const listed = await publishPrompt(author);

    const own = await purchase(author, listed.id);
    expect(own.statusCode).toBe(409);
    expect(errorOf(own).code).toBe('LISTING_OWN');

    await buyFree(buyer, listed.id);
    const itemId = listed.items[0]!.id;
    expect((await browse(stranger, `q=${encodeURIComponent(listed.title)}`)).total).toBe(1);

    const unpublished = await call(author, 'PATCH', `/marketplace/listings/${listed.id}`, { status: 'unpublished' });
    expect(unpublished.statusCode, unpublished.body).toBe(200);
    expect(unpublished.json<ListingDetail>().status).toBe('unpublished');

    const hidden = await getListing(stranger, listed.id);
    expect(hidden.statusCode).toBe(404);
    expect(errorOf(hidden).code).toBe('LISTING_NOT_FOUND');
    expect((await purchase(stranger, listed.id)).statusCode).toBe(404);
    expect((await browse(stranger, `q=${encodeURIComponent(listed.title)}`)).listings).toEqual([]);
    expect((await browse(buyer, `q=${encodeURIComponent(listed.title)}`)).listings).toEqual([]);

    expect(await listing(buyer, listed.id)).toMatchObject({ status: 'unpublished', owned: true });
    expect(await listing(author, listed.id)).toMatchObject({ status: 'unpublished', mine: true });
    expect((await licensed(buyer)).map((item) => item.id)).toEqual([itemId]);
    expect((await licensedPrompt(buyer, itemId)).instructions).toBe(instructionsOf(listed.id));
    const used = await call(buyer, 'POST', `/marketplace/licensed-prompts/${itemId}/use`, {
      values: { country: 'CH' },
    });
    expect(used.statusCode, used.body).toBe(200);
  });
});

describe('reviews', () => {
  it('lets buyers review once (edited by writing again), and the author answer', async () => {
    const author = await createTestUser(app);
    const buyer = await createTestUser(app, { firstName: 'Bea', lastName: 'Buyer' });
    const stranger = await createTestUser(app);
    const listed = await publishPrompt(author);

    const notBuyer = await review(stranger, listed.id, 5, 'Great');
    expect(notBuyer.statusCode).toBe(403);
    expect(errorOf(notBuyer).code).toBe('REVIEW_NOT_ALLOWED');

    await buyFree(buyer, listed.id);
    const first = await review(buyer, listed.id, 4, 'Helpful');
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json<ListingDetail>()).toMatchObject({ rating: 4, reviewCount: 1 });
    const second = await review(buyer, listed.id, 2, 'On second thought, too short');
    expect(second.statusCode, second.body).toBe(200);
    const afterEdit = second.json<ListingDetail>();
    expect(afterEdit).toMatchObject({ rating: 2, reviewCount: 1 });
    expect(afterEdit.reviews).toHaveLength(1);
    expect(afterEdit.reviews[0]).toMatchObject({
      rating: 2,
      text: 'On second thought, too short',
      reviewer: { id: buyer.user.id, name: 'Bea B.' },
      reply: null,
      mine: true,
    });
    const reviewId = afterEdit.reviews[0]!.id;

    const byAuthor = await review(author, listed.id, 5, 'Mine is the best');
    expect(byAuthor.statusCode).toBe(403);
    expect(errorOf(byAuthor).code).toBe('REVIEW_NOT_ALLOWED');
    expect((await listing(author, listed.id)).canReview).toBe(false);

    const replied = await call(author, 'PUT', `/marketplace/reviews/${reviewId}/reply`, { text: 'Thanks, extended.' });
    expect(replied.statusCode, replied.body).toBe(200);
    expect(replied.json<ListingDetail>().reviews[0]).toMatchObject({ id: reviewId, reply: 'Thanks, extended.' });
    expect((await listing(stranger, listed.id)).reviews[0]?.repliedAt).not.toBeNull();

    const foreignReply = await call(stranger, 'PUT', `/marketplace/reviews/${reviewId}/reply`, { text: 'Hijack' });
    expect(foreignReply.statusCode).toBe(404);
    expect(errorOf(foreignReply).code).toBe('REVIEW_NOT_FOUND');
    const buyerReply = await call(buyer, 'PUT', `/marketplace/reviews/${reviewId}/reply`, { text: 'Self reply' });
    expect(errorOf(buyerReply).code).toBe('REVIEW_NOT_FOUND');

    const outOfRange = await review(buyer, listed.id, 6, 'Off the scale');
    expect(outOfRange.statusCode).toBe(400);
    expect(errorOf(outOfRange).code).toBe('VALIDATION_FAILED');
    expect((await listing(stranger, listed.id)).reviews.map((item) => [item.rating, item.reply])).toEqual([
      [2, 'Thanks, extended.'],
    ]);
  });
});

describe('browsing', () => {
  it('searches, filters, sorts, shows author pages, and answers "not found" to unknown ids', async () => {
    const author = await seller();
    const buyer = await createTestUser(app);
    const viewer = await createTestUser(app);
    const tag = unique('Zq');
    const free = await publishPrompt(author, { title: `${tag} free sanctions`, topic: 'sanctions-fatf' });
    const cheap = await publishPrompt(author, {
      title: `${tag} cheap kyc`,
      language: 'de',
      price: { currency: 'CHF', amount: 300 },
    });
    const dear = await publishPrompt(author, { title: `${tag} dear kyc`, price: { currency: 'CHF', amount: 500 } });
    const ids = (response: MarketplaceListResponse) => response.listings.map((item) => item.id);
    const sorted = (values: string[]) => [...values].sort();

    // Search matches the title; the other filters narrow it down.
    expect(sorted(ids(await browse(viewer, `q=${tag}`)))).toEqual(sorted([free.id, cheap.id, dear.id]));
    expect(ids(await browse(viewer, `q=${encodeURIComponent(`${tag} cheap`)}`))).toEqual([cheap.id]);
    expect(ids(await browse(viewer, `q=${tag}&price=free`))).toEqual([free.id]);
    expect(sorted(ids(await browse(viewer, `q=${tag}&price=paid`)))).toEqual(sorted([cheap.id, dear.id]));
    expect(ids(await browse(viewer, `q=${tag}&language=de`))).toEqual([cheap.id]);
    expect(ids(await browse(viewer, `q=${tag}&topic=sanctions-fatf`))).toEqual([free.id]);
    expect(ids(await browse(viewer, `q=${tag}&sort=priceLow`))).toEqual([free.id, cheap.id, dear.id]);
    expect(ids(await browse(viewer, `q=${tag}&sort=priceHigh`))).toEqual([dear.id, cheap.id, free.id]);
    expect((await call(viewer, 'GET', `/marketplace/listings?q=${tag}&sort=cheapest`)).statusCode).toBe(400);

    // Ratings: 5 on the free one, 2 on the cheap one.
    await buyFree(buyer, free.id);
    await buyPaid(buyer, cheap.id);
    expect((await review(buyer, free.id, 5)).statusCode).toBe(200);
    expect((await review(buyer, cheap.id, 2)).statusCode).toBe(200);
    expect(ids(await browse(viewer, `q=${tag}&minRating=4`))).toEqual([free.id]);
    expect(sorted(ids(await browse(viewer, `q=${tag}&minRating=2`)))).toEqual(sorted([free.id, cheap.id]));
    expect(ids(await browse(viewer, `q=${tag}&sort=rating`)).slice(0, 2)).toEqual([free.id, cheap.id]);

    // Unknown and malformed ids.
    for (const id of [randomUUID(), 'not-a-uuid']) {
      const missing = await getListing(viewer, id);
      expect(missing.statusCode, id).toBe(404);
      expect(errorOf(missing).code).toBe('LISTING_NOT_FOUND');
      const noAuthor = await call(viewer, 'GET', `/marketplace/authors/${id}`);
      expect(noAuthor.statusCode, id).toBe(404);
      expect(errorOf(noAuthor).code).toBe('AUTHOR_NOT_FOUND');
    }
    // Someone with nothing published has no public page either.
    expect(errorOf(await call(viewer, 'GET', `/marketplace/authors/${buyer.user.id}`)).code).toBe('AUTHOR_NOT_FOUND');

    const profile = await call(author, 'PUT', '/marketplace/profile', { bio: '  AML officer for 12 years.  ' });
    expect(profile.statusCode, profile.body).toBe(200);
    expect(profile.json()).toEqual({ bio: 'AML officer for 12 years.' });
    const page = await call(viewer, 'GET', `/marketplace/authors/${author.user.id}`);
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json<AuthorPage>()).toMatchObject({
      id: author.user.id,
      name: 'Sandra Seller',
      bio: 'AML officer for 12 years.',
      rating: 3.5,
      reviewCount: 2,
      mine: false,
    });
    expect(sorted(page.json<AuthorPage>().listings.map((item) => item.id))).toEqual(
      sorted([free.id, cheap.id, dear.id]),
    );
  });

  it('asks visitors to sign in', async () => {
    const response = await call(null, 'GET', '/marketplace/listings');
    expect(response.statusCode).toBe(401);
    expect((await call(null, 'GET', '/marketplace/licensed-prompts')).statusCode).toBe(401);
  });
});

describe('moderation', () => {
  it('takes reports once, lets admins hide a review or remove a listing, and audits it', async () => {
    const author = await createTestUser(app);
    const buyer = await createTestUser(app);
    const reporter = await createTestUser(app);
    const admin = await createTestUser(app, { role: 'admin' });
    const listed = await publishPrompt(author);
    await buyFree(buyer, listed.id);
    const reviewed = (await review(buyer, listed.id, 1, 'Spam spam spam')).json<ListingDetail>();
    const reviewId = reviewed.reviews[0]!.id;

    const report = () =>
      call(reporter, 'POST', `/marketplace/listings/${listed.id}/reports`, { reviewId, reason: 'Abusive' });
    expect((await report()).statusCode).toBe(204);
    expect((await report()).statusCode).toBe(204);

    const forbidden = await call(reporter, 'GET', '/admin/marketplace');
    expect(forbidden.statusCode).toBe(403);

    const open = (await moderation(admin)).reports.filter((item) => item.listing.id === listed.id);
    expect(open).toHaveLength(1);
    expect(open[0]).toMatchObject({
      listing: { id: listed.id, title: listed.title, status: 'published' },
      review: { id: reviewId, text: 'Spam spam spam', rating: 1 },
      reporter: { id: reporter.user.id },
      reason: 'Abusive',
    });
    const refusedResolve = await call(reporter, 'POST', `/admin/marketplace/reports/${open[0]!.id}/resolve`, {
      action: 'removeReview',
    });
    expect(refusedResolve.statusCode).toBe(403);

    const resolved = await call(admin, 'POST', `/admin/marketplace/reports/${open[0]!.id}/resolve`, {
      action: 'removeReview',
    });
    expect(resolved.statusCode, resolved.body).toBe(204);
    expect(await listing(reporter, listed.id)).toMatchObject({ reviewCount: 0, rating: null, reviews: [] });
    expect((await moderation(admin)).reports.filter((item) => item.listing.id === listed.id)).toEqual([]);

    const audit = await call(admin, 'GET', '/admin/audit-log?action=admin.marketplace_review_removed');
    expect(audit.statusCode, audit.body).toBe(200);
    const entries = audit.json<{ entries: { actorEmail: string; metadata: Record<string, unknown> }[] }>().entries;
    expect(entries.find((entry) => entry.metadata.reviewId === reviewId)).toMatchObject({
      actorEmail: admin.user.email,
      metadata: { reportId: open[0]!.id, listingId: listed.id, reviewId },
    });

    // A report about the listing itself, acted on: the listing is removed.
    const listingReport = await call(reporter, 'POST', `/marketplace/listings/${listed.id}/reports`, {
      reason: 'Copied from a textbook',
    });
    expect(listingReport.statusCode).toBe(204);
    const aboutListing = (await moderation(admin)).reports.find((item) => item.listing.id === listed.id);
    expect(aboutListing).toMatchObject({ review: null, reason: 'Copied from a textbook' });
    const removed = await call(admin, 'POST', `/admin/marketplace/reports/${aboutListing!.id}/resolve`, {
      action: 'removeListing',
    });
    expect(removed.statusCode, removed.body).toBe(204);

    const gone = await getListing(reporter, listed.id);
    expect(gone.statusCode).toBe(404);
    expect(errorOf(gone).code).toBe('LISTING_NOT_FOUND');
    expect((await browse(reporter, `q=${encodeURIComponent(listed.title)}`)).listings).toEqual([]);
    const edit = await call(author, 'PATCH', `/marketplace/listings/${listed.id}`, { status: 'published' });
    expect(edit.statusCode).toBe(409);
    expect(errorOf(edit).code).toBe('LISTING_REMOVED');
    expect((await listing(author, listed.id)).status).toBe('removed');

    const removedAudit = await call(admin, 'GET', '/admin/audit-log?action=admin.marketplace_listing_removed');
    expect(
      removedAudit
        .json<{ entries: { metadata: Record<string, unknown> }[] }>()
        .entries.some((entry) => entry.metadata.listingId === listed.id),
    ).toBe(true);
  });

  it('refunds a paid purchase: the licence ends, and refunding again changes nothing', async () => {
    const author = await seller();
    const buyer = await createTestUser(app);
    const admin = await createTestUser(app, { role: 'admin' });
    const paid = await publishPrompt(author, { price: { currency: 'EUR', amount: 2500 } });
    await buyPaid(buyer, paid.id);
    const itemId = paid.items[0]!.id;
    expect((await licensed(buyer)).map((item) => item.id)).toEqual([itemId]);

    const purchases = (await moderation(admin)).purchases.filter((item) => item.listing.id === paid.id);
    expect(purchases).toHaveLength(1);
    expect(purchases[0]).toMatchObject({
      buyer: { id: buyer.user.id, email: buyer.user.email },
      amount: 2500,
      currency: 'EUR',
      status: 'paid',
    });
    const purchaseId = purchases[0]!.id;

    expect((await call(buyer, 'POST', `/admin/marketplace/purchases/${purchaseId}/refund`)).statusCode).toBe(403);
    const refunded = await call(admin, 'POST', `/admin/marketplace/purchases/${purchaseId}/refund`);
    expect(refunded.statusCode, refunded.body).toBe(204);

    expect(await licensed(buyer)).toEqual([]);
    const revoked = await call(buyer, 'GET', `/marketplace/licensed-prompts/${itemId}`);
    expect(revoked.statusCode).toBe(404);
    expect(await listing(buyer, paid.id)).toMatchObject({ owned: false, buyerCount: 0 });
    expect((await moderation(admin)).purchases.find((item) => item.id === purchaseId)?.status).toBe('refunded');

    const again = await call(admin, 'POST', `/admin/marketplace/purchases/${purchaseId}/refund`);
    expect(again.statusCode, again.body).toBe(204);
    expect((await moderation(admin)).purchases.find((item) => item.id === purchaseId)?.status).toBe('refunded');
    expect(await licensed(buyer)).toEqual([]);

    const audit = await call(admin, 'GET', '/admin/audit-log?action=admin.marketplace_purchase_refunded');
    expect(
      audit
        .json<{ entries: { metadata: Record<string, unknown> }[] }>()
        .entries.filter((entry) => entry.metadata.purchaseId === purchaseId),
    ).toHaveLength(1);
  });
});

describe('taking a listing down without a report', () => {
  it('is for moderators only; the listing leaves the marketplace, its buyers keep their licence', async () => {
    const author = await createTestUser(app);
    const buyer = await createTestUser(app);
    const stranger = await createTestUser(app);
    const admin = await createTestUser(app, { role: 'admin' });
    const free = await publishPrompt(author);
    expect((await purchase(buyer, free.id)).json()).toMatchObject({ status: 'owned' });
    expect((await listing(buyer, free.id)).canModerate).toBe(false);
    expect((await listing(admin, free.id)).canModerate).toBe(true);

    const refused = await call(author, 'POST', `/admin/marketplace/listings/${free.id}/remove`);
    expect(refused.statusCode).toBe(403);
    const removed = await call(admin, 'POST', `/admin/marketplace/listings/${free.id}/remove`);
    expect(removed.statusCode, removed.body).toBe(204);
    expect((await call(admin, 'POST', `/admin/marketplace/listings/${free.id}/remove`)).statusCode).toBe(204);

    expect((await getListing(stranger, free.id)).json().error.code).toBe('LISTING_NOT_FOUND');
    expect((await listing(buyer, free.id)).status).toBe('removed');
    expect((await listing(admin, free.id)).status).toBe('removed');
    expect(await licensed(buyer)).toHaveLength(1);
    const changed = await call(author, 'PATCH', `/marketplace/listings/${free.id}`, { title: 'Back again' });
    expect(changed.json().error.code).toBe('LISTING_REMOVED');
    const unknown = await call(admin, 'POST', '/admin/marketplace/listings/not-a-listing/remove');
    expect(unknown.json().error.code).toBe('LISTING_NOT_FOUND');
  });
});

describe('Stripe: buying a paid listing through the official SDK', () => {
  const secretKey = 'sk_test_marketplace_stand_in';
  const webhookSecret = 'whsec_marketplace_stand_in';
  const publicUrl = 'https://compliance.example.com';
  let stripe: StripeApiStandIn;
  let smtp: Awaited<ReturnType<typeof startTestSmtpServer>>;
  let stripeApp: TestApp;

  beforeAll(async () => {
    stripe = await startStripeApiStandIn({ secretKey, webhookSecret });
    smtp = await startTestSmtpServer();
    stripeApp = await createTestApp({
      env: {
        STRIPE_SECRET_KEY: secretKey,
        STRIPE_WEBHOOK_SECRET: webhookSecret,
        PUBLIC_URL: publicUrl,
        SMTP_URL: smtp.url,
        MAIL_FROM: 'Compliance Assistant <no-reply@example.test>',
      },
      billing: { stripeApi: stripe.api },
    });
  });
  afterAll(async () => {
    await stripeApp.close();
    await stripe.close();
    await smtp.close();
  });

  const on = (user: TestUser | null, method: Method, url: string, payload?: unknown) =>
    stripeApp.inject({ method, url: `/api${url}`, headers: user?.headers ?? {}, ...(payload ? { payload } : {}) });
  const deliver = (event: { payload: string; signature: string }) =>
    stripeApp.inject({
      method: 'POST',
      url: '/api/billing/webhooks/stripe',
      headers: { 'content-type': 'application/json', 'stripe-signature': event.signature },
      payload: event.payload,
    });
  const owned = async (user: TestUser, id: string) =>
    (await on(user, 'GET', `/marketplace/listings/${id}`)).json<ListingDetail>();
  const licences = async (user: TestUser) =>
    (await on(user, 'GET', '/marketplace/licensed-prompts')).json<LicensedPromptList>().prompts;

  it('buys a paid listing through the stripe SDK against a local Stripe API stand-in', async () => {
    // Selling is a plan feature: an admin opens it to the Free plan here (the subscription side of
    // Stripe is billing.test.ts's).
    const admin = await createTestUser(stripeApp, { role: 'admin' });
    const free = (await on(admin, 'GET', '/billing/overview')).json<{ plan: { limits: Record<string, unknown> } }>();
    const opened = await on(admin, 'PATCH', '/admin/plans/free', {
      limits: { ...free.plan.limits, marketplaceSelling: true },
    });
    expect(opened.statusCode, opened.body).toBe(200);

    const author = await createTestUser(stripeApp);
    const buyer = await createTestUser(stripeApp, { language: 'it' });
    const second = await createTestUser(stripeApp);
    const created = await on(author, 'POST', '/prompts', typedPrompt);
    expect(created.statusCode, created.body).toBe(201);
    const published = await on(
      author,
      'POST',
      '/marketplace/listings',
      listingInput(created.json<Prompt>().id, { price: { currency: 'CHF', amount: 1500 } }),
    );
    expect(published.statusCode, published.body).toBe(201);
    const paid = published.json<ListingDetail>();

    // A Checkout Session in payment mode with the listing's price, an idempotency key and return URLs.
    const started = await on(buyer, 'POST', `/marketplace/listings/${paid.id}/purchase`);
    expect(started.statusCode, started.body).toBe(200);
    const result = started.json<PurchaseResult>();
    expect(result.status).toBe('checkout');
    expect(result.checkoutUrl).toMatch(/^https:\/\/checkout\.stripe\.test\/c\/pay\/cs_test_/);
    const sessionId = /\/(cs_test_[^/?]+)$/.exec(result.checkoutUrl!)![1]!;
    const session = stripe.sessions.get(sessionId)!;
    expect(session).toMatchObject({ mode: 'payment', customer_email: buyer.user.email, amount_total: 1500 });
    expect(session.line_items).toEqual([{ quantity: 1, currency: 'chf', unit_amount: 1500, name: paid.title }]);
    expect(session.success_url).toBe(`${publicUrl}/prompt-marketplace/listings/${paid.id}?session_id=${sessionId}`);
    const create = stripe.requests.filter((request) => request.path === '/v1/checkout/sessions');
    expect(create.at(-1)?.idempotencyKey).toMatch(/^payment-/);

    // A double click opens the same session at Stripe.
    const again = await on(buyer, 'POST', `/marketplace/listings/${paid.id}/purchase`);
    expect(again.json<PurchaseResult>()).toEqual(result);
    expect(
      [...stripe.sessions.values()].filter((item) => item.client_reference_id === session.client_reference_id),
    ).toHaveLength(1);

    // Not paid: neither the return page nor an event whose body claims "paid" grants anything.
    expect((await on(buyer, 'POST', '/marketplace/purchases/verify', { sessionId })).json()).toEqual({
      listingId: paid.id,
      status: 'pending',
    });
    const forged = await deliver(
      stripe.signedEvent('checkout.session.completed', { ...session, status: 'complete', payment_status: 'paid' }),
    );
    expect(forged.statusCode, forged.body).toBe(200);
    expect(await licences(buyer)).toEqual([]);
    expect((await owned(buyer, paid.id)).owned).toBe(false);
    // A badly signed event is refused.
    const unsigned = stripe.signedEvent('checkout.session.completed', session);
    // One hex digit changed (to another digit: a signature that already starts with 0 must still break).
    const tampered = unsigned.signature.replace(
      /v1=([0-9a-f])/,
      (_match, digit: string) => `v1=${digit === '0' ? '1' : '0'}`,
    );
    const refused = await deliver({ ...unsigned, signature: tampered });
    expect(refused.statusCode).toBe(400);

    // The customer pays at Stripe; the signed webhook grants the licence, once however often it comes.
    stripe.completePayment(sessionId);
    const event = stripe.signedEvent('checkout.session.completed', stripe.sessions.get(sessionId)!);
    expect((await deliver(event)).json()).toEqual({ received: true, duplicate: false });
    expect((await deliver(event)).json()).toEqual({ received: true, duplicate: true });
    expect(await owned(buyer, paid.id)).toMatchObject({ owned: true, buyerCount: 1 });
    expect((await licences(buyer)).map((item) => item.listingId)).toEqual([paid.id]);
    expect((await on(buyer, 'POST', '/marketplace/purchases/verify', { sessionId })).json()).toEqual({
      listingId: paid.id,
      status: 'paid',
    });
    expect((await on(buyer, 'POST', `/marketplace/listings/${paid.id}/purchase`)).json()).toEqual({
      status: 'owned',
      checkoutUrl: null,
    });

    // Another buyer returns from Stripe before any webhook: the server-side session check grants it.
    const secondStart = (await on(second, 'POST', `/marketplace/listings/${paid.id}/purchase`)).json<PurchaseResult>();
    const secondSession = /\/(cs_test_[^/?]+)$/.exec(secondStart.checkoutUrl!)![1]!;
    expect(secondSession).not.toBe(sessionId);
    stripe.completePayment(secondSession);
    expect((await on(second, 'POST', '/marketplace/purchases/verify', { sessionId: secondSession })).json()).toEqual({
      listingId: paid.id,
      status: 'paid',
    });
    // The late webhook changes nothing more.
    await deliver(stripe.signedEvent('checkout.session.completed', stripe.sessions.get(secondSession)!));
    expect(await owned(second, paid.id)).toMatchObject({ owned: true, buyerCount: 2 });

    // An admin refunds the first purchase: Stripe refunds its PaymentIntent, the licence ends.
    const purchases = (await on(admin, 'GET', '/admin/marketplace')).json<MarketplaceModeration>().purchases;
    const first = purchases.find((item) => item.listing.id === paid.id && item.buyer.id === buyer.user.id)!;
    const refundedResponse = await on(admin, 'POST', `/admin/marketplace/purchases/${first.id}/refund`);
    expect(refundedResponse.statusCode, refundedResponse.body).toBe(204);
    const refunds = [...stripe.refunds.values()];
    expect(refunds).toEqual([
      expect.objectContaining({ payment_intent: stripe.sessions.get(sessionId)!.payment_intent, amount: 1500 }),
    ]);
    expect(stripe.requests.find((request) => request.path === '/v1/refunds')?.idempotencyKey).toMatch(/^refund-/);
    expect(await licences(buyer)).toEqual([]);
    expect(await owned(buyer, paid.id)).toMatchObject({ owned: false, buyerCount: 1 });
    expect((await licences(second)).map((item) => item.listingId)).toEqual([paid.id]);
    // The buyer is told, in their language, over SMTP: the amount and that the licence ended.
    await stripeApp.jobs.runDueJobs();
    const mail = await smtp.waitForMail(buyer.user.email);
    expect(mail.raw.replace(/=\r?\n/g, '')).toContain(`${publicUrl}/prompt-marketplace/listings/${paid.id}`);
    const told = await stripeApp.mail.latestTo(buyer.user.email, 'payment_refunded');
    expect(told).toMatchObject({ status: 'sent', language: 'it', subject: 'Rimborso di 15,00\u00a0CHF' });
    expect(told?.textBody).toContain(`L’accesso acquistato con questo pagamento («${paid.title}») è terminato.`);
    // Refunding again asks Stripe nothing more, and tells the buyer nothing more.
    expect((await on(admin, 'POST', `/admin/marketplace/purchases/${first.id}/refund`)).statusCode).toBe(204);
    expect(stripe.refunds.size).toBe(1);
    await stripeApp.jobs.runDueJobs();
    expect(smtp.messages.filter((message) => message.to.includes(buyer.user.email))).toHaveLength(1);

    // A refund made in Stripe's dashboard ends the licence too. The event is checked against Stripe's
    // own record: a signed event claiming a refund Stripe has not made changes nothing.
    const secondIntent = stripe.sessions.get(secondSession)!.payment_intent!;
    const claimed = await deliver(
      stripe.signedEvent('charge.refunded', { ...stripe.charge(secondIntent), refunded: true }),
    );
    expect(claimed.statusCode, claimed.body).toBe(200);
    expect((await licences(second)).map((item) => item.listingId)).toEqual([paid.id]);
    expect(await stripeApp.mail.latestTo(second.user.email, 'payment_refunded')).toBeFalsy();
    const atStripe = stripe.signedEvent('charge.refunded', stripe.refundAtStripe(secondIntent));
    expect((await deliver(atStripe)).json()).toEqual({ received: true, duplicate: false });
    expect(await licences(second)).toEqual([]);
    expect(await owned(second, paid.id)).toMatchObject({ owned: false, buyerCount: 0 });
    expect((await deliver(atStripe)).json()).toEqual({ received: true, duplicate: true });
    await stripeApp.jobs.runDueJobs();
    await smtp.waitForMail(second.user.email);
    expect((await stripeApp.mail.latestTo(second.user.email, 'payment_refunded'))?.subject).toBe(
      'Refund of CHF\u00a015.00',
    );
  });
});

describe('copies of another author’s listing', () => {
  /** A text of its own for each test (the marketplace is shared by the whole file). */
  function originalText(): string {
    const word = () => randomUUID().replace(/-/g, '').slice(0, 8);
    return (
      `Assess the source of wealth of private banking client ${word()} ${word()} from {{country}}. List the ` +
      `documents that prove each asset, name the red flags of the FATF guidance on wealth management ${word()} ` +
      `${word()}, and finish with a risk rating and the enhanced due diligence steps the relationship manager ` +
      'must take before onboarding.'
    );
  }

  it('refuses the same instructions whatever the case and spacing, and changes nothing', async () => {
    const original = originalText();
    const author = await createTestUser(app);
    const copier = await createTestUser(app);
    const admin = await createTestUser(app, { role: 'admin' });
    const mine = await createPrompt(author, { instructions: original, placeholders: [placeholder('country')] });
    const first = await publish(author, listingInput(mine.id));

    const copied = await createPrompt(copier, {
      instructions: `  ${original.toUpperCase().replace('{{COUNTRY}}', '{{country}}').replaceAll(' ', ' \n\t ')}  `,
      placeholders: [placeholder('country')],
    });
    const refused = await call(copier, 'POST', '/marketplace/listings', listingInput(copied.id));
    expect(refused.statusCode).toBe(409);
    expect(errorOf(refused).code).toBe('LISTING_DUPLICATE');
    expect((await call(copier, 'GET', '/marketplace/my-listings')).json<AuthorListingsResponse>().listings).toEqual([]);
    // The author may publish their own text again (a second listing of it), and the check does not
    // look at listings that are not on sale.
    expect((await call(author, 'POST', '/marketplace/listings', listingInput(mine.id))).statusCode).toBe(201);
    const withdrawn = await call(author, 'PATCH', `/marketplace/listings/${first.id}`, { status: 'unpublished' });
    expect(withdrawn.statusCode).toBe(200);
    expect((await moderation(admin)).reports.filter((item) => item.duplicateOf?.id === first.id)).toEqual([]);

    // Publishing an update of one's own listing with someone else's text is refused too.
    const other = await createPrompt(copier, { instructions: caseInstructions() });
    const own = await publish(copier, listingInput(other.id));
    const stolen = await call(copier, 'PUT', `/prompts/${other.id}`, {
      ...typedPrompt,
      instructions: original,
      placeholders: [placeholder('country')],
    });
    expect(stolen.statusCode, stolen.body).toBe(200);
    const update = await call(copier, 'PATCH', `/marketplace/listings/${own.id}`, { refreshContent: true });
    expect(update.statusCode).toBe(409);
    expect(errorOf(update).code).toBe('LISTING_DUPLICATE');
    expect((await listing(copier, own.id)).version).toBe(1);
  });

  it('publishes a near copy but sends it to the moderation queue, flagged with the listing it repeats', async () => {
    const original = originalText();
    const author = await createTestUser(app, { firstName: 'Olga', lastName: 'Original' });
    const copier = await createTestUser(app);
    const admin = await createTestUser(app, { role: 'admin' });
    const source = await createPrompt(author, { instructions: original, placeholders: [placeholder('country')] });
    const first = await publish(author, listingInput(source.id));

    // One word changed at the end: still more than 90% of the three-word shingles in common.
    const near = await createPrompt(copier, {
      instructions: original.replace('before onboarding.', 'before opening.'),
      placeholders: [placeholder('country')],
    });
    const published = await call(copier, 'POST', '/marketplace/listings', listingInput(near.id));
    expect(published.statusCode, published.body).toBe(201);
    const copy = published.json<ListingDetail>();

    const flags = (await moderation(admin)).reports.filter((item) => item.listing.id === copy.id);
    expect(flags).toHaveLength(1);
    expect(flags[0]).toMatchObject({
      reporter: null,
      review: null,
      duplicateOf: { id: first.id, title: first.title, authorName: 'Olga Original' },
    });
    expect(flags[0]!.duplicateOf!.similarity).toBeGreaterThanOrEqual(90);
    expect(flags[0]!.duplicateOf!.similarity).toBeLessThan(100);

    // The admin removes it from the queue's flag like any report.
    const removed = await call(admin, 'POST', `/admin/marketplace/reports/${flags[0]!.id}/resolve`, {
      action: 'removeListing',
    });
    expect(removed.statusCode, removed.body).toBe(204);
    expect((await listing(admin, copy.id)).status).toBe('removed');

    // A text that only shares the topic is not flagged.
    const different = await createPrompt(copier, {
      instructions:
        'Write a short memo for the board on the source of wealth checks of {{country}} clients this quarter: ' +
        'how many files were reviewed, which were escalated, and what training the team needs next.',
      placeholders: [placeholder('country')],
    });
    const fine = await publish(copier, listingInput(different.id));
    expect((await moderation(admin)).reports.filter((item) => item.listing.id === fine.id)).toEqual([]);
  });
});
