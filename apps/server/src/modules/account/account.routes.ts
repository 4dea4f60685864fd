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
import { clientInfo } from '../auth/auth.routes.ts';

/** The signed-in user's own account: `/api/account/*` (verified users only). */
export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  const { account } = app.accounts;
  const tags = ['account'];
  const preHandler = app.requireUser;

  app.get(
    '/account/profile',
    { preHandler, schema: { tags, summary: 'My profile', response: { 200: profileSchema } } },
    async (request) => account.getProfile(request.auth),
  );

  app.patch(
    '/account/profile',
    {
      preHandler,
      schema: {
        tags,
        summary: 'Change name and company',
        body: updateProfileInputSchema,
        response: { 200: profileSchema },
      },
    },
    async (request) => account.updateProfile(request.auth, request.body, clientInfo(request)),
  );

  app.post(
    '/account/email',
    {
      preHandler,
      schema: {
        tags,
        summary: 'Ask to change the e-mail address (a code goes to the new one)',
        body: changeEmailInputSchema,
        response: { 200: profileSchema },
      },
    },
    async (request) => account.requestEmailChange(request.auth, request.body),
  );

  app.post(
    '/account/email/confirm',
    {
      preHandler,
      schema: {
        tags,
        summary: 'Confirm the new e-mail address with its code',
        body: confirmEmailChangeInputSchema,
        response: { 200: profileSchema },
      },
    },
    async (request) => account.confirmEmailChange(request.auth, request.body.code, clientInfo(request)),
  );

  app.post(
    '/account/password',
    {
      preHandler,
      schema: {
        tags,
        summary: 'Change the password; other sessions are signed out',
        body: changePasswordInputSchema,
        response: { 200: revokedCountSchema },
      },
    },
    async (request) => ({ revoked: await account.changePassword(request.auth, request.body, clientInfo(request)) }),
  );

  app.get(
    '/account/settings',
    { preHandler, schema: { tags, summary: 'My settings', response: { 200: accountSettingsSchema } } },
    async (request) => account.getSettings(request.auth),
  );

  app.patch(
    '/account/settings',
    {
      preHandler,
      schema: {
        tags,
        summary: 'Change settings',
        body: updateSettingsInputSchema,
        response: { 200: accountSettingsSchema },
      },
    },
    async (request) => account.updateSettings(request.auth, request.body),
  );

  app.get(
    '/account/sessions',
    { preHandler, schema: { tags, summary: 'My active sessions', response: { 200: sessionListSchema } } },
    async (request) => ({
      sessions: await account.listSessions(request.auth),
    }),
  );

  app.delete(
    '/account/sessions/:id',
    {
      preHandler,
      schema: {
        tags,
        summary: 'Sign out one of my sessions',
        params: sessionIdParamsSchema,
        response: { 200: okResponseSchema },
      },
    },
    async (request) => {
      await account.revokeSession(request.auth, request.params.id, clientInfo(request));
      return { ok: true as const };
    },
  );

  app.post(
    '/account/sessions/revoke-others',
    { preHandler, schema: { tags, summary: 'Sign out every other session', response: { 200: revokedCountSchema } } },
    async (request) => ({ revoked: await account.revokeOtherSessions(request.auth, clientInfo(request)) }),
  );
};
