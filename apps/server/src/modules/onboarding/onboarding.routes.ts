import {
  acceptCompanyInvitationInputSchema,
  companyInvitationPreviewSchema,
  companyOnboardingInputSchema,
  companySchema,
  invitationTokenSchema,
  inviteCompanyMemberInputSchema,
  onboardingStateSchema,
  updateCompanyMemberInputSchema,
  removeCompanyMemberQuerySchema,
  userOnboardingInputSchema,
} from '@compliance/shared/billing';
import { errorBodySchema } from '@compliance/shared/errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { OnboardingService } from './onboarding.service.ts';

const errors = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
  410: errorBodySchema,
};

const memberParams = z.object({ userId: z.uuid() });
const invitationParams = z.object({ invitationId: z.uuid() });

/** /onboarding/user and /onboarding/company, the company's members and its invitations. */
export const onboardingRoutes: FastifyPluginAsyncZod<{ onboarding: OnboardingService }> = async (
  app,
  { onboarding },
) => {
  app.get(
    '/onboarding',
    {
      schema: {
        tags: ['onboarding'],
        summary: 'What the caller has told about themselves and their company',
        response: { 200: onboardingStateSchema, ...errors },
      },
    },
    async (request) => onboarding.state(request.actor),
  );

  app.put(
    '/onboarding/user',
    {
      schema: {
        tags: ['onboarding'],
        summary: 'Save name, language, role and areas of interest',
        body: userOnboardingInputSchema,
        response: { 200: onboardingStateSchema, ...errors },
      },
    },
    async (request) => onboarding.saveUser(request.actor, request.body),
  );

  app.put(
    '/onboarding/company',
    {
      schema: {
        tags: ['onboarding'],
        summary: 'Create the caller’s company (they become its admin) or update its profile',
        body: companyOnboardingInputSchema,
        response: { 200: companySchema, ...errors },
      },
    },
    async (request) => onboarding.saveCompany(request.actor, request.body),
  );

  app.get(
    '/company',
    {
      schema: {
        tags: ['onboarding'],
        summary: 'The caller’s company, its members and (for admins) its open invitations',
        response: { 200: companySchema, ...errors },
      },
    },
    async (request) => onboarding.company(request.actor),
  );

  app.post(
    '/company/invitations',
    {
      schema: {
        tags: ['onboarding'],
        summary: 'Invite a colleague by e-mail (an open invitation takes a seat)',
        body: inviteCompanyMemberInputSchema,
        response: { 200: companySchema, ...errors },
      },
    },
    async (request) => onboarding.invite(request.actor, request.body),
  );

  app.post(
    '/company/invitations/:invitationId/resend',
    {
      schema: {
        tags: ['onboarding'],
        summary: 'Send an open invitation again, with a new link and expiry',
        params: invitationParams,
        response: { 200: companySchema, ...errors },
      },
    },
    async (request) => onboarding.resendInvitation(request.actor, request.params),
  );

  app.delete(
    '/company/invitations/:invitationId',
    {
      schema: {
        tags: ['onboarding'],
        summary: 'Revoke an open invitation (its seat is free again)',
        params: invitationParams,
        response: { 200: companySchema, ...errors },
      },
    },
    async (request) => onboarding.revokeInvitation(request.actor, request.params),
  );

  app.get(
    '/invitations/preview',
    {
      schema: {
        tags: ['onboarding'],
        summary: 'The invitation behind a link: company, invited address, expiry',
        querystring: z.object({ token: invitationTokenSchema }),
        response: { 200: companyInvitationPreviewSchema, ...errors },
      },
    },
    async (request) => onboarding.previewInvitation(request.actor, request.query),
  );

  app.post(
    '/invitations/accept',
    {
      schema: {
        tags: ['onboarding'],
        summary: 'Accept an invitation with the invited account and join the company',
        body: acceptCompanyInvitationInputSchema,
        response: { 200: companySchema, ...errors },
      },
    },
    async (request) => onboarding.acceptInvitation(request.actor, request.body),
  );

  app.patch(
    '/company/members/:userId',
    {
      schema: {
        tags: ['onboarding'],
        summary: 'Change a member’s role (the last admin cannot be demoted)',
        params: memberParams,
        body: updateCompanyMemberInputSchema,
        response: { 200: companySchema, ...errors },
      },
    },
    async (request) => onboarding.changeMemberRole(request.actor, { ...request.params, ...request.body }),
  );

  app.delete(
    '/company/members/:userId',
    {
      schema: {
        tags: ['onboarding'],
        summary:
          'Remove a member from the company; their data stays theirs, or their documents go to another member (null when admins remove themselves)',
        params: memberParams,
        querystring: removeCompanyMemberQuerySchema,
        response: { 200: companySchema.nullable(), ...errors },
      },
    },
    async (request) => onboarding.removeMember(request.actor, { ...request.params, ...request.query }),
  );
};
