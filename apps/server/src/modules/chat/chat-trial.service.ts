import { TRIAL_ASSISTANT_SLUG, type TrialQuestionInput, type TrialUsage } from '@compliance/shared/chat';
import { AppError } from '../../plugins/errors.ts';
import type { Access } from '../access/access.ts';
import type { Actor, AnonymousActor } from '../access/actor.ts';
import { questionLanguage } from '../answers/text-tools.ts';
import type { AssistantsService } from '../assistants/assistants.service.ts';
import type { EntitlementsService } from '../entitlements/entitlements.service.ts';
import type { AnswerEngine } from './answer-engine.ts';
import { metaFor, type ChatTurn } from './chat-turns.service.ts';
import { streamEvents } from './stream-events.ts';

/** Who the trial counts: the visitor (its browser's id) and its IP; a signed-in caller by account. */
function trialVisitor(actor: Actor): Pick<AnonymousActor, 'visitorId' | 'ip'> {
  return actor.kind === 'anonymous' ? actor : { visitorId: `user:${actor.user.id}`, ip: actor.ip };
}

/** The anonymous trial (/try): a daily cap per visitor and IP, answers from the knowledge base, nothing stored. */
export function createChatTrialService({
  access,
  assistants,
  quota,
  engine,
}: {
  access: Access;
  assistants: AssistantsService;
  quota: EntitlementsService;
  engine: AnswerEngine;
}) {
  return {
    async trialUsage(actor: Actor): Promise<TrialUsage> {
      await access.require(actor, 'trial.ask');
      return quota.trialUsage(trialVisitor(actor));
    },

    /** Counted first (visitor and IP); the question and answer are not stored. */
    async trialQuestion(actor: Actor, input: TrialQuestionInput): Promise<ChatTurn> {
      await access.require(actor, 'trial.ask');
      const assistant = await assistants.forAnswering(input.assistantId);
      if (assistant.slug !== TRIAL_ASSISTANT_SLUG) {
        throw new AppError('ASSISTANT_REQUIRED', 400, 'The trial answers with the AI Expert');
      }
      const remaining = await quota.consumeTrialQuestion(trialVisitor(actor));
      const language = await questionLanguage(input.content, input.language);
      const knowledgeBase = input.knowledgeBase ?? true;
      return {
        meta: metaFor(assistant, null, null, null),
        async run(send, signal) {
          const result = await engine.answer({
            actor,
            assistant,
            question: input.content,
            language,
            history: [],
            scope: { userId: null, includeKnowledgeBase: knowledgeBase },
            knowledgeBase,
            web: false,
            send,
            signal,
          });
          if (result.status !== 'error') {
            send(streamEvents.done({ status: result.status, usage: result.usage, remaining }));
          }
        },
      };
    },
  };
}
