import {
  dokuwikiAvailable,
  dokuwikiInstallCommand,
  startDokuwiki,
  type DokuwikiServer,
} from '../../apps/server/test/helpers/dokuwiki.ts';
import { expect, setAuthToken, test } from '../support/fixtures.ts';
import { openConnectionForm, saveConnected, syncNow } from '../support/integrations.ts';

// A real DokuWiki from Debian (PHP's built-in server), installed by .ci/run, on a loopback port. The
// journeys' server lets connections reach this machine (support/start-server.ts).
if (process.env.CI && !dokuwikiAvailable())
  throw new Error(`The wiki journey needs DokuWiki: ${dokuwikiInstallCommand}`);

let wiki: DokuwikiServer;
test.beforeAll(async () => {
  if (dokuwikiAvailable()) wiki = await startDokuwiki();
});
test.afterAll(async () => {
  await wiki?.stop();
});

test.describe('a DokuWiki namespace in the knowledge base (real DokuWiki)', () => {
  test.skip(() => !dokuwikiAvailable(), `DokuWiki is not installed: ${dokuwikiInstallCommand}`);
  test.use({ viewport: { width: 1280, height: 900 } });

  test('an admin imports a wiki’s pages into a knowledge-base branch, and answers cite the page and its version', async ({
    page,
  }) => {
    const namespace = `handbook${Date.now().toString(36)}`;
    await wiki.putPage(
      `${namespace}:onboarding`,
      '====== Korrin Bank client onboarding ======\n\nAt Korrin Bank, the Form K declaration of the beneficial owner is collected before the account is opened.\n',
    );
    await setAuthToken(page);
    await page.goto('/admin/integrations');
    const form = await openConnectionForm(page, 'DokuWiki');
    const name = `Korrin handbook ${namespace.slice(-4)}`;
    await form.getByLabel('Name', { exact: true }).fill(name);
    await form.getByLabel('Wiki address').fill(wiki.url);
    await form.getByLabel('User name').fill(wiki.username);
    await form.getByLabel('Password').fill(wiki.password);
    await form.getByLabel('Namespace').fill(namespace);
    const branch = form.getByRole('group', { name: 'Knowledge-base branch' });
    await branch.getByLabel('Regulatory function').selectOption({ index: 1 });
    await branch.getByLabel('Resource type').selectOption({ index: 1 });
    await saveConnected(page, form, name);
    await syncNow(page, name, /1 added/);

    // Everyone's answers now draw on the page, and name the wiki page and its version.
    await page.goto('/chat');
    await page
      .getByLabel('Your question')
      .fill('Which declaration does Korrin Bank collect before opening an account?');
    await page.getByRole('button', { name: 'Send' }).click();
    const answer = page.locator('li[data-role="assistant"]').last();
    await expect(answer).toHaveAttribute('data-status', 'complete', { timeout: 20_000 });
    await expect(answer).toContainText('Form K');
    await expect(answer.getByTestId('document-origin').first()).toHaveText(
      new RegExp(`^Synced from “${name}”: onboarding\\.html, version 1 of `),
    );
  });
});
