import type { ListPromptsQuery } from '@compliance/shared/prompts';

/** Every query key of the prompt library, from one factory (a change invalidates `all`). */
export const promptQueryKeys = {
  all: ['prompts'] as const,
  categories: () => [...promptQueryKeys.all, 'categories'] as const,
  lists: () => [...promptQueryKeys.all, 'list'] as const,
  list: (query: ListPromptsQuery) => [...promptQueryKeys.lists(), query] as const,
  prompt: (id: string) => [...promptQueryKeys.all, 'prompt', id] as const,
  versions: (id: string) => [...promptQueryKeys.all, 'versions', id] as const,
  licensed: () => [...promptQueryKeys.all, 'licensed'] as const,
  licensedPrompt: (id: string) => [...promptQueryKeys.licensed(), id] as const,
};

export function promptPath(id: string): string {
  return `/prompts/${encodeURIComponent(id)}`;
}

export function categoryPath(id: string): string {
  return `/prompt-categories/${encodeURIComponent(id)}`;
}
