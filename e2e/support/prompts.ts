import type { PlaceholderType } from '@compliance/shared/prompts';
import type { Page } from '@playwright/test';
import { expect } from './fixtures.ts';

export interface JourneyPlaceholder {
  name: string;
  description: string;
  type?: PlaceholderType;
  required?: boolean;
  defaultValue?: string;
  options?: string[];
}

/**
 * A prompt in the user's library, made through the API (for journeys about using a prompt rather
 * than writing one). Returns its id.
 */
export async function createPromptThroughApi(
  page: Page,
  token: string,
  prompt: { title: string; instructions: string; placeholders: JourneyPlaceholder[] },
): Promise<string> {
  const response = await page.request.post('/api/prompts', {
    headers: { Authorization: `Bearer ${token}` },
    data: {
      title: prompt.title,
      instructions: prompt.instructions,
      categoryId: null,
      versionMessage: '',
      placeholders: prompt.placeholders.map((placeholder) => ({
        type: 'text',
        required: true,
        defaultValue: '',
        options: [],
        ...placeholder,
      })),
    },
  });
  expect(response.ok(), await response.text()).toBe(true);
  return ((await response.json()) as { id: string }).id;
}
