import fs from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { AdminAssistant, Assistant, UpdateAssistantInput } from '@compliance/shared/chat';
import { z } from 'zod';
import { createReadMemory, type ReadMemory } from '../../db/read-memory.ts';
import { AppError } from '../../plugins/errors.ts';
import type { Access } from '../access/access.ts';
import type { Actor } from '../access/actor.ts';
import type { AssistantRow, AssistantsRepository } from './assistants.repository.ts';

/** An assistant with its instructions, as the chat answers with it. */
export type AssistantDefinition = AssistantRow;

export const defaultAssistantsFile = fileURLToPath(
  new URL('../../../../../content/assistants/assistants.json', import.meta.url),
);

const seedSchema = z.object({
  assistants: z.array(
    z.object({
      slug: z.string().min(1),
      name: z.string().min(1),
      description: z.string().min(1),
      instructions: z.string().min(1),
      defaultKnowledgeBase: z.boolean(),
      defaultWebSearch: z.boolean(),
    }),
  ),
});

type ShippedTexts = ReadonlyMap<string, { name: string; description: string }>;

export function toAssistantDto(row: AssistantRow, shipped: ShippedTexts = new Map()): Assistant {
  const original = shipped.get(row.slug);
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    description: row.description,
    customized: !original || original.name !== row.name || original.description !== row.description,
    defaultKnowledgeBase: row.defaultKnowledgeBase,
    defaultWebSearch: row.defaultWebSearch,
  };
}

function toAdminDto(row: AssistantRow, shipped: ShippedTexts): AdminAssistant {
  return { ...toAssistantDto(row, shipped), instructions: row.instructions, updatedAt: row.updatedAt.toISOString() };
}

/** Assistant definitions: read by everyone (the picker), edited by admins, seeded from content/. */
export function createAssistantsService({
  access,
  repository,
  memory = createReadMemory(undefined),
}: {
  access: Access;
  repository: AssistantsRepository;
  /** Keeps the assistants between writes: every answer reads its assistant. */
  memory?: ReadMemory;
}) {
  // The shipped names and descriptions, to tell whether an admin has changed them.
  const shipped = new Map<string, { name: string; description: string }>();
  return {
    /** Adds the shipped assistants that are missing (first start, or a new one in a later release). */
    async seed(file = defaultAssistantsFile): Promise<void> {
      const content = seedSchema.parse(JSON.parse(await fs.readFile(file, 'utf8')));
      for (const { slug, name, description } of content.assistants) shipped.set(slug, { name, description });
      await repository.insertMissing(content.assistants.map((assistant, position) => ({ ...assistant, position })));
    },
    async list(actor: Actor): Promise<Assistant[]> {
      await access.require(actor, 'assistant.read');
      return (await repository.list()).map((row) => toAssistantDto(row, shipped));
    },
    /**
     * The full row for answering (instructions included), for the chat's services once they made
     * their own access check; never sent to non-admins.
     */
    async forAnswering(id: string): Promise<AssistantRow> {
      const [row] = await memory.read(`assistant:${id}`, ['assistants'], async () => {
        const found = await repository.find(id);
        return found ? [found] : [];
      });
      if (!row) throw new AppError('ASSISTANT_REQUIRED', 400, 'Please select an assistant first');
      return row;
    },
    async listForAdmin(actor: Actor): Promise<AdminAssistant[]> {
      await access.require(actor, 'assistant.manage');
      return (await repository.list()).map((row) => toAdminDto(row, shipped));
    },
    async update(actor: Actor, { id, ...input }: UpdateAssistantInput & { id: string }): Promise<AdminAssistant> {
      await access.require(actor, 'assistant.manage');
      const row = await repository.update(id, input);
      if (!row) throw new AppError('NOT_FOUND', 404, 'Assistant not found');
      return toAdminDto(row, shipped);
    },
  };
}

export type AssistantsService = ReturnType<typeof createAssistantsService>;
