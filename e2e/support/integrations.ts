import type { Page } from '@playwright/test';
import { expect } from './fixtures.ts';

/** A connection's card on the integrations page, by its name. */
export function connectionCard(page: Page, name: string) {
  return page.getByTestId('connection-card').filter({ has: page.getByRole('heading', { level: 3, name }) });
}

/** Opens "Add a connection", picks the tool and returns its form (the dialog "Connect <tool>"). */
export async function openConnectionForm(page: Page, tool: string) {
  await page.getByRole('button', { name: 'Add a connection' }).click();
  await page
    .getByRole('dialog', { name: 'Add a connection' })
    .getByRole('button', { name: new RegExp(`^${tool}`) })
    .click();
  return page.getByRole('dialog', { name: `Connect ${tool}` });
}

/** Saves the form, expects the connection to work, and closes the result. */
export async function saveConnected(page: Page, form: ReturnType<Page['getByRole']>, name: string) {
  await form.getByRole('button', { name: 'Connect and test' }).click();
  const result = page.getByRole('dialog', { name: `“${name}” saved` });
  await expect(result.getByTestId('connection-status')).toHaveText('Connected');
  await result.getByRole('button', { name: 'Done' }).click();
}

/** "Sync now" on a connection's card, until its latest run's counts match. */
export async function syncNow(page: Page, name: string, expected: RegExp) {
  const card = connectionCard(page, name);
  await card.getByRole('button', { name: 'Sync now' }).click();
  await expect(card.getByTestId('latest-run').getByText(expected)).toBeVisible({ timeout: 30_000 });
}
