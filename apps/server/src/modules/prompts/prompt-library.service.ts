import {
  MAX_PROMPT_VERSIONS,
  MAX_PROMPTS_PER_USER,
  DOCUMENT_CHOICES_LIMIT,
  chosenDocumentIds,
  type DocumentChoicesQuery,
  fillPrompt,
  placeholderTexts,
  placeholderValueIssues,
  type Placeholder,
  type DuplicatePromptInput,
  type ListPromptsQuery,
  type Prompt,
  type PromptInput,
  type PromptSummary,
  type UpdatePromptInput,
  type UsePromptInput,
  type UsePromptResult,
} from '@compliance/shared/prompts';
import { AppError } from '../../plugins/errors.ts';
import type { Access } from '../access/access.ts';
import type { Actor, UserActor } from '../access/actor.ts';
import { toPlaceholder, toPrompt, toSummary } from './prompts.mappers.ts';
import type { PromptContent, PromptsRepository } from './prompts.repository.ts';

/** Reads one library document with the actor's rights (the library module; throws when not readable). */
export type ReadDocument = (actor: Actor, id: string) => Promise<{ id: string; name: string; status: string }>;
/** The actor's own library documents whose name holds the text (the library module). */
export type FindDocuments = (
  actor: Actor,
  text: string,
  limit: number,
) => Promise<{ id: string; name: string; status: string }[]>;

const valuesInvalid = (issues: Record<string, string>) =>
  new AppError('PROMPT_VALUES_INVALID', 400, 'Some placeholder values are missing or invalid', {
    fields: Object.fromEntries(Object.entries(issues).map(([name, issue]) => [`values.${name}`, issue])),
  });

export const promptNotFound = () => new AppError('PROMPT_NOT_FOUND', 404, 'Prompt not found');
const limitReached = () =>
  new AppError('PROMPT_LIMIT_REACHED', 409, `At most ${MAX_PROMPTS_PER_USER} prompts per user`);

export function contentOf(input: PromptContent): PromptContent {
  return {
    title: input.title,
    instructions: input.instructions,
    placeholders: input.placeholders.map(toPlaceholder),
  };
}

/** The caller's prompts: list (search, filter, sort), read, create, save, duplicate, delete, use. */
export function createPromptLibraryService({
  access,
  repository,
  readDocument,
  findDocuments,
}: {
  access: Access;
  repository: PromptsRepository;
  readDocument: ReadDocument;
  findDocuments: FindDocuments;
}) {
  /** A category named in a body must be the caller's own (else: not found). */
  async function requireCategory(actor: UserActor, categoryId: string | null | undefined): Promise<void> {
    if (categoryId) await access.require(actor, 'prompt.update', { type: 'prompt-category', id: categoryId });
  }

  /**
   * Checks a use's values against the placeholders (type, required, options) and looks up each
   * chosen document with the caller's rights: one they cannot read, or one not ready yet, is
   * refused like any other wrong value. Returns the filled text, the values as the run keeps them
   * (a document by its name) and the chosen documents.
   */
  async function fill(
    actor: Actor,
    prompt: { instructions: string; placeholders: Placeholder[] },
    values: Record<string, string>,
    language: string | undefined,
  ): Promise<{ text: string; recorded: Record<string, string>; documentIds: string[] }> {
    const issues = placeholderValueIssues(prompt.placeholders, values);
    if (Object.keys(issues).length > 0) throw valuesInvalid(issues);
    const documentIds = chosenDocumentIds(prompt.placeholders, values);
    const documentNames: Record<string, string> = {};
    const unreadable = new Set<string>();
    for (const id of documentIds) {
      try {
        const document = await readDocument(actor, id);
        if (document.status === 'ready') documentNames[id] = document.name;
        else unreadable.add(id);
      } catch (error) {
        if (error instanceof AppError && error.statusCode < 500) unreadable.add(id);
        else throw error;
      }
    }
    if (unreadable.size > 0) {
      const texts = placeholderTexts(prompt.placeholders, values);
      throw valuesInvalid(
        Object.fromEntries(
          prompt.placeholders
            .filter((placeholder) => placeholder.type === 'document' && unreadable.has(texts[placeholder.name] ?? ''))
            .map((placeholder) => [placeholder.name, 'prompts:validation.documentUnavailable']),
        ),
      );
    }
    const options = { language, documentNames };
    return {
      text: fillPrompt(prompt.instructions, prompt.placeholders, values, options),
      recorded: placeholderTexts(prompt.placeholders, values, options),
      documentIds,
    };
  }

  return {
    /** What a `document` placeholder offers: the caller's own documents that are ready, by name. */
    async documentChoices(actor: Actor, { q }: DocumentChoicesQuery): Promise<{ id: string; name: string }[]> {
      const caller = await access.require(actor, 'prompt.read');
      const found = await findDocuments(caller, q ?? '', DOCUMENT_CHOICES_LIMIT * 3);
      return found
        .filter((document) => document.status === 'ready')
        .slice(0, DOCUMENT_CHOICES_LIMIT)
        .map(({ id, name }) => ({ id, name }));
    },

    async listPrompts(actor: Actor, query: ListPromptsQuery): Promise<PromptSummary[]> {
      const caller = await access.require(actor, 'prompt.read');
      const rows = await repository.listPrompts(caller.user.id, {
        q: query.q || undefined,
        categoryId: query.categoryId === 'none' ? null : query.categoryId,
        favourites: query.favourites === 'true',
        sort: query.sort ?? 'updated',
      });
      return rows.map(toSummary);
    },

    async getPrompt(actor: Actor, { id }: { id: string }): Promise<Prompt> {
      const caller = await access.require(actor, 'prompt.read', { type: 'prompt', id });
      const row = await repository.findPrompt(caller.user.id, id);
      if (!row) throw promptNotFound();
      return toPrompt(row);
    },

    /** A new prompt; its content becomes version 1 (with the message, if any). */
    async createPrompt(actor: Actor, input: PromptInput): Promise<Prompt> {
      const caller = await access.require(actor, 'prompt.create');
      await requireCategory(caller, input.categoryId);
      const content = contentOf(input);
      const row = await repository.insertPrompt(
        caller.user.id,
        {
          ...content,
          categoryId: input.categoryId,
          favourite: false,
          versions: [{ content, message: input.versionMessage || null }],
        },
        MAX_PROMPTS_PER_USER,
      );
      if (!row) throw limitReached();
      return toPrompt(row);
    },

    /** Saves the editor's content: a change of title, instructions or placeholders is a new version. */
    async savePrompt(actor: Actor, { id, ...input }: PromptInput & { id: string }): Promise<Prompt> {
      const caller = await access.require(actor, 'prompt.update', { type: 'prompt', id });
      await requireCategory(caller, input.categoryId);
      const row = await repository.saveContent(
        caller.user.id,
        id,
        { ...contentOf(input), categoryId: input.categoryId },
        { message: input.versionMessage || null, restoredFrom: null, keepVersions: MAX_PROMPT_VERSIONS },
      );
      if (!row) throw promptNotFound();
      return toPrompt(row);
    },

    /** Favourite, or file in another category: no new version. */
    async updatePrompt(actor: Actor, { id, ...changes }: UpdatePromptInput & { id: string }): Promise<Prompt> {
      const caller = await access.require(actor, 'prompt.update', { type: 'prompt', id });
      await requireCategory(caller, changes.categoryId);
      const row = await repository.updatePrompt(caller.user.id, id, changes);
      if (!row) throw promptNotFound();
      return toPrompt(row);
    },

    async deletePrompt(actor: Actor, { id }: { id: string }): Promise<void> {
      const caller = await access.require(actor, 'prompt.delete', { type: 'prompt', id });
      if (!(await repository.deletePrompt(caller.user.id, id))) throw promptNotFound();
    },

    /** A copy under a new title, in the same category, starting its own history at version 1. */
    async duplicatePrompt(actor: Actor, { id, title }: DuplicatePromptInput & { id: string }): Promise<Prompt> {
      const caller = await access.require(actor, 'prompt.read', { type: 'prompt', id });
      await access.require(actor, 'prompt.create');
      const source = await repository.findPrompt(caller.user.id, id);
      if (!source) throw promptNotFound();
      const content = { ...contentOf(source), title };
      const row = await repository.insertPrompt(
        caller.user.id,
        {
          ...content,
          categoryId: source.categoryId,
          favourite: false,
          versions: [{ content, message: null }],
        },
        MAX_PROMPTS_PER_USER,
      );
      if (!row) throw limitReached();
      return toPrompt(row);
    },

    /**
     * What publishing to the marketplace copies: one of the caller's prompts, or every prompt of one
     * of their categories (with the category's name), as they are now.
     */
    async publishableContent(
      actor: Actor,
      { kind, id }: { kind: 'prompt' | 'category'; id: string },
    ): Promise<{ name: string; prompts: (PromptContent & { id: string })[] }> {
      const caller = await access.require(actor, 'prompt.read', {
        type: kind === 'prompt' ? 'prompt' : 'prompt-category',
        id,
      });
      if (kind === 'prompt') {
        const row = await repository.findPrompt(caller.user.id, id);
        if (!row) throw promptNotFound();
        return { name: row.title, prompts: [{ id: row.id, ...contentOf(row) }] };
      }
      const category = await repository.findCategory(caller.user.id, id);
      if (!category) throw new AppError('PROMPT_CATEGORY_NOT_FOUND', 404, 'Category not found');
      const rows = await repository.promptsInCategory(caller.user.id, id);
      return { name: category.name, prompts: rows.map((row) => ({ id: row.id, ...contentOf(row) })) };
    },

    /**
     * Fills the prompt in: each placeholder gets its value (or default), checked against its type
     * and required flag. Counts the use (for "most used" and "last used").
     */
    async usePrompt(actor: Actor, { id, values, language }: UsePromptInput & { id: string }): Promise<UsePromptResult> {
      const caller = await access.require(actor, 'prompt.read', { type: 'prompt', id });
      const row = await repository.findPrompt(caller.user.id, id);
      if (!row) throw promptNotFound();
      const filled = await fill(caller, row, values, language);
      await repository.recordUse(caller.user.id, id);
      const runId = await repository.insertRun({
        userId: caller.user.id,
        source: 'library',
        promptId: id,
        title: row.title,
        version: row.version,
        values: filled.recorded,
        documentIds: filled.documentIds,
      });
      return { text: filled.text, version: row.version, runId };
    },

    /**
     * Fills a licensed prompt in (the marketplace checked the licence and hands over the prompt)
     * with the same checks as one of the caller's own, and records the run.
     */
    async useLicensed(
      actor: Actor,
      prompt: { promptId: string; title: string; version: number; instructions: string; placeholders: Placeholder[] },
      { values, language }: UsePromptInput,
    ): Promise<UsePromptResult> {
      const caller = await access.require(actor, 'prompt.read');
      const filled = await fill(caller, prompt, values, language);
      const runId = await repository.insertRun({
        userId: caller.user.id,
        source: 'licensed',
        promptId: prompt.promptId,
        title: prompt.title,
        version: prompt.version,
        values: filled.recorded,
        documentIds: filled.documentIds,
      });
      return { text: filled.text, version: prompt.version, runId };
    },
  };
}
