import {
  accountSettingsSchema,
  changeEmailInputSchema,
  changePasswordInputSchema,
  confirmEmailChangeInputSchema,
  profileSchema,
  revokedCountSchema,
  sessionIdParamsSchema,
  sessionListSchema,
  updateProfileInputSchema,
  updateSettingsInputSchema,
} from '@compliance/shared/account';
import { okResponseSchema } from '@compliance/shared/auth';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpointRateLimit } from '../../plugins/security.ts';
import type { AccountService } from './account.service.ts';

/** The signed-in user's own account: `/api/account/*` (verified users only). */
export const accountRoutes: FastifyPluginAsyncZod<{ account: AccountService }> = async (app, { account }) => {
  const tags = ['account'];

  app.get(
    '/account/profile',
    { schema: { tags, summary: 'My profile', response: { 200: profileSchema } } },
    async (request) => account.getProfile(request.actor),
  );

  app.patch(
    '/account/profile',
    {
      schema: {
        tags,
        summary: 'Change name and company',
        body: updateProfileInputSchema,
        response: { 200: profileSchema },
      },
    },
    async (request) => account.updateProfile(request.actor, request.body),
  );

  app.post(
    '/account/email',
    {
      preHandler: [endpointRateLimit(app, 'codeSendPerIp', 'ip'), endpointRateLimit(app, 'codeSendPerAddress')],
      schema: {
        tags,
        summary: 'Ask to change the e-mail address (a code goes to the new one)',
        body: changeEmailInputSchema,
        response: { 200: profileSchema },
      },
    },
    async (request) => account.requestEmailChange(request.actor, request.body),
  );

  app.post(
    '/account/email/confirm',
    {
      preHandler: [endpointRateLimit(app, 'codeCheck', 'ip'), endpointRateLimit(app, 'codeCheckPerAddress')],
      schema: {
        tags,
        summary: 'Confirm the new e-mail address with its code',
        body: confirmEmailChangeInputSchema,
        response: { 200: profileSchema },
      },
    },
    async (request) => account.confirmEmailChange(request.actor, request.body),
  );

  app.post(
    '/account/password',
    {
      preHandler: endpointRateLimit(app, 'signin'),
      schema: {
        tags,
        summary: 'Change the password; other sessions are signed out',
        body: changePasswordInputSchema,
        response: { 200: revokedCountSchema },
      },
    },
    async (request) => ({ revoked: await account.changePassword(request.actor, request.body) }),
  );

  app.get(
    '/account/settings',
    { schema: { tags, summary: 'My settings', response: { 200: accountSettingsSchema } } },
    async (request) => account.getSettings(request.actor),
  );

  app.patch(
    '/account/settings',
    {
      schema: {
        tags,
        summary: 'Change settings',
        body: updateSettingsInputSchema,
        response: { 200: accountSettingsSchema },
      },
    },
    async (request) => account.updateSettings(request.actor, request.body),
  );

  app.get(
    '/account/sessions',
    { schema: { tags, summary: 'My active sessions', response: { 200: sessionListSchema } } },
    async (request) => ({
      sessions: await account.listSessions(request.actor),
    }),
  );

  app.delete(
    '/account/sessions/:id',
    {
      schema: {
        tags,
        summary: 'Sign out one of my sessions',
        params: sessionIdParamsSchema,
        response: { 200: okResponseSchema },
      },
    },
    async (request) => {
      await account.revokeSession(request.actor, request.params);
      return { ok: true as const };
    },
  );

  app.post(
    '/account/sessions/revoke-others',
    { schema: { tags, summary: 'Sign out every other session', response: { 200: revokedCountSchema } } },
    async (request) => ({ revoked: await account.revokeOtherSessions(request.actor) }),
  );
};
