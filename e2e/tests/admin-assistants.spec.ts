import { expect, signInAsNewUser, test } from '../support/fixtures.ts';

// The start-up admin edits the assistants (admin layout, /admin/assistants).

test.describe('admin assistants', () => {
  test('edit the AI Expert description, save, reload and see it kept; an empty name is refused', async ({ page }) => {
    const { token } = await signInAsNewUser(page, { admin: true });
    await page.goto('/admin');
    await page.getByRole('navigation', { name: 'Admin navigation' }).getByRole('link', { name: 'Assistants' }).click();
    await expect(page).toHaveURL(/\/admin\/assistants$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Assistants' })).toBeVisible();

    const expert = page.getByRole('form', { name: 'AI Expert' });
    const description = expert.getByLabel('Description');
    const original = await description.inputValue();
    const edited = `Cited answers on Swiss and US regulation (${Date.now()}).`;
    try {
      await description.fill(edited);
      await expect(expert.getByText('Unsaved changes')).toBeVisible();
      await expert.getByRole('button', { name: 'Save changes' }).click();
      await expect(page.getByText('AI Expert saved')).toBeVisible();
      await expect(expert.getByText('Unsaved changes')).toBeHidden();

      await page.reload();
      await expect(page.getByRole('form', { name: 'AI Expert' }).getByLabel('Description')).toHaveValue(edited);

      const name = page.getByRole('form', { name: 'AI Expert' }).getByLabel('Name');
      await name.fill('');
      await page.getByRole('form', { name: 'AI Expert' }).getByRole('button', { name: 'Save changes' }).click();
      await expect(page.getByRole('form', { name: 'AI Expert' }).getByText('This field is required')).toBeVisible();
      await expect(name).toHaveAttribute('aria-invalid', 'true');

      // Discarding brings the saved name back.
      await page.getByRole('form', { name: 'AI Expert' }).getByRole('button', { name: 'Discard changes' }).click();
      await expect(name).toHaveValue('AI Expert');

      // Users see the edited description in the chat's assistant picker.
      await page.goto('/chat');
      await expect(page.getByText(edited)).toBeVisible();
    } finally {
      // Leave the shipped text for the other journeys.
      const assistants = await page.request.get('/api/admin/assistants', {
        headers: { authorization: `Bearer ${token}` },
      });
      const list = ((await assistants.json()) as { assistants: Array<{ id: string; slug: string }> }).assistants;
      const id = list.find((assistant) => assistant.slug === 'ai-expert')?.id;
      if (id) {
        await page.request.patch(`/api/admin/assistants/${id}`, {
          headers: { authorization: `Bearer ${token}` },
          data: { description: original },
        });
      }
    }
  });
});
