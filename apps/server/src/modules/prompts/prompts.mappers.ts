import {
  hasOptions,
  type Placeholder,
  type Prompt,
  type PromptCategory,
  type PromptSummary,
  type PromptVersion,
} from '@compliance/shared/prompts';
import type { PromptCategoryRow, PromptContent, PromptRow, PromptVersionRow } from './prompts.repository.ts';

export function toCategory(row: PromptCategoryRow, promptCount: number): PromptCategory {
  return {
    id: row.id,
    name: row.name,
    icon: row.icon,
    description: row.description,
    position: row.position,
    promptCount,
  };
}

/** Only the fields a placeholder has, in a stable order (stored JSON never carries extra keys). */
export function toPlaceholder(placeholder: Placeholder): Placeholder {
  return {
    name: placeholder.name,
    description: placeholder.description,
    type: placeholder.type,
    required: placeholder.required,
    defaultValue: placeholder.defaultValue,
    // Options belong to choices only: a placeholder that stopped being a select drops them.
    options: hasOptions(placeholder.type) ? placeholder.options : [],
  };
}

export function toPrompt(row: PromptRow): Prompt {
  return {
    id: row.id,
    title: row.title,
    instructions: row.instructions,
    categoryId: row.categoryId,
    favourite: row.favourite,
    placeholders: row.placeholders.map(toPlaceholder),
    version: row.version,
    useCount: row.useCount,
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function toSummary(row: Omit<PromptRow, 'instructions' | 'userId'> & { excerpt: string }): PromptSummary {
  return {
    id: row.id,
    title: row.title,
    excerpt: row.excerpt,
    categoryId: row.categoryId,
    favourite: row.favourite,
    placeholderNames: row.placeholders.map((placeholder) => placeholder.name),
    version: row.version,
    useCount: row.useCount,
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function toVersion(row: PromptVersionRow): PromptVersion {
  return {
    version: row.version,
    title: row.title,
    instructions: row.instructions,
    placeholders: row.placeholders.map(toPlaceholder),
    message: row.message,
    restoredFrom: row.restoredFrom,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Whether two states of a prompt say the same (a save that changes nothing keeps the version). */
export function sameContent(a: PromptContent, b: PromptContent): boolean {
  return (
    a.title === b.title &&
    a.instructions === b.instructions &&
    JSON.stringify(a.placeholders.map(toPlaceholder)) === JSON.stringify(b.placeholders.map(toPlaceholder))
  );
}
