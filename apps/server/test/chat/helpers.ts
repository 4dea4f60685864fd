import { parseStreamBlock, type StreamEvent } from '@compliance/shared/chat';
import type { App } from '../../src/app.ts';
import { createTestApp, type CreateTestAppOptions, type TestApp } from '../helpers/test-app.ts';

/** The app with the starter knowledge base imported and indexed, and an unpaced offline engine. */
export async function createChatTestApp(options: CreateTestAppOptions = {}): Promise<TestApp> {
  const app = await createTestApp({
    ...options,
    library: { seedKnowledgeBase: true, ...options.library },
    chat: { offlinePaceMs: 0, ...options.chat },
  });
  for (let round = 0; round < 20; round += 1) {
    if ((await app.jobs.runDueJobs()) === 0) break;
  }
  return app;
}

export function parseEvents(payload: string): StreamEvent[] {
  return payload
    .split(/\n\n/)
    .map((block) => parseStreamBlock(block))
    .filter((event): event is StreamEvent => event !== null);
}

export function answerText(events: StreamEvent[]): string {
  return events.map((event) => (event.event === 'delta' ? event.data.text : '')).join('');
}

export async function assistantId(app: App, slug = 'ai-expert'): Promise<string> {
  const response = await app.inject({ method: 'GET', url: '/api/assistants' });
  const assistant = (response.json() as { assistants: { id: string; slug: string }[] }).assistants.find(
    (item) => item.slug === slug,
  );
  if (!assistant) throw new Error(`No assistant ${slug}`);
  return assistant.id;
}
