import path from 'node:path';
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
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  defaultContentDir,
  loadFatfContent,
  loadFatfKnowledgeDocuments,
  type FatfContent,
} from './countries.content.ts';
import { realtimeOrigin } from '../../plugins/realtime.ts';
import { createCountriesRepository } from './countries.repository.ts';
import { createCountriesService, type CountriesPublisher, type RequestContext } from './countries.service.ts';

export interface CountriesRoutesOptions {
  /** The `content/` folder (FATF data in `fatf/`, knowledge base in `knowledge-base/`). */
  contentDir?: string;
  /** Use this content instead of reading `contentDir/fatf` (tests). */
  content?: FatfContent;
}

function context(request: FastifyRequest): RequestContext {
  return { user: request.auth?.user ?? null, ipAddress: request.ip, originConnectionId: realtimeOrigin(request) };
}

const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema };

/**
 * FATF country pages: the public list, a country's page (full for accounts), the latest changes,
 * the CSV export, and the admin tools (status change, list import with a diff first, review).
 * Loads content/fatf into the database on first start (and newer content on later starts).
 */
export const countriesRoutes: FastifyPluginAsyncZod<CountriesRoutesOptions> = async (app, options) => {
  const contentDir = options.contentDir ?? defaultContentDir;
  const repository = createCountriesRepository(app.db);
  // Every signed-in tab hears about list changes (the dashboard and country pages refresh); the tab
  // that made the change is not echoed.
  const publish: CountriesPublisher | undefined = app.hasDecorator('realtime')
    ? (event) => {
        const { originConnectionId, ...data } = event;
        void app.realtime
          .publish({ broadcast: true, type: 'countries.updated', data, originConnectionId })
          .catch((error: unknown) => app.log.warn({ err: error }, 'Could not publish countries.updated'));
      }
    : undefined;
  const service = createCountriesService({
    repository,
    log: app.log.child({ component: 'countries' }),
    audit: app.hasDecorator('accounts') ? app.accounts.audit : undefined,
    publish,
    relatedDocuments: await loadFatfKnowledgeDocuments(path.join(contentDir, 'knowledge-base')),
    // The knowledge module registers after this one: look it up when a page is asked for.
    knowledgeFiles: {
      findSeededFileIds: async (documents) =>
        app.hasDecorator('knowledge') ? app.knowledge.findSeededFileIds(documents) : new Map<string, string>(),
    },
  });
  const outcome = await service.ensureContentLoaded(
    options.content ?? (await loadFatfContent(path.join(contentDir, 'fatf'))),
  );
  app.log.info({ outcome }, 'FATF country data ready');

  app.get(
    '/countries',
    {
      schema: {
        tags: ['countries'],
        summary: 'Every jurisdiction with its FATF listing status, counts per status and the as-of date',
        response: { 200: countryListResponseSchema },
      },
    },
    async (request) => service.listCountries(context(request)),
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
    async (request) => service.listChanges(context(request), request.query.limit),
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
      const csv = await service.exportCsv(context(request), request.query.lang);
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
    async (request) => service.getCountry(context(request), request.params.id, request.query.lang),
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
    async (request) => service.listCountries(context(request), { includeRemoved: true }),
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
    async (request) => service.changeStatus(context(request), request.params.id, request.body),
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
    async (request) => service.previewImport(context(request), request.body),
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
    async (request) => service.applyImport(context(request), request.body),
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
    async (request) => service.markReviewed(context(request)),
  );
};
