import fs from 'node:fs/promises';
import type { Locale } from '@compliance/shared/locales';
import {
  MAX_PROMPT_CATEGORIES_PER_USER,
  MAX_PROMPT_VERSIONS,
  MAX_PROMPTS_PER_USER,
  PROMPT_LIBRARY_FORMAT,
  promptLibraryFileSchema,
  type PromptImportResult,
  type PromptLibraryFile,
} from '@compliance/shared/prompts';
import { AppError } from '../../plugins/errors.ts';
import type { Access } from '../access/access.ts';
import type { Actor } from '../access/actor.ts';
import { contentOf } from './prompt-library.service.ts';
import { sameContent, toPlaceholder } from './prompts.mappers.ts';
import type { NewPrompt, PromptsRepository } from './prompts.repository.ts';

/**
 * The whole library as one JSON file (PROMPT_LIBRARY_FORMAT, version 1) and back. Import adds to
 * the library: categories are matched by name, prompts are added with their history. The file is
 * checked whole before anything is written, and written in one transaction.
 */
/** The starter set of compliance prompts, one file per language (content/prompts/README.md). */
const starterSetFolder = new URL('../../../../../content/prompts/', import.meta.url);
const starterSets = new Map<Locale, PromptLibraryFile>();

/** The starter set in a language, read and checked once per process. */
async function starterSet(language: Locale): Promise<PromptLibraryFile> {
  const known = starterSets.get(language);
  if (known) return known;
  const text = await fs.readFile(new URL(`starter.${language}.json`, starterSetFolder), 'utf8');
  const file = promptLibraryFileSchema.parse(JSON.parse(text));
  starterSets.set(language, file);
  return file;
}

export function createPromptTransferService({ access, repository }: { access: Access; repository: PromptsRepository }) {
  const service = {
    async exportLibrary(actor: Actor): Promise<PromptLibraryFile> {
      const caller = await access.require(actor, 'prompt.read');
      const library = await repository.exportLibrary(caller.user.id);
      const categoryNames = new Map(library.categories.map((row) => [row.id, row.name]));
      return {
        format: PROMPT_LIBRARY_FORMAT,
        formatVersion: 1,
        exportedAt: new Date().toISOString(),
        categories: library.categories.map((row) => ({ name: row.name, icon: row.icon, description: row.description })),
        prompts: library.prompts.map(({ prompt, versions }) => ({
          title: prompt.title,
          instructions: prompt.instructions,
          category: prompt.categoryId ? (categoryNames.get(prompt.categoryId) ?? null) : null,
          favourite: prompt.favourite,
          placeholders: prompt.placeholders.map(toPlaceholder),
          versions: versions.map((version) => ({
            title: version.title,
            instructions: version.instructions,
            placeholders: version.placeholders.map(toPlaceholder),
            message: version.message,
            createdAt: version.createdAt.toISOString(),
          })),
        })),
      };
    },

    async importLibrary(actor: Actor, file: PromptLibraryFile): Promise<PromptImportResult> {
      const caller = await access.require(actor, 'prompt.create');
      const categoryIndex = new Map(file.categories.map((category, index) => [category.name.toLowerCase(), index]));
      const prompts = file.prompts.map((prompt): Omit<NewPrompt, 'categoryId'> & { category: number | null } => {
        const content = contentOf(prompt);
        const versions: NewPrompt['versions'] = (prompt.versions ?? []).map((version) => ({
          content: contentOf(version),
          message: version.message || null,
          createdAt: new Date(version.createdAt),
        }));
        // The history ends with what the prompt says now.
        const last = versions.at(-1);
        if (!last || !sameContent(last.content, content)) versions.push({ content, message: null });
        return {
          ...content,
          favourite: prompt.favourite,
          category: prompt.category === null ? null : (categoryIndex.get(prompt.category.trim().toLowerCase()) ?? null),
          versions: versions.slice(-MAX_PROMPT_VERSIONS),
        };
      });
      const result = await repository.insertLibrary(
        caller.user.id,
        { categories: file.categories, prompts },
        { prompts: MAX_PROMPTS_PER_USER, categories: MAX_PROMPT_CATEGORIES_PER_USER },
      );
      if ('limit' in result) {
        throw result.limit === 'prompts'
          ? new AppError('PROMPT_LIMIT_REACHED', 409, `At most ${MAX_PROMPTS_PER_USER} prompts per user`)
          : new AppError(
              'PROMPT_CATEGORY_LIMIT_REACHED',
              409,
              `At most ${MAX_PROMPT_CATEGORIES_PER_USER} categories per user`,
            );
      }
      return {
        prompts: result.prompts.length,
        categories: result.createdCategories,
        mergedCategories: result.mergedCategories,
      };
    },

    /**
     * Adds the starter set in the caller's language. Prompts whose title the library already holds
     * are left out, so adding it twice adds nothing the second time.
     */
    async addStarterSet(actor: Actor, { language }: { language: Locale }): Promise<PromptImportResult> {
      const caller = await access.require(actor, 'prompt.create');
      const file = await starterSet(language);
      const library = await repository.exportLibrary(caller.user.id);
      const titles = new Set(library.prompts.map(({ prompt }) => prompt.title.toLowerCase()));
      const missing = file.prompts.filter((prompt) => !titles.has(prompt.title.toLowerCase()));
      if (missing.length === 0) return { prompts: 0, categories: 0, mergedCategories: 0 };
      const used = new Set(missing.map((prompt) => prompt.category?.toLowerCase()));
      return service.importLibrary(caller, {
        ...file,
        categories: file.categories.filter((category) => used.has(category.name.toLowerCase())),
        prompts: missing,
      });
    },
  };
  return service;
}
