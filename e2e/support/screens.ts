import { readFileSync } from 'node:fs';
import type { APIRequestContext, Page } from '@playwright/test';
import type { CourseContent } from '@compliance/shared/courses';
import { fillIds, resolveSampleIds, routeTable } from '../tests/routes.ts';
import { expect } from './fixtures.ts';

/** One screen of the product: a name for reports and screenshot files, and the path that opens it. */
export interface Screen {
  name: string;
  path: string;
  /** The screen is a dialog over another (the page's own heading is then hidden from the reader). */
  dialog?: boolean;
  /** For the routes of SPEC's route table: the layout the route renders in. */
  layout?: string;
}

const courseSlug = 'swiss-aml-duties';
const course = JSON.parse(
  readFileSync(new URL(`../../content/courses/${courseSlug}.json`, import.meta.url), 'utf8'),
) as CourseContent;

async function ok<T>(response: Awaited<ReturnType<APIRequestContext['get']>>): Promise<T> {
  expect(response.ok(), `${response.url()}: ${await response.text()}`).toBe(true);
  return (await response.json()) as T;
}

/**
 * Every screen a user can reach, each with real content where it shows content: the SPEC route
 * table plus the screens behind ids (a conversation, a listing, a lesson, an essay, a checkout…).
 * `token` must be an admin's (the admin screens are part of the list). Records are made through
 * the API, the way the screens' own forms would make them.
 */
export async function everyScreen(page: Page, token: string): Promise<Screen[]> {
  const request = page.request;
  const headers = { authorization: `Bearer ${token}` };
  const ids = await resolveSampleIds(request, token);
  const unique = Date.now().toString(36);

  // A conversation with an answer from the offline engine (the stream ends with `done`).
  const { assistants } = await ok<{ assistants: { id: string }[] }>(await request.get('/api/assistants', { headers }));
  const stream = await request.post('/api/chat/conversations', {
    headers,
    data: { assistantId: assistants[0]!.id, content: 'Which countries are on the FATF grey list?' },
  });
  const events = await stream.text();
  expect(events, 'the answer stream').toContain('event: done');
  const conversationId = /"conversationId":"([^"]+)"/.exec(events)?.[1] ?? '';

  // A document in the library, shown in the viewer.
  const upload = await ok<{ file: { id: string } }>(
    await request.post('/api/documents/files', {
      headers,
      multipart: {
        file: {
          name: `Onboarding checklist ${unique}.txt`,
          mimeType: 'text/plain',
          buffer: Buffer.from(
            'Client onboarding checklist\n\nIdentify the contracting party and the beneficial owner.\n',
          ),
        },
      },
    }),
  );

  // A prompt in the library, published as a free listing: its page and its author's page.
  const prompt = await ok<{ id: string }>(
    await request.post('/api/prompts', {
      headers,
      data: {
        title: `Country risk note ${unique}`,
        // Each run's author writes their own text: the marketplace refuses a copy of another author's.
        instructions: `Summarise the money-laundering risk of {{country}} for client file ${unique}, with sources.`,
        categoryId: null,
        versionMessage: '',
        placeholders: [
          {
            name: 'country',
            description: 'The client’s country',
            type: 'country',
            required: true,
            defaultValue: '',
            options: [],
          },
        ],
      },
    }),
  );
  const listing = await ok<{ id: string }>(
    await request.post('/api/marketplace/listings', {
      headers,
      data: {
        kind: 'prompt',
        sourceId: prompt.id,
        title: `Country risk note ${unique}`,
        teaser: 'A short risk note on any country of the FATF pages.',
        description: '',
        exampleOutput: '',
        topic: 'aml-kyc',
        language: 'en',
        price: { currency: 'CHF', amount: 0 },
      },
    }),
  );

  // The TEST MODE checkout page of a pending plan purchase.
  const checkout = await ok<{ sessionId: string }>(
    await request.post('/api/billing/checkout', {
      headers,
      data: { planId: 'professional', interval: 'month', currency: 'CHF' },
    }),
  );

  const lesson = course.lessons[0]!;
  const essay = course.essays[0]!;
  const fromTable = routeTable.map((route) => ({
    name: route.path,
    path: fillIds(route.path, ids),
    layout: route.layout,
  }));
  return [
    ...fromTable,
    { name: '/chat?c={conversation}', path: `/chat?c=${conversationId}` },
    { name: '/documents?file={file}', path: `/documents?file=${upload.file.id}`, dialog: true },
    { name: '/prompt-marketplace?tab=mine', path: '/prompt-marketplace?tab=mine' },
    { name: '/prompt-marketplace/listings/{listing}', path: `/prompt-marketplace/listings/${listing.id}` },
    { name: '/courses/{slug}', path: `/courses/${courseSlug}` },
    { name: '/courses/{slug}/lessons/{lesson}', path: `/courses/${courseSlug}/lessons/${lesson.slug}` },
    { name: '/courses/{slug}/review', path: `/courses/${courseSlug}/review` },
    { name: '/courses/{slug}/test', path: `/courses/${courseSlug}/test` },
    { name: '/courses/{slug}/essays/{essay}', path: `/courses/${courseSlug}/essays/${essay.id}` },
    { name: '/courses/notes', path: '/courses/notes' },
    { name: '/subscription/test-checkout/{session}', path: `/subscription/test-checkout/${checkout.sessionId}` },
    { name: '/admin/assistants', path: '/admin/assistants' },
    { name: '/admin/fatf', path: '/admin/fatf' },
    { name: '/admin/plans', path: '/admin/plans' },
    { name: '/admin/courses', path: '/admin/courses' },
    { name: '/admin/courses/{slug}', path: `/admin/courses/${courseSlug}` },
    { name: '/admin/marketplace', path: '/admin/marketplace' },
    { name: '/admin/billing', path: '/admin/billing' },
    { name: '/admin/billing/invoices', path: '/admin/billing/invoices' },
    { name: '/admin/billing/usage', path: '/admin/billing/usage' },
    { name: '/admin/billing/events', path: '/admin/billing/events' },
    // An invitation link that is not (or no longer) valid: the page says so.
    { name: '/invitations/accept?token={unknown}', path: '/invitations/accept?token=unknown-token' },
    { name: 'not-found', path: '/no-such-page' },
  ];
}

/**
 * What a screen gets wrong in its layout: a page wider than the screen, or a section, card or dialog
 * whose content spills out of it (truncated text and tables that scroll on purpose set their own overflow).
 */
export async function layoutProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    // Phone emulation widens the layout viewport to fit wide content: compare with the screen itself.
    const width = Math.min(screen.width, window.innerWidth);
    if (document.documentElement.scrollWidth > width) found.push(`page ${document.documentElement.scrollWidth}px wide`);
    const boxes = document.querySelectorAll<HTMLElement>('main section, main article, [role="dialog"]');
    for (const box of Array.from(boxes)) {
      if (getComputedStyle(box).overflowX !== 'visible') continue;
      if (box.scrollWidth > box.clientWidth + 1)
        found.push(
          `${box.tagName.toLowerCase()}#${box.id || box.getAttribute('aria-labelledby') || ''} spills ${box.scrollWidth - box.clientWidth}px`,
        );
    }
    return found;
  });
}

/** Where `npm run screenshots` asked for the screens to be saved, if it did. */
export const screenshotsDir = process.env.SCREENSHOTS_DIR;

/** A screenshot file name: the screen's name made safe for a file system. */
export function screenshotName(screen: Screen): string {
  const name = screen.name.replace(/^\//, '').replace(/[^\w.-]+/g, '_') || 'home';
  return `${name}.png`;
}
