import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { apacheAvailable, startApacheWebdav, type WebdavServer } from '../../apps/server/test/helpers/apache-webdav.ts';
import { expect, signInAsNewUser, test } from '../support/fixtures.ts';
import { openConnectionForm, saveConnected, syncNow } from '../support/integrations.ts';

// A real WebDAV server: Apache with mod_dav from Debian (installed by .ci/run), on a loopback port. The
// journeys' server lets connections reach this machine (support/start-server.ts).
if (process.env.CI && !apacheAvailable()) throw new Error('The sync journey needs Apache: apt-get install apache2');

let webdav: WebdavServer;
test.beforeAll(async () => {
  if (apacheAvailable()) webdav = await startApacheWebdav();
});
test.afterAll(async () => {
  await webdav?.stop();
});

/** Writes a file into the served folder, as the remote's own users would. */
function putRemote(relative: string, content: string): void {
  const target = path.join(webdav.root, relative);
  for (let dir = path.dirname(target); dir.startsWith(webdav.root) && dir !== webdav.root; dir = path.dirname(dir)) {
    fs.mkdirSync(dir, { recursive: true });
    fs.chmodSync(dir, 0o777);
  }
  fs.writeFileSync(target, content);
  fs.chmodSync(target, 0o666);
}

async function ask(page: Page, question: string) {
  await page.goto('/chat');
  await page.getByLabel('Your question').fill(question);
  await page.getByRole('button', { name: 'Send' }).click();
  const answer = page.locator('li[data-role="assistant"]').last();
  await expect(answer).toHaveAttribute('data-status', 'complete', { timeout: 20_000 });
  return answer;
}

test.describe('a synced WebDAV folder (real Apache mod_dav)', () => {
  test.skip(() => !apacheAvailable(), 'Apache is not installed: apt-get install apache2');
  test.use({ viewport: { width: 1280, height: 900 } });

  test('files appear in the library, answers cite the remote file, and a changed file is cited as its new version', async ({
    page,
  }) => {
    const folder = `policies-${Date.now().toString(36)}`;
    putRemote(
      `${folder}/zephyr-aml-policy.md`,
      '# Zephyr Bank AML policy\n\nAt Zephyr Bank, clients from high-risk countries need enhanced due diligence approved by the head of compliance.\n',
    );
    await signInAsNewUser(page);

    // Connect the folder through the settings screen.
    await page.goto('/settings/integrations');
    const form = await openConnectionForm(page, 'WebDAV storage');
    await form.getByLabel('Name', { exact: true }).fill('Zephyr share');
    await form.getByLabel('Server address (WebDAV)').fill(webdav.url);
    await form.getByLabel('User name').fill(webdav.username);
    await form.getByLabel('Folder').fill(`/${folder}`);
    await form.getByLabel('Password').fill(webdav.password);
    await saveConnected(page, form, 'Zephyr share');
    await syncNow(page, 'Zephyr share', /1 added/);

    // The file is in the library, in the connection's folder, and says where it comes from.
    await page.goto('/documents');
    await page.getByRole('link', { name: 'Zephyr share' }).click();
    await expect(page.getByText('zephyr-aml-policy.md')).toBeVisible();

    // An answer cites it by its remote path and version.
    const first = await ask(page, 'Who approves enhanced due diligence at Zephyr Bank?');
    const origin = first.getByTestId('document-origin').filter({ hasText: 'zephyr-aml-policy.md' }).first();
    await expect(origin).toHaveText(/^Synced from “Zephyr share”: zephyr-aml-policy\.md, version 1 of /);
    await expect(page).toHaveURL(/\/chat\?c=[0-9a-f-]{36}/);
    const firstConversation = page.url();

    // The remote file changes; the next sync brings the new version, and a new answer cites it.
    putRemote(
      `${folder}/zephyr-aml-policy.md`,
      '# Zephyr Bank AML policy, revised\n\nAt Zephyr Bank, politically exposed persons are approved by the board risk committee.\n',
    );
    await page.goto('/settings/integrations');
    await syncNow(page, 'Zephyr share', /1 updated/);
    const second = await ask(page, 'Who approves politically exposed persons at Zephyr Bank?');
    await expect(second).toContainText('board risk committee');
    await expect(second.getByTestId('document-origin').filter({ hasText: 'zephyr-aml-policy.md' }).first()).toHaveText(
      /version 2 of /,
    );

    // The first answer still names the version it quoted; opening it says a newer one exists.
    await page.goto(firstConversation);
    const earlier = page.locator('li[data-role="assistant"]').last();
    await expect(earlier.getByTestId('document-origin').first()).toHaveText(/version 1 of /);
    await earlier.locator('button[data-citation-source]').filter({ hasText: 'zephyr-aml-policy.md' }).first().click();
    const viewer = page.getByRole('complementary', { name: 'zephyr-aml-policy.md' });
    await expect(viewer.getByRole('note')).toHaveText(
      'A newer version (version 2) has been synced since this answer quoted version 1. The text below is the current version.',
    );
  });
});
