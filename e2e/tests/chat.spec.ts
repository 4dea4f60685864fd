import { expect, test, signInAsNewUser } from '../support/fixtures.ts';

// The chat as shipped: the built-in offline engine over the starter knowledge base. Signed-in
// journeys use the start-up admin's real session (support/fixtures.ts).

test.describe('chat', () => {
  test('the default assistant is chosen, ask, watch the cited answer stream and open a citation beside the chat', async ({
    page,
  }) => {
    await signInAsNewUser(page);
    await page.goto('/chat');
    // Settings' default assistant (the AI Expert) is already chosen for a new conversation.
    await expect(page.getByRole('radio', { name: /AI Expert/ })).toBeChecked();
    const composer = page.getByLabel('Your question');
    await composer.fill('When must a Form ADV brochure be delivered?');
    await page.getByRole('button', { name: 'Send' }).click();
    // While it streams, Stop is offered; then the answer with its numbered sources.
    const answer = page.locator('li[data-role="assistant"]').last();
    await expect(answer).toHaveAttribute('data-status', 'complete', { timeout: 15_000 });
    await expect(answer.getByRole('heading', { name: 'Sources' })).toBeVisible();
    const firstSource = answer
      .locator('button[data-citation-source]')
      .filter({ hasText: /Rule 204-3/ })
      .first();
    await expect(firstSource).toBeVisible();
    await expect(answer.locator('button[data-citation="1"]').first()).toBeVisible();
    await expect(page).toHaveURL(/\/chat\?c=/);
    // The conversation appears in the list.
    await expect(page.getByRole('link', { name: /When must a Form ADV brochure be delivered/ })).toBeVisible();

    const sourceTitle = (await firstSource.locator('span.break-words').textContent())?.trim() ?? '';
    await firstSource.click();
    // The cited document opens beside the conversation, with the passage marked; the chat stays.
    const viewer = page.getByRole('complementary', { name: sourceTitle });
    await expect(viewer).toBeVisible();
    await expect(page).toHaveURL(/\/chat\?c=/);
    await expect(viewer.locator('mark[data-passage]').first()).toBeVisible();
    await expect(viewer.getByRole('link', { name: 'Open in Documents' })).toHaveAttribute(
      'href',
      /^\/documents\?file=[0-9a-f-]{36}/,
    );
  });

  test('Stop ends a streaming answer: it is kept as stopped, and no error appears', async ({ page }) => {
    // Hold the answer stream open after its first piece until Stop aborts it, so the journey does
    // not race the engine: the page's fetch of the stream is wrapped before the app starts.
    await page.addInitScript(() => {
      const original = window.fetch.bind(window);
      window.fetch = async (input, init) => {
        const response = await original(input, init);
        const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
        if (!/\/api\/chat\/conversations/.test(url) || init?.method !== 'POST' || !response.body) return response;
        const reader = response.body.getReader();
        const held = new ReadableStream<Uint8Array>({
          async start(controller) {
            init.signal?.addEventListener('abort', () =>
              controller.error(new DOMException('The user aborted a request.', 'AbortError')),
            );
            const first = await reader.read();
            if (!first.done) controller.enqueue(first.value);
            // Nothing more until the request is aborted.
          },
        });
        return new Response(held, { status: response.status, headers: response.headers });
      };
    });
    await signInAsNewUser(page);
    await page.goto('/chat');
    await page.getByText('AI Expert', { exact: true }).click();
    await page
      .getByLabel('Your question')
      .fill('What must a financial intermediary do when it suspects money laundering?');
    await page.getByRole('button', { name: 'Send' }).click();
    const answer = page.locator('li[data-role="assistant"]').last();
    await expect(answer).toHaveAttribute('data-status', 'streaming');
    await page.getByRole('button', { name: 'Stop' }).click();
    await expect(answer).toHaveAttribute('data-status', 'stopped');
    await expect(answer.getByText('Stopped. The answer above is incomplete.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Send' })).toBeVisible();
    await expect(page.getByText('Please type a question.')).toHaveCount(0);
    await expect(page.getByRole('alert')).toHaveCount(0);
  });

  test('rename, archive, reactivate and delete a conversation', async ({ page }) => {
    await signInAsNewUser(page);
    await page.goto('/chat');
    await page.getByText('AI Expert', { exact: true }).click();
    await page.getByLabel('Your question').fill('How should a cyber attack be reported to FINMA?');
    await page.getByLabel('Your question').press('Enter');
    await expect(page.locator('li[data-role="assistant"]').last()).toHaveAttribute('data-status', 'complete', {
      timeout: 15_000,
    });

    const panel = page.locator('#conversation-panel');
    await panel.getByRole('button', { name: /Actions for “How should a cyber attack/ }).click();
    await page.getByRole('menuitem', { name: 'Rename' }).click();
    await page.getByLabel('Title').fill('Cyber incident reporting');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(panel.getByRole('link', { name: /Cyber incident reporting/ })).toBeVisible();

    await panel.getByRole('button', { name: 'Actions for “Cyber incident reporting”' }).click();
    await page.getByRole('menuitem', { name: 'Archive' }).click();
    await expect(panel.getByRole('link', { name: /Cyber incident reporting/ })).toHaveCount(0);
    await panel.getByRole('tab', { name: 'Archived' }).click();
    await expect(panel.getByRole('link', { name: /Cyber incident reporting/ })).toBeVisible();

    await panel.getByRole('button', { name: 'Actions for “Cyber incident reporting”' }).click();
    await page.getByRole('menuitem', { name: 'Reactivate' }).click();
    await expect(panel.getByRole('link', { name: /Cyber incident reporting/ })).toHaveCount(0);
    await panel.getByRole('tab', { name: 'Active' }).click();
    await expect(panel.getByRole('link', { name: /Cyber incident reporting/ })).toBeVisible();

    await panel.getByRole('button', { name: 'Actions for “Cyber incident reporting”' }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await expect(panel.getByRole('link', { name: /Cyber incident reporting/ })).toHaveCount(0);
  });

  test('a broken stream shows Streaming Error and can be retried', async ({ page }) => {
    await signInAsNewUser(page);
    await page.goto('/chat');
    await page.getByText('AI Expert', { exact: true }).click();
    await page.getByLabel('Your question').fill('Wer muss der MROS Verdachtsmeldungen erstatten?');
    await page.getByRole('button', { name: 'Send' }).click();
    await expect(page.locator('li[data-role="assistant"]').last()).toHaveAttribute('data-status', 'complete', {
      timeout: 15_000,
    });
    const conversationId = new URL(page.url()).searchParams.get('c');

    // The next answer's stream opens, sends its first words, then the connection drops.
    let cut = true;
    await page.route(/\/api\/chat\/conversations\/[^/]+\/messages$/, async (route) => {
      if (!cut) return route.fallback();
      cut = false;
      const meta = {
        conversationId,
        userMessageId: null,
        messageId: null,
        assistant: { id: crypto.randomUUID(), name: 'AI Expert', slug: 'ai-expert' },
        title: null,
      };
      await route.fulfill({
        status: 200,
        headers: { 'content-type': 'text/event-stream' },
        body: `event: meta\ndata: ${JSON.stringify(meta)}\n\nevent: delta\ndata: ${JSON.stringify({ text: 'Laut den ' })}\n\n`,
      });
    });
    await page.getByLabel('Your question').fill('Wer ist die MROS?');
    await page.getByRole('button', { name: 'Send' }).click();
    const answer = page.locator('li[data-role="assistant"]').last();
    await expect(answer.getByText('Streaming Error')).toBeVisible({ timeout: 15_000 });
    await answer.getByRole('button', { name: 'Retry' }).click();
    await expect(page.locator('li[data-role="assistant"]').last()).toHaveAttribute('data-status', 'complete', {
      timeout: 15_000,
    });
    await expect(page.getByText('Streaming Error')).toHaveCount(0);
    await expect(
      page.locator('li[data-role="assistant"]').last().getByRole('heading', { name: 'Sources' }),
    ).toBeVisible();
  });

  test('the anonymous trial stops at the daily cap and points to sign-up', async ({ page }) => {
    test.setTimeout(60_000);
    await page.goto('/try');
    await page.getByText('AI Expert', { exact: true }).click();
    const remaining = page.getByTestId('trial-remaining');
    await expect(remaining).toContainText('of 5');
    for (let index = 0; index < 5; index += 1) {
      const composer = page.getByLabel('Your question');
      if (!(await composer.isVisible())) break;
      await composer.fill('Quels pays sont sur la liste grise du GAFI ?');
      await page.getByRole('button', { name: 'Send' }).click();
      await expect(page.locator('li[data-role="assistant"]').last()).toHaveAttribute('data-status', 'complete', {
        timeout: 15_000,
      });
    }
    await expect(page.getByText(/reached today’s limit of questions without an account/)).toBeVisible();
    await expect(page.getByLabel('Your question')).toHaveCount(0);
    // Clearing storage does not reset the count (the server counts the IP too).
    await page.evaluate(() => window.localStorage.clear());
    await page.reload();
    await expect(page.getByText(/reached today’s limit of questions without an account/)).toBeVisible();
    await page.getByRole('link', { name: 'Create an account' }).last().click();
    await expect(page).toHaveURL(/\/signup/);
  });
});
