import type { Access } from '../access/access.ts';
import { createPromptCategoriesService } from './prompt-categories.service.ts';
import { createPromptLibraryService, type FindDocuments, type ReadDocument } from './prompt-library.service.ts';
import { createPromptTransferService } from './prompt-transfer.service.ts';
import { createPromptVersionsService } from './prompt-versions.service.ts';
import type { PromptsRepository } from './prompts.repository.ts';

export interface PromptsServiceDeps {
  access: Access;
  repository: PromptsRepository;
  /** A library document as the actor may read it (for `document` placeholders). */
  readDocument: ReadDocument;
  findDocuments: FindDocuments;
}

/**
 * The personal prompt library's public face: categories (prompt-categories), prompts and their use
 * (prompt-library), versions (prompt-versions) and the JSON import/export (prompt-transfer).
 */
export function createPromptsService(deps: PromptsServiceDeps) {
  return {
    ...createPromptCategoriesService(deps),
    ...createPromptLibraryService(deps),
    ...createPromptVersionsService(deps),
    ...createPromptTransferService(deps),
  };
}

export type PromptsService = ReturnType<typeof createPromptsService>;
