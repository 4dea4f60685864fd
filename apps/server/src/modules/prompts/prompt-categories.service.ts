import {
  MAX_PROMPT_CATEGORIES_PER_USER,
  MAX_PROMPTS_PER_USER,
  type DeletePromptCategoryQuery,
  type PromptCategoriesResponse,
  type PromptCategory,
  type PromptCategoryInput,
  type ReorderPromptCategoriesInput,
  type UpdatePromptCategoryInput,
} from '@compliance/shared/prompts';
import { AppError } from '../../plugins/errors.ts';
import type { Access } from '../access/access.ts';
import type { Actor } from '../access/actor.ts';
import { toCategory } from './prompts.mappers.ts';
import type { PromptsRepository } from './prompts.repository.ts';

const notFound = () => new AppError('PROMPT_CATEGORY_NOT_FOUND', 404, 'Prompt category not found');
const nameTaken = () =>
  new AppError('PROMPT_CATEGORY_EXISTS', 409, 'A category with this name exists', {
    fields: { name: 'PROMPT_CATEGORY_EXISTS' },
  });

/** A unique index refused the write (two requests raced past the name check). */
function isUniqueViolation(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && typeof current === 'object' && current !== null; depth += 1) {
    if ((current as { code?: unknown }).code === '23505') return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

async function uniqueName<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken();
    throw error;
  }
}

/** The caller's prompt categories: list with counts, create, rename, reorder, delete. */
export function createPromptCategoriesService({
  access,
  repository,
}: {
  access: Access;
  repository: PromptsRepository;
}) {
  async function overview(userId: string): Promise<PromptCategoriesResponse> {
    const rows = await repository.listCategories(userId);
    const counts = await repository.counts(userId);
    return {
      categories: rows.map((row) => toCategory(row.category, row.promptCount)),
      counts,
      limits: { prompts: MAX_PROMPTS_PER_USER, categories: MAX_PROMPT_CATEGORIES_PER_USER },
    };
  }

  return {
    async listCategories(actor: Actor): Promise<PromptCategoriesResponse> {
      const caller = await access.require(actor, 'prompt.read');
      return overview(caller.user.id);
    },

    async createCategory(actor: Actor, input: PromptCategoryInput): Promise<PromptCategory> {
      const caller = await access.require(actor, 'prompt.create');
      if (await repository.findCategoryByName(caller.user.id, input.name)) throw nameTaken();
      const row = await uniqueName(() =>
        repository.insertCategory(caller.user.id, input, MAX_PROMPT_CATEGORIES_PER_USER),
      );
      if (!row) {
        throw new AppError(
          'PROMPT_CATEGORY_LIMIT_REACHED',
          409,
          `At most ${MAX_PROMPT_CATEGORIES_PER_USER} categories per user`,
        );
      }
      return toCategory(row, 0);
    },

    async updateCategory(
      actor: Actor,
      { id, ...changes }: UpdatePromptCategoryInput & { id: string },
    ): Promise<PromptCategory> {
      const caller = await access.require(actor, 'prompt.update', { type: 'prompt-category', id });
      if (changes.name !== undefined && (await repository.findCategoryByName(caller.user.id, changes.name, id))) {
        throw nameTaken();
      }
      const row = await uniqueName(() => repository.updateCategory(caller.user.id, id, changes));
      if (!row) throw notFound();
      return toCategory(row, await repository.categoryPromptCount(caller.user.id, id));
    },

    /** Its prompts move to another category (or to none), or are deleted with it, as the caller chose. */
    async deleteCategory(actor: Actor, { id, ...query }: DeletePromptCategoryQuery & { id: string }): Promise<void> {
      const caller = await access.require(actor, 'prompt.delete', { type: 'prompt-category', id });
      if (query.prompts === 'move' && query.targetCategoryId !== undefined) {
        if (query.targetCategoryId === id) {
          throw new AppError('BAD_REQUEST', 400, 'The prompts cannot move into the category being deleted');
        }
        await access.require(actor, 'prompt.update', { type: 'prompt-category', id: query.targetCategoryId });
      }
      const result = await repository.deleteCategory(
        caller.user.id,
        id,
        query.prompts === 'move' ? { mode: 'move', targetId: query.targetCategoryId ?? null } : { mode: 'delete' },
      );
      if (!result.deleted) throw notFound();
    },

    /** The new order must name every category of the caller once. */
    async reorderCategories(actor: Actor, { ids }: ReorderPromptCategoriesInput): Promise<PromptCategoriesResponse> {
      const caller = await access.require(actor, 'prompt.update');
      const current = new Set(await repository.categoryIds(caller.user.id));
      const given = new Set(ids);
      if (given.size !== ids.length || given.size !== current.size || ids.some((id) => !current.has(id))) {
        throw new AppError('PROMPT_CATEGORY_ORDER_INVALID', 409, 'The order must name each category once');
      }
      await repository.reorderCategories(caller.user.id, ids);
      return overview(caller.user.id);
    },
  };
}
