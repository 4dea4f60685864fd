import {
  CONVERSATION_TITLE_MAX_LENGTH,
  type ConversationDetail,
  type ConversationSummary,
  type ListConversationsQuery,
  type UpdateConversationInput,
} from '@compliance/shared/chat';
import { AppError } from '../../plugins/errors.ts';
import type { Access } from '../access/access.ts';
import type { Actor } from '../access/actor.ts';
import type { PublishConversationEvent } from './chat-events.ts';
import { toMessage, toSummary } from './chat.mappers.ts';
import type { ChatRepository } from './chat.repository.ts';

const notFound = () => new AppError('CONVERSATION_NOT_FOUND', 404, 'Conversation not found');

/** The caller's conversations: list, read, rename, archive or reactivate, delete. */
export function createConversationsService({
  access,
  repository,
  publish,
}: {
  access: Access;
  repository: ChatRepository;
  publish: PublishConversationEvent;
}) {
  return {
    async listConversations(actor: Actor, query: ListConversationsQuery): Promise<ConversationSummary[]> {
      const caller = await access.require(actor, 'conversation.read');
      return (await repository.list(caller.user.id, query.status, query.q || undefined, query.limit)).map(toSummary);
    },

    async getConversation(actor: Actor, { id }: { id: string }): Promise<ConversationDetail> {
      const caller = await access.require(actor, 'conversation.read', { type: 'conversation', id });
      const conversation = await repository.findOwned(caller.user.id, id);
      if (!conversation) throw notFound();
      const messages = await repository.messages(conversation.id);
      const runs = await repository.promptRuns(messages.flatMap((message) => message.promptRunId ?? []));
      return {
        ...toSummary(conversation),
        messages: messages.map((message) => ({
          ...toMessage(message),
          promptRun: message.promptRunId ? (runs.get(message.promptRunId) ?? null) : null,
        })),
      };
    },

    async updateConversation(
      actor: Actor,
      { id, origin, ...input }: UpdateConversationInput & { id: string; origin?: string | null },
    ): Promise<ConversationSummary> {
      const caller = await access.require(actor, 'conversation.update', { type: 'conversation', id });
      const before = await repository.findOwned(caller.user.id, id);
      if (!before) throw notFound();
      const changes: UpdateConversationInput = {};
      if (input.title !== undefined) changes.title = input.title.slice(0, CONVERSATION_TITLE_MAX_LENGTH);
      if (input.status !== undefined) changes.status = input.status;
      const row = await repository.update(caller.user.id, id, changes);
      if (!row) throw notFound();
      if (input.status && input.status !== before.status) {
        await publish(caller.user.id, input.status === 'archived' ? 'archived' : 'activated', id, origin);
      } else {
        await publish(caller.user.id, 'updated', id, origin);
      }
      return toSummary(row);
    },

    async deleteConversation(actor: Actor, { id, origin }: { id: string; origin?: string | null }): Promise<void> {
      const caller = await access.require(actor, 'conversation.delete', { type: 'conversation', id });
      if (!(await repository.delete(caller.user.id, id))) throw notFound();
      await publish(caller.user.id, 'deleted', id, origin);
    },
  };
}
