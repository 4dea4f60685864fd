import {
  addCompanyMemberInputSchema,
  companyOnboardingInputSchema,
  companySchema,
  onboardingStateSchema,
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
};

/** /onboarding/user and /onboarding/company, and the company's members. */
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
        summary: 'Create the caller’s company (they become its admin) or update it',
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
        summary: 'The caller’s company and its members',
        response: { 200: companySchema, ...errors },
      },
    },
    async (request) => onboarding.company(request.actor),
  );

  app.post(
    '/company/members',
    {
      schema: {
        tags: ['onboarding'],
        summary: 'Add a colleague with an account to the company (one seat each)',
        body: addCompanyMemberInputSchema,
        response: { 200: companySchema, ...errors },
      },
    },
    async (request) => onboarding.addMember(request.actor, request.body),
  );

  app.delete(
    '/company/members/:userId',
    {
      schema: {
        tags: ['onboarding'],
        summary: 'Remove a member from the company (their own data stays theirs)',
        params: z.object({ userId: z.uuid() }),
        response: { 200: companySchema, ...errors },
      },
    },
    async (request) => onboarding.removeMember(request.actor, request.params),
  );
};
