import type { ConversationDetail } from '@compliance/shared/chat';
import { expect } from 'vitest';
import type { App } from '../../src/app.ts';
import { assistantId, parseEvents } from '../chat/helpers.ts';
import type { TestUser } from './factories.ts';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * The calls a test file makes to its app's API, for the app its `beforeAll` builds (`app()` is read
 * at each call): as a user (or anonymously), the error of an answer, the job queue run dry, and a
 * question asked and answered.
 */
export function testApi(app: () => App) {
  function call(user: TestUser | null, method: Method, url: string, payload?: unknown, on: App = app()) {
    return on.inject({ method, url: `/api${url}`, headers: user?.headers ?? {}, ...(payload ? { payload } : {}) });
  }

  function errorOf(response: { json: () => unknown }) {
    return (response.json() as { error: { code: string; message: string; fields?: Record<string, string> } }).error;
  }

  /** Runs due jobs until none is left (a job may queue another). */
  async function runJobs(): Promise<void> {
    for (let round = 0; round < 20; round += 1) {
      if ((await app().jobs.runDueJobs()) === 0) return;
    }
  }

  /** Asks in a new conversation and waits for the finished answer. */
  async function askAndFinish(user: TestUser, question: string) {
    const response = await call(user, 'POST', '/chat/conversations', {
      assistantId: await assistantId(app()),
      content: question,
    });
    expect(response.statusCode, response.body).toBe(200);
    const meta = parseEvents(response.payload).find((event) => event.event === 'meta');
    const { conversationId, messageId } = meta?.data as { conversationId: string; messageId: string };
    const detail = (await call(user, 'GET', `/chat/conversations/${conversationId}`)).json() as ConversationDetail;
    const answer = detail.messages.find((message) => message.id === messageId)!;
    expect(answer.status).toBe('complete');
    return { conversationId, messageId, answer };
  }

  return { call, errorOf, runJobs, askAndFinish };
}
