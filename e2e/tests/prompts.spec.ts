import { expect, setLanguage, signInAsNewUser, test } from '../support/fixtures.ts';
import { createPromptThroughApi } from '../support/prompts.ts';

test.describe('prompt library', () => {
  test('a category, a prompt with a placeholder, using it, and restoring an earlier version', async ({ page }) => {
    const stamp = Date.now().toString(36);
    await signInAsNewUser(page);
    await page.goto('/prompt-library');
    await expect(page.getByRole('heading', { level: 1, name: 'Prompt library' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Start your prompt library' })).toBeVisible();

    // A category with an icon from the bundled set.
    const categoryName = `AML ${stamp}`;
    await page.getByRole('button', { name: 'New', exact: true }).click();
    const categoryDialog = page.getByRole('dialog', { name: 'New category' });
    await categoryDialog.getByLabel('Name').fill(categoryName);
    await categoryDialog.getByTitle('Globe').click();
    await expect(categoryDialog.getByRole('radio', { name: 'Globe' })).toBeChecked();
    await categoryDialog.getByRole('button', { name: 'Create category' }).click();
    await expect(categoryDialog).toBeHidden();
    await expect(page.locator(`[data-testid="category-item"][data-name="${categoryName}"]`)).toBeVisible();

    // A prompt: the placeholder appears as it is written, and must be described.
    const title = `Client risk ${stamp}`;
    await page.getByRole('button', { name: 'New prompt' }).first().click();
    const editor = page.getByRole('dialog', { name: 'New prompt' });
    await editor.getByLabel('Title').fill(title);
    await editor.getByLabel('Category').selectOption({ label: categoryName });
    await editor.getByLabel('Instructions').fill('Assess a client from {{clientCountry}}.');
    const placeholder = editor.locator('[data-testid="placeholder-fieldset"][data-name="clientCountry"]');
    await expect(placeholder).toBeVisible();
    await editor.getByRole('button', { name: 'Create prompt' }).click();
    await expect(placeholder.getByText('Please provide a helpful description')).toBeVisible();
    await placeholder.getByLabel('Description').fill('Country of residence');
    await editor.getByRole('button', { name: 'Create prompt' }).click();
    await expect(editor).toBeHidden();
    const card = page.getByRole('article', { name: title });
    await expect(card).toContainText(categoryName);

    // A second version, with a message.
    await card.getByRole('button', { name: `Edit ${title}` }).click();
    const edit = page.getByRole('dialog', { name: 'Edit prompt' });
    await edit.getByLabel('Instructions').fill('Assess a client from {{clientCountry}}. Cite the FATF lists.');
    await edit.getByLabel('What changed?').fill('Cite the FATF lists');
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(edit).toBeHidden();
    await expect(card).toContainText('Version 2');

    // Using it: the required value is asked for, then the filled text is shown.
    await card.getByRole('button', { name: `Use ${title}` }).click();
    const use = page.getByRole('dialog', { name: `Use “${title}”` });
    await use.getByRole('button', { name: 'Fill in prompt' }).click();
    await expect(use.getByRole('alert')).toHaveText('Please fill out all the fields');
    await use.getByLabel('Country of residence').fill('Panama');
    await use.getByRole('button', { name: 'Fill in prompt' }).click();
    await expect(use.getByLabel('Your prompt')).toHaveValue('Assess a client from Panama. Cite the FATF lists.');
    await page.keyboard.press('Escape');
    await expect(use).toBeHidden();

    // The history: compare, then bring version 1 back as version 3.
    await card.getByRole('button', { name: `More actions for ${title}` }).click();
    await page.getByRole('menuitem', { name: 'Version history' }).click();
    const history = page.getByRole('dialog', { name: `Versions of “${title}”` });
    await expect(history.getByTestId('version-item')).toHaveCount(2);
    await expect(history.getByTestId('version-diff').locator('ins')).toContainText('Cite the FATF lists.');
    await history.getByRole('button', { name: 'Restore version 1' }).click();
    await expect(page.getByText('Version 1 restored as version 3')).toBeVisible();
    await expect(history.getByTestId('version-item')).toHaveCount(3);
    await expect(history.locator('[data-testid="version-item"][data-version="3"]')).toContainText(
      'Restored from version 1',
    );
    await page.keyboard.press('Escape');

    await card.getByRole('button', { name: `Use ${title}` }).click();
    await use.getByLabel('Country of residence').fill('Panama');
    await use.getByRole('button', { name: 'Fill in prompt' }).click();
    await expect(use.getByLabel('Your prompt')).toHaveValue('Assess a client from Panama.');
  });
});

test.describe('prompt library on a phone @phone', () => {
  test('fill in a prompt and take it to the chat', async ({ page }) => {
    const user = await signInAsNewUser(page);
    const title = `Form ADV ${Date.now().toString(36)}`;
    await createPromptThroughApi(page, user.token, {
      title,
      instructions: 'Write the Form ADV delivery checklist for {{clientName}}.',
      placeholders: [{ name: 'clientName', description: 'Name of the client' }],
    });
    await page.goto('/prompt-library');
    const card = page.getByRole('article', { name: title });
    await card.getByRole('button', { name: `Use ${title}` }).click();
    const use = page.getByRole('dialog', { name: `Use “${title}”` });
    await use.getByLabel('Name of the client').fill('Keller AG');
    await use.getByRole('button', { name: 'Fill in prompt' }).click();
    await expect(use.getByLabel('Your prompt')).toHaveValue('Write the Form ADV delivery checklist for Keller AG.');
    await use.getByRole('button', { name: 'Open in chat' }).click();
    // The filled prompt waits in the message box; the address no longer carries it.
    const box = page.getByLabel('Your question');
    await expect(box).toHaveValue('Write the Form ADV delivery checklist for Keller AG.');
    await expect(page).toHaveURL(/\/chat$/);
    await page.getByRole('button', { name: 'Send' }).click();
    await expect(page).toHaveURL(/\/chat\?c=/);
    await expect(page.getByRole('button', { name: 'Send' })).toBeVisible();
    // The question says where it came from at once, and it is stored: which prompt, version and values.
    await expect(page.getByText(`From the prompt “${title}”, version 1`)).toBeVisible();
    await page.reload();
    await page.getByText(`From the prompt “${title}”, version 1`).click();
    await expect(page.getByText('Keller AG').last()).toBeVisible();
  });

  test('in the chat, "/" opens the prompt picker and the filled prompt goes into the message box', async ({ page }) => {
    const user = await signInAsNewUser(page);
    const title = `Custody check ${Date.now().toString(36)}`;
    await createPromptThroughApi(page, user.token, {
      title,
      instructions: 'Check the custody arrangements of {{adviserName}} for clients in {{country}} under Rule 206(4)-2.',
      placeholders: [
        { name: 'adviserName', description: 'Name of the adviser' },
        // A placeholder tied to the product's data: the FATF pages' jurisdictions, in the user's language.
        { name: 'country', description: 'Country of the clients', type: 'country' },
      ],
    });
    await page.goto('/chat');
    const box = page.getByLabel('Your question');
    await box.fill('/custody');
    const picker = page.getByRole('dialog', { name: 'Use a prompt' });
    await expect(picker.getByRole('searchbox')).toHaveValue('custody');
    await picker.getByRole('button', { name: new RegExp(title) }).click();
    const use = page.getByRole('dialog', { name: `Use “${title}”` });
    await use.getByLabel('Name of the adviser').fill('Alpine Advisers LLC');
    await use.getByLabel('Country of the clients').selectOption('Panama');
    await use.getByRole('button', { name: 'Fill in prompt' }).click();
    await use.getByRole('button', { name: 'Insert into message' }).click();
    await expect(box).toHaveValue(
      'Check the custody arrangements of Alpine Advisers LLC for clients in Panama under Rule 206(4)-2.',
    );
    await expect(box).toBeFocused();
  });
});

test.describe('the starter set', () => {
  test('a new user starts the library from the compliance prompts, in their language', async ({ page }) => {
    await setLanguage(page, 'de');
    await signInAsNewUser(page);
    await page.goto('/prompt-library');
    await page.getByRole('button', { name: 'Start-Prompts hinzufügen' }).click();
    await expect(page.getByText(/Start-Prompts hinzugefügt/)).toBeVisible();
    await expect(page.getByTestId('prompt-card').first()).toBeVisible();
    expect(await page.getByTestId('prompt-card').count()).toBeGreaterThanOrEqual(6);
    const categories = page.getByRole('navigation', { name: 'Prompt-Kategorien' }).getByTestId('category-item');
    await expect(categories.filter({ hasText: 'Kundensorgfalt (GwG)' })).toHaveCount(1);
    await expect(categories.filter({ hasText: 'Anlageberatung (FIDLEG)' })).toHaveCount(1);
  });
});

test.describe('multiple choice and document placeholders', () => {
  test('the author defines them in the editor; the form asks for several choices and one of the user’s documents', async ({
    page,
  }) => {
    const user = await signInAsNewUser(page);
    const stamp = Date.now().toString(36);
    const documentName = `screening-manual-${stamp}.txt`;
    const uploaded = await page.request.post('/api/documents/files', {
      headers: { Authorization: `Bearer ${user.token}` },
      multipart: {
        file: {
          name: documentName,
          mimeType: 'text/plain',
          buffer: Buffer.from(
            'Screening manual. Every client is rescreened overnight against the SECO sanctions list.',
          ),
        },
      },
    });
    expect(uploaded.ok(), await uploaded.text()).toBe(true);
    const fileId = ((await uploaded.json()) as { file: { id: string } }).file.id;
    await expect
      .poll(async () => {
        const file = await page.request.get(`/api/documents/files/${fileId}`, {
          headers: { Authorization: `Bearer ${user.token}` },
        });
        return ((await file.json()) as { status: string }).status;
      })
      .toBe('ready');

    await page.goto('/prompt-library');
    const title = `Policy review ${stamp}`;
    await page.getByRole('button', { name: 'New prompt' }).first().click();
    const editor = page.getByRole('dialog', { name: 'New prompt' });
    await editor.getByLabel('Title').fill(title);
    await editor.getByLabel('Instructions').fill('Summarise what {{policy}} says about {{areas}}.');

    const areas = editor.locator('[data-testid="placeholder-fieldset"][data-name="areas"]');
    await areas.getByLabel('Type').selectOption({ label: 'Choices from a list (several)' });
    await areas.getByLabel('Description').fill('Areas to cover');
    await areas.getByLabel('Choices').fill('AML\nSanctions\nTax');
    await areas.getByRole('group', { name: 'Chosen by default' }).getByLabel('AML').check();

    const policy = editor.locator('[data-testid="placeholder-fieldset"][data-name="policy"]');
    await policy.getByLabel('Type').selectOption({ label: 'Document from my library' });
    await policy.getByLabel('Description').fill('Policy to review');
    await expect(policy.getByTestId('document-placeholder-note')).toBeVisible();
    await editor.getByRole('button', { name: 'Create prompt' }).click();
    await expect(editor).toBeHidden();

    const card = page.getByRole('article', { name: title });
    await card.getByRole('button', { name: `Use ${title}` }).click();
    const use = page.getByRole('dialog', { name: `Use “${title}”` });
    const choices = use.getByRole('group', { name: 'Areas to cover' });
    await expect(choices.getByLabel('AML')).toBeChecked();

    // No document chosen: the form says what is missing.
    await use.getByRole('button', { name: 'Fill in prompt' }).click();
    await expect(use.getByRole('alert')).toHaveText('Please fill out all the fields');
    await expect(use.getByText('This field is required')).toBeVisible();

    await choices.getByLabel('Sanctions').check();
    await use.getByLabel('Policy to review').fill('screening');
    await use.getByRole('button', { name: documentName }).click();
    await expect(use.getByTestId('chosen-document')).toHaveText(documentName);
    await use.getByRole('button', { name: 'Fill in prompt' }).click();
    await expect(use.getByLabel('Your prompt')).toHaveValue(
      `Summarise what ${documentName} says about AML and Sanctions.`,
    );

    // Changing the values keeps the document chosen.
    await use.getByRole('button', { name: 'Change the values' }).click();
    await expect(use.getByTestId('chosen-document')).toHaveText(documentName);
  });
});
