import { expect, test, signInAsNewUser } from '../support/fixtures.ts';

// What the answers issue promises a user: a list question names the whole list from the FATF data,
// and a question outside the knowledge base gets a refusal that says what it covers — no citations.

test.describe('answers', () => {
  test('a grey-list question names every grey-listed jurisdiction, cited to the FATF data', async ({ page }) => {
    await signInAsNewUser(page);
    const listed = (
      (await (await page.request.get('/api/countries')).json()) as {
        countries: { names: { en: string }; status: string }[];
      }
    ).countries.filter((country) => country.status === 'grey');
    expect(listed.length).toBeGreaterThan(5);

    await page.goto('/chat');
    await page.getByLabel('Your question').fill('Which countries are on the FATF grey list?');
    await page.getByRole('button', { name: 'Send' }).click();
    const answer = page.locator('li[data-role="assistant"]').last();
    await expect(answer).toHaveAttribute('data-status', 'complete', { timeout: 15_000 });
    for (const country of listed) await expect(answer).toContainText(country.names.en);
    await expect(answer).toContainText(`${listed.length} jurisdictions`);
    await expect(answer.getByRole('link', { name: /FATF lists/ })).toHaveAttribute('href', '/fatf/countries');
  });

  test('a question about another jurisdiction is refused, saying what the knowledge base covers', async ({ page }) => {
    await signInAsNewUser(page);
    await page.goto('/chat');
    await page.getByLabel('Your question').fill("What are the FCA's rules on client money for UK investment firms?");
    await page.getByRole('button', { name: 'Send' }).click();
    const answer = page.locator('li[data-role="assistant"]').last();
    await expect(answer).toHaveAttribute('data-status', 'complete', { timeout: 15_000 });
    await expect(answer).toContainText('rules the knowledge base does not cover');
    await expect(answer).toContainText('Swiss financial-market regulation');
    await expect(answer.getByRole('heading', { name: 'Sources' })).toHaveCount(0);
  });
});
