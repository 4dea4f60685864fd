import fp from 'fastify-plugin';
import { promptsRoutes } from './prompts.routes.ts';
import { createPromptsRepository } from './prompts.repository.ts';
import { createPromptsService, type PromptsService } from './prompts.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    prompts: PromptsService;
  }
}

/** The personal prompt library (issue 14): categories, prompts with placeholders, versions, import/export. */
export const promptsModule = fp(
  async (app) => {
    const prompts = createPromptsService({
      access: app.access,
      repository: createPromptsRepository(app.db),
      readDocument: (actor, id) => app.library.getFile(actor, id),
      findDocuments: async (actor, text, limit) => (await app.library.searchByName(actor, text, limit)).files,
    });
    app.decorate('prompts', prompts);
    await app.register(promptsRoutes, { prefix: '/api', prompts });
  },
  { name: 'prompts', dependencies: ['db', 'auth', 'library'] },
);
