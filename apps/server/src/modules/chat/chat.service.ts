import type { FastifyBaseLogger } from 'fastify';
import type { RealtimeHub } from '../../plugins/realtime.ts';
import type { Access } from '../access/access.ts';
import type { AssistantsService } from '../assistants/assistants.service.ts';
import type { EntitlementsService } from '../entitlements/entitlements.service.ts';
import { createAnswerEngine, type AnswerEngineDeps } from './answer-engine.ts';
import { createConversationEvents } from './chat-events.ts';
import { createConversationsService } from './chat-conversations.service.ts';
import { createChatTrialService } from './chat-trial.service.ts';
import { createChatTurnsService } from './chat-turns.service.ts';
import type { ChatRepository } from './chat.repository.ts';

export type { ChatTurn } from './chat-turns.service.ts';

export interface ChatServiceDeps extends AnswerEngineDeps {
  access: Access;
  repository: ChatRepository;
  assistants: AssistantsService;
  quota: EntitlementsService;
  realtime: RealtimeHub;
  log: FastifyBaseLogger;
}

/**
 * The chat's public face: conversations (chat-conversations), asking and streaming turns
 * (chat-turns, answered by the answer engine) and the anonymous trial (chat-trial).
 */
export function createChatService(deps: ChatServiceDeps) {
  const { access, repository, assistants, quota, realtime, log } = deps;
  const engine = createAnswerEngine(deps);
  const publish = createConversationEvents(realtime, log);
  return {
    ...createConversationsService({ access, repository, publish }),
    ...createChatTurnsService({ access, repository, assistants, quota, engine, publish }),
    ...createChatTrialService({ access, assistants, quota, engine }),
    /** On start: answers that were streaming when the process stopped are marked failed. */
    failInterruptedAnswers: () => repository.failInterruptedAnswers(),
  };
}

export type ChatService = ReturnType<typeof createChatService>;
