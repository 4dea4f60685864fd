import { readMemoryFor } from '../../db/read-memory.ts';
import fp from 'fastify-plugin';
import { createOnboardingRepository } from './onboarding.repository.ts';
import { onboardingRoutes } from './onboarding.routes.ts';
import { createOnboardingService, type OnboardingService } from './onboarding.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The user's onboarding and their company with its members (billing reads memberships). */
    onboarding: OnboardingService;
  }
}

/** Onboarding of a user and of their company; companies, their members and invitations. */
export const onboardingModule = fp(
  async (app) => {
    const onboarding = createOnboardingService({
      access: app.access,
      repository: createOnboardingRepository(app.db),
      entitlements: app.entitlements,
      mail: app.mail,
      audit: app.audit,
      library: app.library,
      publicUrl: app.config.publicUrl,
      notifyUserChanged: (userId) => app.sessions.notifyUserChanged(userId),
      memory: readMemoryFor(app.database, app.config),
    });
    app.decorate('onboarding', onboarding);
    await app.register(onboardingRoutes, { prefix: '/api', onboarding });
  },
  { name: 'onboarding', dependencies: ['db', 'auth', 'entitlements', 'mail', 'audit', 'library'] },
);
