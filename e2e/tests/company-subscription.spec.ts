import { spawn, type ChildProcess } from 'node:child_process';
import type { Browser, Page } from '@playwright/test';
import { codeFrom } from '../support/accounts-server.ts';
import { invitationPathFor, mailboxFileFor, mailsTo as mailsInBox } from '../support/mailbox.ts';
import { expect, test } from '../support/fixtures.ts';
import { baseURL } from '../playwright.config.ts';

// Issue 15's whole journey, through the screens only: a new user signs up, onboards a company,
// buys Team with 3 seats, invites a colleague (who accepts from the e-mail link in a browser of
// their own), sees the plan's limits on the dashboard, hits the seat limit, adds a seat, cancels at
// period end and resumes. It runs twice: on the built-in TEST MODE checkout, and in Stripe mode —
// the server's `stripe` SDK and webhook verification against a local stand-in for Stripe.
// The admin's second tab makes the server refuse an invitation (409) on purpose.
test.use({ allowedConsoleErrors: /Failed to load resource: the server responded with a status of 409/ });

/** Where the running journey's server delivers its mail. */
let mailbox = mailboxFileFor(new URL(baseURL).port);
const mailsTo = (address: string) => mailsInBox(address, mailbox);

const PASSWORD = 'company journey password 1';
let addresses = 0;
const newAddress = (who: string) => {
  addresses += 1;
  return `${who}-${Date.now().toString(36)}-${process.pid}-${addresses}@example.test`;
};

/** The verification code mailed to `address` (not its invitation). */
async function verificationCodeFor(address: string): Promise<string> {
  let code = '';
  await expect
    .poll(
      () => {
        const mail = mailsTo(address).find((message) => !message.raw.includes('invitations/accept'));
        code = mail ? codeFrom(mail.raw) : '';
        return code;
      },
      { timeout: 20_000 },
    )
    .not.toBe('');
  return code;
}

/** The sign-up form, then the code from the e-mail. */
async function signUp(page: Page, person: { firstName: string; lastName: string; email: string; company: string }) {
  await page.getByLabel('Firstname').fill(person.firstName);
  await page.getByLabel('Lastname').fill(person.lastName);
  await page.getByLabel('E-mail').fill(person.email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Password confirmation').fill(PASSWORD);
  await page.getByLabel('Company name').fill(person.company);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/verify-email/);
  await page.getByLabel('Verification code').fill(await verificationCodeFor(person.email));
  await page.getByRole('button', { name: 'Confirm', exact: true }).click();
}

/** Someone without an account opens the invitation link in a browser of their own, signs up and joins. */
async function acceptAsNewcomer(browser: Browser, email: string, firstName: string, lastName: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(await invitationPathFor(email, mailbox));
  await page.getByRole('link', { name: 'Create an account' }).click();
  await signUp(page, { firstName, lastName, email, company: 'Keller Compliance' });
  await expect(page).toHaveURL(/\/invitations\/accept\?token=/);
  await expect(page.getByText('Anna Keller invites you to join Keller Compliance.')).toBeVisible();
  await page.getByRole('button', { name: 'Join Keller Compliance' }).click();
  await expect(page).toHaveURL(/\/onboarding\/company$/);
  await expect(
    page.getByText('You are a member of Keller Compliance. Its administrator manages the company.'),
  ).toBeVisible();
  // A member holds the company's plan but does not manage it.
  await page.goto('/dashboard');
  await expect(page.getByRole('region', { name: 'Plan and usage' }).getByText('Plan: Team')).toBeVisible();
  await page.goto('/subscription');
  await expect(page.getByText('Your company’s administrator manages the subscription.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Choose Team' })).toHaveCount(0);
  await context.close();
}

/** Pays the open checkout and waits for the verified payment. */
type Pay = (page: Page, seats: number, change: 'new' | 'change') => Promise<void>;

/** The TEST MODE checkout, with the card that succeeds. */
const payWithSuccessCard: Pay = async (page, seats) => {
  await expect(page.getByRole('heading', { level: 1, name: 'Pay for Team' })).toBeVisible();
  await expect(
    page.getByText('This is the built-in test checkout. No real card is charged and no money moves.'),
  ).toBeVisible();
  await expect(page.getByText(`${seats} seats`, { exact: false })).toBeVisible();
  await page.getByRole('button', { name: 'Use Payment succeeds' }).click();
  await expect(page.getByRole('textbox', { name: 'Card number' })).toHaveValue('4242 4242 4242 4242');
  await page.getByRole('button', { name: /^Pay CHF/ }).click();
  await expect(page).toHaveURL(/\/subscription\/success\?session_id=cs_test_/);
  await expect(page.getByText('Payment verified: you are now on Team.')).toBeVisible();
};

/** Stripe's hosted Checkout page (the stand-in's): Stripe posts signed webhooks, then returns to the app. */
const payOnStripe: Pay = async (page, seats, change) => {
  if (change === 'change') {
    // A change of the running subscription: Stripe charges the saved card for the prorated
    // difference, and the app applies it when Stripe's signed events arrive.
    await expect(page).toHaveURL(/\/subscription\/success\?session_id=/);
    await expect(page.getByText('Payment verified: you are now on Team.')).toBeVisible();
    return;
  }
  await expect(page).toHaveURL(/^http:\/\/127\.0\.0\.1:\d+\/c\/pay\/cs_test_/);
  await expect(page.getByRole('heading', { level: 1, name: 'Stripe Checkout (stand-in)' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Items' })).toContainText(`${seats} × Team`);
  await page.getByRole('button', { name: 'Pay' }).click();
  await expect(page).toHaveURL(/\/subscription\/success\?session_id=cs_test_/);
  await expect(page.getByText('Payment verified: you are now on Team.')).toBeVisible();
};

async function companyJourney(page: Page, browser: Browser, pay: Pay, paymentsNote: string | null) {
  const adminEmail = newAddress('anna');

  // Sign-up with the code from the e-mail.
  await page.goto('/signup');
  await signUp(page, { firstName: 'Anna', lastName: 'Keller', email: adminEmail, company: 'Keller Compliance' });
  await expect(page).toHaveURL(/\/dashboard$/);
  const usage = page.getByRole('region', { name: 'Plan and usage' });
  await expect(usage.getByText('Plan: Free')).toBeVisible();

  // Onboarding: the user, then the company.
  await page.goto('/onboarding/user');
  await expect(page.getByRole('textbox', { name: 'First name' })).toHaveValue('Anna');
  await page.getByRole('combobox', { name: 'Your role' }).selectOption({ label: 'Compliance officer' });
  await page.getByRole('checkbox', { name: 'Swiss anti-money laundering (AMLA)' }).check();
  await page.getByRole('button', { name: 'Save and continue' }).click();
  await expect(page).toHaveURL(/\/onboarding\/company$/);

  await page.getByRole('textbox', { name: 'Company name' }).fill('Keller Compliance');
  await page.getByRole('textbox', { name: 'Legal name' }).fill('Keller Compliance AG');
  await page.getByRole('textbox', { name: 'Street and number' }).fill('Bahnhofstrasse 10');
  await page.getByRole('textbox', { name: 'Postcode' }).fill('8001');
  await page.getByRole('textbox', { name: 'City' }).fill('Zürich');
  await page.getByRole('textbox', { name: 'Swiss company number (UID)' }).fill('CHE-116.281.710');
  await page.getByRole('combobox', { name: 'Type of company' }).selectOption({ label: 'Asset manager' });
  await page
    .getByRole('combobox', { name: 'Supervisor or self-regulatory organisation' })
    .selectOption({ label: 'FINMA' });
  await page.getByRole('combobox', { name: 'Number of employees' }).selectOption({ label: '2–10' });
  await expect(page.getByRole('combobox', { name: 'Your role in the company' })).toHaveValue('compliance-officer');
  await page.getByRole('button', { name: 'Save and continue' }).click();

  // Team, yearly, 3 seats, through the checkout.
  await expect(page).toHaveURL(/\/subscription$/);
  const testModeNote = page.getByText('Payments run in TEST MODE: no card is charged.');
  if (paymentsNote) await expect(testModeNote).toBeVisible();
  else await expect(testModeNote).toHaveCount(0);
  await page.getByText('Yearly', { exact: true }).click();
  await expect(page.getByRole('radio', { name: 'Yearly' })).toBeChecked();
  const team = page.getByRole('article', { name: 'Team' });
  await expect(team.getByText('Up to 250 seats for your team')).toBeVisible();
  const seats = team.getByRole('spinbutton', { name: 'Seats' });
  await seats.fill('3');
  await expect(team.getByText(/^Total: CHF\s?750/)).toBeVisible();
  await team.getByRole('button', { name: 'Choose Team' }).click();
  await pay(page, 3, 'new');
  await expect(page.getByText(/^Your plan renews on /)).toBeVisible();

  // A colleague, invited from the company page, accepts from the e-mail in a browser of their own.
  await page.getByRole('link', { name: 'Invite your colleagues' }).click();
  await expect(page).toHaveURL(/\/onboarding\/company$/);
  await expect(page.getByText('1 of 3 seats used')).toBeVisible();
  const colleague = newAddress('luca');
  const email = page.getByRole('textbox', { name: 'Colleague’s e-mail address' });
  await email.fill(colleague);
  await page.getByRole('button', { name: 'Invite', exact: true }).click();
  await expect(page.getByText(`An invitation was sent to ${colleague}.`)).toBeVisible();
  await expect(page.getByRole('list', { name: 'Pending invitations' })).toContainText(colleague);
  await expect(page.getByText('2 of 3 seats used')).toBeVisible();
  await acceptAsNewcomer(browser, colleague, 'Luca', 'Bernasconi');
  await page.reload();
  await expect(page.getByRole('list', { name: 'Members of the company' })).toContainText(colleague);
  await expect(page.getByRole('list', { name: 'Pending invitations' })).toHaveCount(0);

  // The dashboard shows Team and its limits.
  await page.goto('/dashboard');
  await expect(usage.getByText('Plan: Team')).toBeVisible();
  await expect(usage.getByRole('progressbar', { name: 'Storage' })).toHaveAttribute('aria-valuetext', /of 10 GB$/);
  await expect(usage.getByRole('progressbar', { name: 'AI tokens this month' })).toHaveAttribute(
    'aria-valuetext',
    /of 5,000,000$/,
  );
  await expect(usage.getByRole('progressbar', { name: 'Seats' })).toHaveAttribute('aria-valuetext', '2 of 3');

  // The seat limit: the company page, left open, still offers the form when a second tab takes the
  // last seat; the server refuses the invitation and the page says why.
  await page.goto('/onboarding/company');
  await expect(page.getByText('2 of 3 seats used')).toBeVisible();
  const secondTab = await page.context().newPage();
  await secondTab.goto('/onboarding/company');
  const third = newAddress('marta');
  await secondTab.getByRole('textbox', { name: 'Colleague’s e-mail address' }).fill(third);
  await secondTab.getByRole('button', { name: 'Invite', exact: true }).click();
  await expect(secondTab.getByText('3 of 3 seats used')).toBeVisible();
  await expect(
    secondTab.getByText(
      'All seats are taken (pending invitations count too). Add seats to your Team plan to invite more colleagues.',
    ),
  ).toBeVisible();
  await expect(secondTab.getByRole('textbox', { name: 'Colleague’s e-mail address' })).toHaveCount(0);
  await secondTab.close();

  const fourth = newAddress('nora');
  await email.fill(fourth);
  await page.getByRole('button', { name: 'Invite', exact: true }).click();
  await expect(page.getByText('All seats of your plan are taken. Add seats to invite more colleagues.')).toBeVisible();
  await page.reload();
  await expect(page.getByText('3 of 3 seats used')).toBeVisible();
  await expect(page.getByRole('list', { name: 'Pending invitations' })).not.toContainText(fourth);
  expect(mailsTo(fourth)).toEqual([]);

  // More seats: the running subscription changes to 4, the prorated difference charged now.
  await page.getByRole('link', { name: 'Add seats' }).click();
  await expect(page).toHaveURL(/\/subscription$/);
  await expect(page.getByRole('radio', { name: 'Yearly' })).toBeChecked();
  await expect(team.getByText('Current plan')).toBeVisible();
  await expect(seats).toHaveValue('3');
  await seats.fill('4');
  await expect(team.getByText(/^Total: CHF\s?1,000/)).toBeVisible();
  await team.getByRole('button', { name: 'Choose Team' }).click();
  await pay(page, 4, 'change');
  await page.getByRole('link', { name: 'Invite your colleagues' }).click();
  await expect(page.getByText('3 of 4 seats used')).toBeVisible();
  await email.fill(fourth);
  await page.getByRole('button', { name: 'Invite', exact: true }).click();
  await expect(page.getByText(`An invitation was sent to ${fourth}.`)).toBeVisible();
  await expect(page.getByText('4 of 4 seats used')).toBeVisible();
  // Two members and two open invitations: an invitation holds its seat on the dashboard too.
  await page.goto('/dashboard');
  await expect(usage.getByRole('progressbar', { name: 'Seats' })).toHaveAttribute('aria-valuetext', '4 of 4');

  // Cancel at the end of the period: the plan holds until the date it would have renewed; then resume.
  await usage.getByRole('link', { name: 'Manage plan' }).click();
  const renews = page.getByText(/^Renews on .+\.$/);
  await expect(renews).toBeVisible();
  const date = /^Renews on (.+)\.$/.exec((await renews.textContent()) ?? '')?.[1] ?? '';
  expect(date).not.toBe('');
  await page.getByRole('button', { name: 'Cancel at the end of the period' }).click();
  const dialog = page.getByRole('dialog', { name: 'Cancel your subscription?' });
  await expect(dialog).toContainText(`Your plan stays active until ${date}.`);
  await dialog.getByRole('button', { name: 'Cancel at period end' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByText(`Your subscription ends on ${date}.`)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Cancel at the end of the period' })).toHaveCount(0);
  await page.goto('/dashboard');
  await expect(usage.getByText('Plan: Team')).toBeVisible();

  await usage.getByRole('link', { name: 'Manage plan' }).click();
  await expect(page.getByText(`Your subscription ends on ${date}.`)).toBeVisible();
  await page.getByRole('button', { name: 'Resume subscription' }).click();
  await expect(page.getByText(`Your subscription renews again on ${date}.`)).toBeVisible();
  await expect(page.getByText(`Renews on ${date}.`)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Cancel at the end of the period' })).toBeVisible();
}

test('a new user signs up, onboards a company, buys Team, invites a colleague, hits the seat limit, adds a seat and cancels at period end', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  await companyJourney(page, browser, payWithSuccessCard, 'TEST MODE');
});

test.describe('in Stripe mode, against a local Stripe stand-in', () => {
  // A server of its own, started with the Stripe variables (support/start-server.ts, E2E_PAYMENTS=stripe).
  const port = Number(new URL(baseURL).port) + 1;
  const stripeModeURL = `http://127.0.0.1:${port}`;
  let server: ChildProcess | undefined;
  test.use({ baseURL: stripeModeURL });

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    server = spawn(process.execPath, ['support/start-server.ts'], {
      cwd: new URL('..', import.meta.url),
      env: { ...process.env, E2E_PORT: String(port), E2E_PAYMENTS: 'stripe' },
      stdio: 'inherit',
    });
    await expect
      .poll(async () => (await fetch(`${stripeModeURL}/api/ready`).catch(() => null))?.status ?? 0, {
        timeout: 110_000,
      })
      .toBe(200);
    mailbox = mailboxFileFor(port);
  });
  test.afterAll(async () => {
    mailbox = mailboxFileFor(new URL(baseURL).port);
    if (!server || server.exitCode !== null) return;
    const exited = new Promise((resolve) => server!.once('exit', resolve));
    server.kill('SIGTERM');
    await exited;
  });

  test('the same journey pays through the stripe SDK and signed webhooks', async ({ page, browser }) => {
    test.setTimeout(180_000);
    await companyJourney(page, browser, payOnStripe, null);
  });
});
