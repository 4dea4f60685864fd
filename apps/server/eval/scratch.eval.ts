import { afterAll, beforeAll, it } from 'vitest';
import { createChatTestApp } from '../test/chat/helpers.ts';
import type { TestApp } from '../test/helpers/test-app.ts';
let app: TestApp;
beforeAll(async () => { app = await createChatTestApp(); }, 300_000);
afterAll(() => app?.close());
it('ranks', async () => {
  for (const query of (process.env.Q ?? '').split('|')) {
    const rows = await app.documentSearch.searchChunks({ query, scope: { userId: null, includeKnowledgeBase: true }, limit: 6, acrossLanguages: true });
    console.log(`\n# ${query}\n` + rows.map((r) => `${r.rank.toFixed(2)} ${r.fileName} # ${r.heading}`).join('\n'));
  }
}, 300_000);
