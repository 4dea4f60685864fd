import {
  authResponseSchema,
  forgotPasswordInputSchema,
  loginInputSchema,
  okResponseSchema,
  resendResponseSchema,
  resetPasswordInputSchema,
  sessionResponseSchema,
  signupInputSchema,
  verifyEmailInputSchema,
} from '@compliance/shared/auth';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AuthService, ClientInfo } from './auth.service.ts';
import { endpointRateLimit } from '../../plugins/security.ts';

function clientInfo(request: FastifyRequest): ClientInfo {
  return { userAgent: String(request.headers['user-agent'] ?? '') };
}

/** Counts per e-mail address where the body names one (a reset by link token is counted per IP only). */
function addressKey(request: FastifyRequest): string {
  const email = (request.body as { email?: unknown } | undefined)?.email;
  return typeof email === 'string' ? `address:${email.trim().toLowerCase()}` : `ip:${request.ip}`;
}

/** Sign-up, verification, sign-in and -out, password reset: `/api/auth/*`. */
export const authRoutes: FastifyPluginAsyncZod<{ auth: AuthService }> = async (app, { auth }) => {
  const tags = ['auth'];

  app.post(
    '/auth/signup',
    {
      preHandler: endpointRateLimit(app, 'signup', 'ip'),
      schema: {
        tags,
        summary: 'Create an account (unverified) and send the verification code',
        body: signupInputSchema,
        response: { 201: authResponseSchema },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await auth.signup(request.actor, { ...request.body, ...clientInfo(request) })),
  );

  app.post(
    '/auth/login',
    {
      preHandler: endpointRateLimit(app, 'signin', 'ip'),
      schema: {
        tags,
        summary: 'Sign in with e-mail and password',
        body: loginInputSchema,
        response: { 200: authResponseSchema },
      },
    },
    async (request) => auth.login(request.actor, { ...request.body, ...clientInfo(request) }),
  );

  app.post(
    '/auth/logout',
    {
      schema: { tags, summary: 'Revoke the current session', response: { 200: okResponseSchema } },
    },
    async (request) => {
      await auth.logout(request.actor);
      return { ok: true as const };
    },
  );

  app.get(
    '/auth/session',
    {
      schema: { tags, summary: 'The signed-in user', response: { 200: sessionResponseSchema } },
    },
    async (request) => ({ user: await auth.session(request.actor) }),
  );

  app.post(
    '/auth/verify-email',
    {
      preHandler: [endpointRateLimit(app, 'codeCheck', 'ip'), endpointRateLimit(app, 'codeCheckPerAddress')],
      schema: {
        tags,
        summary: 'Confirm the e-mail address with the 6-digit code',
        body: verifyEmailInputSchema,
        response: { 200: sessionResponseSchema },
      },
    },
    async (request) => ({ user: await auth.verifyEmail(request.actor, request.body) }),
  );

  app.post(
    '/auth/verify-email/resend',
    {
      preHandler: [endpointRateLimit(app, 'codeSendPerIp', 'ip'), endpointRateLimit(app, 'codeSendPerAddress')],
      schema: {
        tags,
        summary: 'Send a new verification code (once a minute)',
        response: { 200: resendResponseSchema },
      },
    },
    async (request) => auth.resendVerification(request.actor),
  );

  app.post(
    '/auth/password/forgot',
    {
      preHandler: [
        endpointRateLimit(app, 'codeSendPerIp', 'ip'),
        endpointRateLimit(app, 'codeSendPerAddress', addressKey),
      ],
      schema: {
        tags,
        summary: 'Send a password-reset code and link (same answer for unknown addresses)',
        body: forgotPasswordInputSchema,
        response: { 202: okResponseSchema },
      },
    },
    async (request, reply) => {
      await auth.forgotPassword(request.actor, request.body);
      return reply.code(202).send({ ok: true as const });
    },
  );

  app.post(
    '/auth/password/reset',
    {
      preHandler: [
        endpointRateLimit(app, 'codeCheck', 'ip'),
        endpointRateLimit(app, 'codeCheckPerAddress', addressKey),
      ],
      schema: {
        tags,
        summary: 'Set a new password with the code or link token; signs out every session',
        body: resetPasswordInputSchema,
        response: { 200: okResponseSchema },
      },
    },
    async (request) => {
      await auth.resetPassword(request.actor, request.body);
      return { ok: true as const };
    },
  );
};
