import { readMemoryFor } from '../../db/read-memory.ts';
import fp from 'fastify-plugin';
import { createAssistantsRepository } from './assistants.repository.ts';
import { assistantsRoutes } from './assistants.routes.ts';
import { createAssistantsService, type AssistantsService } from './assistants.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Assistant definitions, read by the chat. */
    assistants: AssistantsService;
  }
}

export interface AssistantsModuleOptions {
  /** The assistants seed file (content/assistants/assistants.json). */
  assistantsFile?: string;
}

/** Assistants: seeded from content/ on start (missing ones only), edited by admins. */
export const assistantsModule = fp<AssistantsModuleOptions>(
  async (app, options) => {
    const assistants = createAssistantsService({
      access: app.access,
      repository: createAssistantsRepository(app.db),
      memory: readMemoryFor(app.database, app.config),
    });
    await assistants.seed(options.assistantsFile);
    app.decorate('assistants', assistants);
    await app.register(assistantsRoutes, { prefix: '/api', assistants });
  },
  { name: 'assistants', dependencies: ['db', 'auth'] },
);
