import { MAX_PROMPT_VERSIONS, type Prompt, type PromptVersion } from '@compliance/shared/prompts';
import { AppError } from '../../plugins/errors.ts';
import type { Access } from '../access/access.ts';
import type { Actor } from '../access/actor.ts';
import { contentOf, promptNotFound } from './prompt-library.service.ts';
import { toPrompt, toVersion } from './prompts.mappers.ts';
import type { PromptsRepository } from './prompts.repository.ts';

/** A prompt's history: its versions, and bringing an earlier one back as the newest. */
export function createPromptVersionsService({ access, repository }: { access: Access; repository: PromptsRepository }) {
  return {
    /** Newest first, each with its full content (the web compares any two). */
    async listVersions(actor: Actor, { id }: { id: string }): Promise<PromptVersion[]> {
      const caller = await access.require(actor, 'prompt.read', { type: 'prompt', id });
      return (await repository.listVersions(caller.user.id, id)).map(toVersion);
    },

    /**
     * "Restore this version": its content becomes a new version (history is never rewritten), marked
     * as restored from it. Restoring what the prompt already says changes nothing.
     */
    async restoreVersion(actor: Actor, { id, version }: { id: string; version: number }): Promise<Prompt> {
      const caller = await access.require(actor, 'prompt.update', { type: 'prompt', id });
      const prompt = await repository.findPrompt(caller.user.id, id);
      if (!prompt) throw promptNotFound();
      const earlier = await repository.findVersion(caller.user.id, id, version);
      if (!earlier) throw new AppError('PROMPT_VERSION_NOT_FOUND', 404, 'This version does not exist');
      const row = await repository.saveContent(
        caller.user.id,
        id,
        { ...contentOf(earlier), categoryId: prompt.categoryId },
        { message: null, restoredFrom: version, keepVersions: MAX_PROMPT_VERSIONS },
      );
      if (!row) throw promptNotFound();
      return toPrompt(row);
    },
  };
}
