import type { FastifyBaseLogger } from 'fastify';
import { realtimeEvent, type RealtimeHub } from '../../plugins/realtime.ts';

export type ConversationEvent = 'activated' | 'archived' | 'deleted' | 'updated';

/** Tells the user's other tabs that a conversation changed (never the tab that changed it). */
export function createConversationEvents(realtime: RealtimeHub, log: FastifyBaseLogger) {
  return async (userId: string, event: ConversationEvent, id: string, origin: string | null | undefined) => {
    await realtime
      .publish({ userId, ...realtimeEvent(`conversation.${event}`, { id }), originConnectionId: origin ?? null })
      .catch((error: unknown) => log.warn({ err: error }, 'Could not publish a conversation event'));
  };
}

export type PublishConversationEvent = ReturnType<typeof createConversationEvents>;
