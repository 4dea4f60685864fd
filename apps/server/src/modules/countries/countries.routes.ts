import {
  applyCountryImportInputSchema,
  applyImportResponseSchema,
  changeCountryStatusInputSchema,
  countryChangesQuerySchema,
  countryChangesResponseSchema,
  countryDetailQuerySchema,
  countryDetailResponseSchema,
  countryExportQuerySchema,
  countryImportInputSchema,
  countryListResponseSchema,
  countryParamsSchema,
  countrySummarySchema,
  importDiffSchema,
  reviewResponseSchema,
} from '@compliance/shared/countries';
import { errorBodySchema } from '@compliance/shared/errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { realtimeOrigin } from '../../plugins/realtime.ts';
import type { CountriesService } from './countries.service.ts';

const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema };

/**
 * FATF country pages: the public list, a country's page (full for accounts), the latest changes,
 * the CSV export, and the admin tools (status change, list import with a diff first, review).
 */
export const countriesRoutes: FastifyPluginAsyncZod<{ countries: CountriesService }> = async (
  app,
  { countries: service },
) => {
  app.get(
    '/countries',
    {
      schema: {
        tags: ['countries'],
        summary: 'Every jurisdiction with its FATF listing status, counts per status and the as-of date',
        response: { 200: countryListResponseSchema },
      },
    },
    async (request) => service.listCountries(request.actor),
  );

  app.get(
    '/countries/changes',
    {
      schema: {
        tags: ['countries'],
        summary: 'The latest FATF list changes, newest first',
        querystring: countryChangesQuerySchema,
        response: { 200: countryChangesResponseSchema, 400: errorBodySchema },
      },
    },
    async (request) => service.listChanges(request.actor, request.query),
  );

  app.get(
    '/countries/export.csv',
    {
      schema: {
        tags: ['countries'],
        summary: 'The list as CSV (UTF-8 with BOM), names in the requested language',
        querystring: countryExportQuerySchema,
      },
    },
    async (request, reply) => {
      const csv = await service.exportCsv(request.actor, { language: request.query.lang });
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="fatf-countries-${request.query.lang}.csv"`)
        .header('cache-control', 'no-store')
        .send(csv);
    },
  );

  app.get(
    '/countries/:id',
    {
      schema: {
        tags: ['countries'],
        summary: "A jurisdiction's page: name and status for everyone, the full page for accounts",
        params: countryParamsSchema,
        querystring: countryDetailQuerySchema,
        response: { 200: countryDetailResponseSchema, ...errors },
      },
    },
    async (request) => service.getCountry(request.actor, { id: request.params.id, language: request.query.lang }),
  );

  // ——— Admin (the /api/admin prefix is guarded for admins by the auth plugin) ———

  app.get(
    '/admin/countries',
    {
      schema: {
        tags: ['countries', 'admin'],
        summary: 'Every jurisdiction, including those removed by an import',
        response: { 200: countryListResponseSchema, ...errors },
      },
    },
    async (request) => service.listAllCountries(request.actor),
  );

  app.put(
    '/admin/countries/:id/status',
    {
      schema: {
        tags: ['countries', 'admin'],
        summary: "Change a jurisdiction's status (recorded in its history and the audit log)",
        params: countryParamsSchema,
        body: changeCountryStatusInputSchema,
        response: { 200: countrySummarySchema, ...errors },
      },
    },
    async (request) =>
      service.changeStatus(request.actor, { ...request.body, id: request.params.id, origin: realtimeOrigin(request) }),
  );

  app.post(
    '/admin/countries/import/preview',
    {
      schema: {
        tags: ['countries', 'admin'],
        summary: 'Compare a whole new list (CSV or JSON) with the stored one; changes nothing',
        body: countryImportInputSchema,
        response: { 200: importDiffSchema, ...errors },
      },
    },
    async (request) => service.previewImport(request.actor, request.body),
  );

  app.post(
    '/admin/countries/import/apply',
    {
      schema: {
        tags: ['countries', 'admin'],
        summary: 'Apply a previewed list atomically (409 when the list changed since the preview)',
        body: applyCountryImportInputSchema,
        response: { 200: applyImportResponseSchema, 409: errorBodySchema, ...errors },
      },
    },
    async (request) => service.applyImport(request.actor, { ...request.body, origin: realtimeOrigin(request) }),
  );

  app.post(
    '/admin/countries/review',
    {
      schema: {
        tags: ['countries', 'admin'],
        summary: 'Mark the list as reviewed today (updates "last checked")',
        response: { 200: reviewResponseSchema, ...errors },
      },
    },
    async (request) => service.markReviewed(request.actor, { origin: realtimeOrigin(request) }),
  );
};
