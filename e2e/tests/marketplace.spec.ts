import type { Browser, Page } from '@playwright/test';
import { createUser, expect, setAuthToken, setLanguage, test, type JourneyUser } from '../support/fixtures.ts';

const api = (user: JourneyUser) => ({ Authorization: `Bearer ${user.token}` });

/** Professional includes marketplace selling: the author buys it through the TEST MODE checkout. */
async function upgradeToProfessional(page: Page, user: JourneyUser) {
  const checkout = await page.request.post('/api/billing/checkout', {
    headers: api(user),
    data: { planId: 'professional', interval: 'month', currency: 'CHF' },
  });
  expect(checkout.ok(), await checkout.text()).toBe(true);
  const { sessionId } = (await checkout.json()) as { sessionId: string };
  const paid = await page.request.post(`/api/billing/test-checkout/${sessionId}/pay`, {
    headers: api(user),
    data: { cardNumber: '4242424242424242' },
  });
  expect(paid.ok(), await paid.text()).toBe(true);
}

/**
 * A category of two prompts with placeholders, made through the API. Returns the category's name.
 * The instructions name the category: the marketplace refuses another author's instructions as they are.
 */
async function seedCategory(page: Page, user: JourneyUser, name: string) {
  const category = await page.request.post('/api/prompt-categories', {
    headers: api(user),
    data: { name, icon: 'shield-check', description: '' },
  });
  expect(category.ok(), await category.text()).toBe(true);
  const { id: categoryId } = (await category.json()) as { id: string };
  const placeholder = { type: 'text', required: true, defaultValue: '', options: [] };
  for (const prompt of [
    {
      title: 'Country risk memo',
      instructions: `SECRET-RECIPE for ${name}: assess the money-laundering risk of a client from {{country}} step by step.`,
      placeholders: [{ ...placeholder, name: 'country', description: 'Country of the client' }],
    },
    {
      title: 'Source of wealth questions',
      instructions: `SECRET-RECIPE for ${name}: list the questions to ask a {{profession}} about their source of wealth.`,
      placeholders: [{ ...placeholder, name: 'profession', description: 'Profession of the client' }],
    },
  ]) {
    const created = await page.request.post('/api/prompts', {
      headers: api(user),
      data: { ...prompt, categoryId, versionMessage: '' },
    });
    expect(created.ok(), await created.text()).toBe(true);
  }
}

/** A second person at another browser: their own context, signed in with their own token. */
async function pageFor(browser: Browser, user: JourneyUser): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await setAuthToken(page, user.token);
  return page;
}

test.describe('prompt marketplace', () => {
  test('an author sells a category; a buyer pays in TEST MODE, uses it, reviews it; the author answers', async ({
    page,
    browser,
  }) => {
    test.setTimeout(120_000);
    const author = await createUser(page, { firstName: 'Anna', lastName: 'Author' });
    await upgradeToProfessional(page, author);
    const category = `KYC kit ${Date.now().toString(36)}`;
    await seedCategory(page, author, category);
    const title = `Client risk starter kit ${Date.now().toString(36)}`;

    // The author publishes the whole category from the library, with a price.
    await setAuthToken(page, author.token);
    await page.goto('/prompt-library');
    await page.getByRole('button', { name: `Actions for the category ${category}` }).click();
    await page.getByRole('menuitem', { name: 'Publish to marketplace' }).click();
    const dialog = page.getByRole('dialog', { name: 'Publish to the marketplace' });
    await dialog.getByRole('button', { name: 'Publish' }).click();
    await expect(dialog.getByText('This field is required').first()).toBeVisible();
    await dialog.getByLabel('Title').fill(title);
    await dialog.getByLabel('Teaser').fill('Two prompts for a first risk assessment of a new client.');
    await dialog.getByLabel('Example output').fill('Risk: medium. Reasons: …');
    await dialog.getByLabel('Price').fill('0.50');
    await dialog.getByRole('button', { name: 'Publish' }).click();
    await expect(dialog.getByText('Enter a price between 1.00 and 1,000.00')).toBeVisible();
    await dialog.getByLabel('Price').fill('12.50');
    await dialog.getByRole('button', { name: 'Publish' }).click();
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'What you get: 2 prompts' })).toBeVisible();
    await expect(page.getByText('{{country}}')).toBeVisible();
    // Nobody reads instructions they have not bought, the author's own page included.
    await expect(page.getByText('SECRET-RECIPE')).toHaveCount(0);

    // The buyer finds it, pays with a declined card, then a good one.
    const buyer = await createUser(page, { firstName: 'Ben', lastName: 'Buyer' });
    const buyerPage = await pageFor(browser, buyer);
    await buyerPage.goto('/prompt-marketplace');
    await buyerPage.getByLabel('Search the marketplace').fill(title);
    await expect(buyerPage).toHaveURL(/q=/);
    await buyerPage.getByRole('link', { name: title }).click();
    await expect(buyerPage.getByText('SECRET-RECIPE')).toHaveCount(0);
    await buyerPage.getByRole('button', { name: 'Buy', exact: true }).click();
    await expect(buyerPage.getByRole('heading', { name: `Pay for ${title}` })).toBeVisible();
    await expect(buyerPage.getByText('one-time purchase', { exact: false })).toBeVisible();
    await buyerPage.getByRole('button', { name: 'Use Card declined' }).click();
    await buyerPage.getByRole('button', { name: /^Pay CHF/ }).click();
    await expect(buyerPage.getByRole('alert')).toHaveText(
      'The card was declined. Nothing was charged. Try another card.',
    );
    await buyerPage.getByRole('button', { name: 'Use Payment succeeds' }).click();
    await buyerPage.getByRole('button', { name: /^Pay CHF/ }).click();
    await expect(buyerPage.getByRole('status').filter({ hasText: 'Payment verified' })).toBeVisible();
    await expect(buyerPage).not.toHaveURL(/session_id/);
    await expect(buyerPage.getByText('This listing is in your library.')).toBeVisible();

    // The licensed copies are in the library, read-only, and fill in like the buyer's own prompts.
    await buyerPage.getByRole('link', { name: 'Open in my prompt library' }).click();
    await expect(buyerPage.getByRole('heading', { level: 2, name: 'Purchased', exact: true })).toBeVisible();
    const cards = buyerPage.getByTestId('licensed-prompt-card');
    await expect(cards).toHaveCount(2);
    await buyerPage.getByRole('button', { name: 'Use Country risk memo' }).click();
    const use = buyerPage.getByRole('dialog');
    await use.getByRole('button', { name: 'Fill in prompt' }).click();
    await expect(use.getByText('This field is required')).toBeVisible();
    await use.getByLabel('Country of the client').fill('Panama');
    await use.getByRole('button', { name: 'Fill in prompt' }).click();
    await expect(use.getByTestId('filled-prompt')).toHaveValue(/client from Panama step by step/);
    await use.getByRole('button', { name: 'Close' }).click();

    // A review by the verified buyer; the author's page shows the rating.
    await buyerPage.getByRole('link', { name: title }).first().click();
    await buyerPage.getByRole('button', { name: 'Publish review' }).click();
    await expect(buyerPage.getByText('Choose a rating from 1 to 5 stars.')).toBeVisible();
    // The stars are the radios' labels: a click on the fourth star chooses 4.
    const fourStars = buyerPage.getByRole('radio', { name: '4 stars' });
    await buyerPage.locator('label').filter({ has: fourStars }).click();
    await expect(fourStars).toBeChecked();
    await buyerPage.getByLabel('Your review (optional)').fill('Clear questions, saved me an hour.');
    await buyerPage.getByRole('button', { name: 'Publish review' }).click();
    await expect(buyerPage.getByTestId('review')).toContainText('Clear questions, saved me an hour.');
    await buyerPage.getByRole('link', { name: 'Anna Author' }).click();
    await expect(buyerPage.getByRole('heading', { level: 1, name: 'Anna Author' })).toBeVisible();
    await expect(buyerPage.getByRole('img', { name: 'Rated 4 out of 5 by 1 buyer' }).first()).toBeVisible();

    // The author answers the review and sees the sale.
    await page.reload();
    await page.getByRole('button', { name: 'Reply' }).click();
    await page.getByLabel('Your reply').fill('Thank you, Ben!');
    await page.getByRole('button', { name: 'Send reply' }).click();
    await expect(page.getByText('Reply from Anna Author')).toBeVisible();
    await page.goto('/prompt-marketplace?tab=mine');
    const mine = page.getByTestId('my-listing').filter({ hasText: title });
    await expect(mine.getByText('CHF 12.50')).toHaveCount(2);

    await buyerPage.context().close();
  });

  test('a report reaches the moderators, and a refund ends the licence', async ({ page, browser }) => {
    test.setTimeout(120_000);
    const author = await createUser(page, { firstName: 'Carla', lastName: 'Author' });
    await seedCategory(page, author, `Free kit ${Date.now().toString(36)}`);
    const categories = await page.request.get('/api/prompt-categories', { headers: api(author) });
    const categoryId = ((await categories.json()) as { categories: { id: string }[] }).categories[0]!.id;
    const title = `Free starter kit ${Date.now().toString(36)}`;
    const published = await page.request.post('/api/marketplace/listings', {
      headers: api(author),
      data: {
        kind: 'category',
        sourceId: categoryId,
        title,
        teaser: 'Free prompts.',
        description: '',
        exampleOutput: '',
        topic: 'aml-kyc',
        language: 'en',
        price: { currency: 'CHF', amount: 0 },
      },
    });
    expect(published.ok(), await published.text()).toBe(true);
    const { id: listingId } = (await published.json()) as { id: string };

    const buyer = await createUser(page, { firstName: 'Dora', lastName: 'Buyer' });
    const buyerPage = await pageFor(browser, buyer);
    await buyerPage.goto(`/prompt-marketplace/listings/${listingId}`);
    await buyerPage.getByRole('button', { name: 'Add to my library for free' }).click();
    await expect(buyerPage.getByText('This listing is in your library.')).toBeVisible();
    await buyerPage.getByRole('button', { name: 'Report' }).click();
    const report = buyerPage.getByRole('dialog', { name: 'Report this listing' });
    await report.getByRole('button', { name: 'Send report' }).click();
    await expect(report.getByText('This field is required')).toBeVisible();
    await report.getByLabel('Reason').fill('Copied from another author.');
    await report.getByRole('button', { name: 'Send report' }).click();
    await expect(buyerPage.getByText('Thank you: the moderators will look at it.')).toBeVisible();

    await createUser(page, { admin: true }).then((admin) => setAuthToken(page, admin.token));
    await page.goto('/admin/marketplace');
    const entry = page.getByTestId('report').filter({ hasText: title });
    await expect(entry).toContainText('Copied from another author.');
    await entry.getByRole('button', { name: 'Dismiss' }).click();
    await expect(page.getByText('Report dismissed.')).toBeVisible();
    await expect(entry).toHaveCount(0);

    const row = page.getByTestId('purchase-row').filter({ hasText: title });
    await row.getByRole('button', { name: 'Refund' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Refund' }).click();
    await expect(row.getByText('Refunded')).toBeVisible();

    await buyerPage.goto('/prompt-library?category=purchased');
    await expect(buyerPage.getByText('No purchased prompts')).toBeVisible();

    // A moderator can also take a listing down from its page.
    await page.goto(`/prompt-marketplace/listings/${listingId}`);
    await page.getByRole('button', { name: 'Remove the listing' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Remove the listing' }).click();
    await expect(page.getByText('Removed by a moderator')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Remove the listing' })).toHaveCount(0);
    await buyerPage.context().close();
  });

  test('a near copy of another author’s listing reaches the moderators flagged; an exact copy is refused', async ({
    page,
  }) => {
    const stamp = Date.now().toString(36);
    const instructions =
      `Case ${stamp}: assess the source of wealth of a private banking client from {{country}}, list the documents ` +
      'that prove each asset, name the red flags and finish with a risk rating and the next due diligence steps.';
    const publishText = async (user: JourneyUser, text: string, title: string) => {
      const prompt = await page.request.post('/api/prompts', {
        headers: api(user),
        data: {
          title,
          instructions: text,
          categoryId: null,
          versionMessage: '',
          placeholders: [
            { name: 'country', description: 'Country', type: 'text', required: true, defaultValue: '', options: [] },
          ],
        },
      });
      expect(prompt.ok(), await prompt.text()).toBe(true);
      const { id } = (await prompt.json()) as { id: string };
      return page.request.post('/api/marketplace/listings', {
        headers: api(user),
        data: {
          kind: 'prompt',
          sourceId: id,
          title,
          teaser: 'Source of wealth.',
          description: '',
          exampleOutput: '',
          topic: 'aml-kyc',
          language: 'en',
          price: { currency: 'CHF', amount: 0 },
        },
      });
    };
    const original = await createUser(page, { firstName: 'Olga', lastName: 'Original' });
    const originalTitle = `Source of wealth ${stamp}`;
    expect((await publishText(original, instructions, originalTitle)).ok()).toBe(true);

    const copier = await createUser(page, { firstName: 'Carl', lastName: 'Copier' });
    const exact = await publishText(
      copier,
      instructions.toUpperCase().replace('{{COUNTRY}}', '{{country}}'),
      `Copy ${stamp}`,
    );
    expect(exact.status()).toBe(409);
    expect(((await exact.json()) as { error: { code: string } }).error.code).toBe('LISTING_DUPLICATE');
    const nearTitle = `Near copy ${stamp}`;
    const near = await publishText(copier, instructions.replace('diligence steps.', 'diligence measures.'), nearTitle);
    expect(near.ok(), await near.text()).toBe(true);

    await createUser(page, { admin: true }).then((admin) => setAuthToken(page, admin.token));
    await page.goto('/admin/marketplace');
    const entry = page.getByTestId('report').filter({ hasText: nearTitle });
    await expect(entry).toContainText('Possible copy');
    await expect(entry).toContainText('Flagged by the automatic check');
    await expect(entry.getByTestId('duplicate-of')).toContainText(
      /The instructions are \d+% the same as those of a listing by Olga Original:/,
    );
    await expect(entry.getByRole('link', { name: originalTitle })).toBeVisible();
    await entry.getByRole('button', { name: 'Remove the listing' }).click();
    await expect(page.getByText('Listing removed.')).toBeVisible();
    await expect(entry).toHaveCount(0);
  });

  test.describe('in four languages', () => {
    test.use({ allowedConsoleErrors: /status of 404/ });
    for (const [language, heading, browse, mine] of [
      ['de', 'Prompt-Marktplatz', 'Entdecken', 'Ihre Angebote'],
      ['fr', 'Place de marché des prompts', 'Parcourir', 'Vos annonces'],
      ['it', 'Marketplace di prompt', 'Esplorare', 'Le Sue inserzioni'],
    ] as const) {
      test(`the marketplace speaks ${language}`, async ({ page }) => {
        // The unknown author's page answers 404, which the browser logs.
        const user = await createUser(page);
        await setLanguage(page, language);
        await setAuthToken(page, user.token);
        await page.goto('/prompt-marketplace');
        await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
        await expect(page.getByRole('tab', { name: browse })).toHaveAttribute('aria-selected', 'true');
        await page.getByRole('tab', { name: mine }).click();
        await expect(page.getByRole('tab', { name: mine })).toHaveAttribute('aria-selected', 'true');
        await page.goto('/prompt-marketplace/author/00000000-0000-4000-8000-000000000000');
        await expect(page.getByRole('alert')).toBeVisible();
      });
    }
  });
});
