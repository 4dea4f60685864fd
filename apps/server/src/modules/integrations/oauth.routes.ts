import { errorBodySchema } from '@compliance/shared/errors';
import {
  oauthCallbackQuerySchema,
  oauthKindParamsSchema,
  oauthProvidersSchema,
  oauthStartInputSchema,
  oauthStartResultSchema,
} from '@compliance/shared/integrations';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { browserCookie, type OAuthFlow } from './oauth-flow.ts';

const errors = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
};
const tags = ['integrations'];

/**
 * Signing in with a cloud storage vendor (OAuth authorization code with PKCE). `start` is an API call
 * (the app signs in with a bearer token, which a browser navigation cannot send): it answers the
 * vendor's address, and the web app sends the browser there. The vendor redirects the browser to
 * `callback`, which finishes here and redirects back to the integrations screen.
 */
export const oauthRoutes: FastifyPluginAsyncZod<{ flow: OAuthFlow }> = async (app, { flow }) => {
  app.get(
    '/integrations/oauth/providers',
    {
      schema: {
        tags,
        summary: 'The vendors one can sign in with, and whether the administrator configured each',
        response: { 200: oauthProvidersSchema, ...errors },
      },
    },
    async (request) => flow.providers(request.actor),
  );

  app.post(
    '/integrations/oauth/:kind/start',
    {
      schema: {
        tags,
        summary: 'Starts signing in with the vendor for a new connection (or to sign one in again)',
        params: oauthKindParamsSchema,
        body: oauthStartInputSchema,
        response: { 200: oauthStartResultSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { authorizeUrl, setCookie } = await flow.start(request.actor, request.params.kind, request.body);
      return reply.header('set-cookie', setCookie).header('cache-control', 'no-store').send({ authorizeUrl });
    },
  );

  app.get(
    '/integrations/oauth/callback',
    {
      schema: {
        tags,
        summary:
          'Where the vendor sends the browser back: stores the tokens, then redirects to the integrations screen',
        querystring: oauthCallbackQuerySchema,
      },
    },
    async (request, reply) => {
      const { location, clearCookie } = await flow.callback(
        request.query,
        browserCookie(request.headers.cookie),
        request.ip,
      );
      return reply
        .header('set-cookie', clearCookie)
        .header('cache-control', 'no-store')
        .header('referrer-policy', 'no-referrer')
        .redirect(location, 303);
    },
  );
};
