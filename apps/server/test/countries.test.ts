import path from 'node:path';
import type {
  CountryDetailResponse,
  CountryListResponse,
  ImportDiff,
  RelatedDocument as RelatedDocumentWithFile,
} from '@compliance/shared/countries';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, fatfStatusChanges, files } from '../src/db/schema/index.ts';
import { systemActor } from '../src/modules/access/actor.ts';
import { defaultContentDir, loadFatfContent } from '../src/modules/countries/countries.content.ts';
import { createCountriesRepository } from '../src/modules/countries/countries.repository.ts';
import { createCountryImportService } from '../src/modules/countries/country-import.service.ts';
import { createTestUser, type TestUser } from './helpers/factories.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

const NOT_FOUND_BODY = { error: { code: 'COUNTRY_NOT_FOUND', message: 'Country not found' } };

async function list(app: TestApp, headers?: Record<string, string>): Promise<CountryListResponse> {
  const response = await app.inject({ url: '/api/countries', headers });
  expect(response.statusCode).toBe(200);
  return response.json();
}

describe('FATF countries', () => {
  let app: TestApp;
  let member: TestUser;
  let admin: TestUser;

  beforeAll(async () => {
    app = await createTestApp();
    member = await createTestUser(app);
    admin = await createTestUser(app, { role: 'admin' });
  });
  afterAll(() => app.close());

  describe('shipped content', () => {
    it('loads every jurisdiction on first start, with counts and the as-of date', async () => {
      const body = await list(app);
      expect(body.countries).toHaveLength(249);
      expect(body.counts).toEqual({ not_listed: 188, grey: 22, black: 3, no_listing: 36 });
      expect(body.meta.asOf).toBe('2026-06-19');
      expect(body.meta.credits.length).toBeGreaterThan(0);
      // Attribution in the reader's language.
      expect(body.meta.credits.at(-1)).toMatchObject({
        en: expect.stringContaining('Country names'),
        de: expect.stringContaining('Ländernamen'),
      });
      const bosnia = body.countries.find((country) => country.iso2 === 'BA');
      expect(bosnia).toMatchObject({
        status: 'grey',
        statusSince: '2026-06-19',
        names: { de: 'Bosnien und Herzegowina' },
      });
      expect(bosnia).not.toHaveProperty('removedAt');
    });

    it('loads only once, and loads newer content (a later asOf) as a change with history', async () => {
      const content = await loadFatfContent(path.join(defaultContentDir, 'fatf'));
      const service = createCountryImportService({
        access: app.access,
        repository: createCountriesRepository(app.db),
        log: app.log,
        audit: app.audit,
        publish: async () => undefined,
        recordChange: async () => undefined,
        now: () => new Date(),
      });
      expect(await service.ensureContentLoaded(content)).toBe('current');
      expect((await list(app)).countries).toHaveLength(249);

      const newer = structuredClone(content);
      newer.meta.asOf = '2026-10-23';
      const monaco = newer.jurisdictions.find((jurisdiction) => jurisdiction.iso2 === 'MC');
      if (!monaco) throw new Error('MC missing from the content');
      Object.assign(monaco, { status: 'not_listed', statusSince: '2026-10-23' });
      newer.plenaries.push({
        date: '2026-10-23',
        name: { en: 'FATF plenary, October 2026', de: 'Okt', fr: 'Oct', it: 'Ott' },
        totals: { grey: 21, black: 3 },
        changes: [{ iso2: 'MC', from: 'grey', to: 'not_listed' }],
      });
      expect(await service.ensureContentLoaded(newer)).toBe('updated');
      expect(await service.ensureContentLoaded(newer)).toBe('current');

      const after = await list(app);
      expect(after.meta.asOf).toBe('2026-10-23');
      expect(after.counts.grey).toBe(21);
      const changes = await app.inject({ url: '/api/countries/changes?limit=1' });
      expect(changes.json()).toMatchObject({
        asOf: '2026-10-23',
        changes: [
          { iso2: 'MC', fromStatus: 'grey', toStatus: 'not_listed', effectiveDate: '2026-10-23', source: 'content' },
        ],
      });
      expect(changes.json().changes[0].plenaryName.en).toBe('FATF plenary, October 2026');
    });
  });

  describe('country page and permissions', () => {
    it('shows anonymous visitors the name and status only', async () => {
      const response = await app.inject({ url: '/api/countries/ba' });
      expect(response.statusCode).toBe(200);
      const body: CountryDetailResponse = response.json();
      expect(body.access).toBe('preview');
      expect(body.country).toMatchObject({ iso2: 'BA', status: 'grey' });
      expect(body).not.toHaveProperty('timeline');
      expect(body).not.toHaveProperty('guidance');
    });

    it('shows an unverified account the preview too', async () => {
      const unverified = await createTestUser(app, { emailVerifiedAt: null });
      const response = await app.inject({ url: '/api/countries/BA', headers: unverified.headers });
      expect(response.json()).toMatchObject({ access: 'preview' });
    });

    it('shows accounts the full page: timeline, membership, due diligence, related documents', async () => {
      const response = await app.inject({ url: '/api/countries/IR?lang=de', headers: member.headers });
      expect(response.statusCode).toBe(200);
      const body: CountryDetailResponse = response.json();
      if (body.access !== 'full') throw new Error('expected the full page');
      expect(body.country.status).toBe('black');
      expect(body.guidance.label).toBe('Schwarze Liste');
      expect(body.guidance.action?.action).toBe('countermeasures');
      expect(body.guidance.dueDiligence.length).toBeGreaterThan(50);
      expect(body.timeline[0]).toMatchObject({ baseline: true, toStatus: 'black', effectiveDate: '2009-02-25' });
      expect(body.relatedDocuments.map((document) => document.id)).toContain('int-fatf-lists-explained');
      expect(body.relatedDocuments.find((document) => document.id === 'int-fatf-lists-explained')?.language).toBe('de');

      const swiss = await app.inject({ url: '/api/countries/ch?lang=fr', headers: member.headers });
      const swissBody: CountryDetailResponse = swiss.json();
      if (swissBody.access !== 'full') throw new Error('expected the full page');
      expect(swissBody.memberships.map((body) => body.shortName)).toEqual(['GAFI']);
    });

    it('links related documents to their imported knowledge-base files, and to the source until then', async () => {
      const detail = async (query: string): Promise<RelatedDocumentWithFile[]> => {
        const response = await app.inject({ url: `/api/countries/IR?${query}`, headers: member.headers });
        const body: CountryDetailResponse = response.json();
        if (body.access !== 'full') throw new Error('expected the full page');
        return body.relatedDocuments;
      };
      const before = await detail('lang=de');
      expect(before.length).toBeGreaterThan(0);
      expect(before.every((document) => document.fileId === null)).toBe(true);
      expect(before.some((document) => document.sourceUrl?.startsWith('https://'))).toBe(true);

      const imported = await app.inject({ method: 'POST', url: '/api/admin/knowledge/import', headers: admin.headers });
      expect(imported.statusCode).toBe(200);

      for (const language of ['de', 'fr'] as const) {
        const documents = await detail(`lang=${language}`);
        expect(documents.map((document) => document.id)).toEqual(before.map((document) => document.id));
        const seeded = await app.db
          .select({ id: files.id, key: files.kbSourceKey })
          .from(files)
          .where(
            inArray(
              files.kbSourceKey,
              documents.map((document) => `${document.id}:${document.language}`),
            ),
          );
        const byKey = new Map(seeded.map((row) => [row.key, row.id]));
        for (const document of documents) {
          expect(document.fileId).not.toBeNull();
          // The version in the reader's language when there is one, else the English one.
          expect(document.fileId).toBe(byKey.get(`${document.id}:${document.language}`));
        }
        expect(documents.find((document) => document.id === 'int-fatf-lists-explained')?.language).toBe(language);
      }

      // The file opens in the viewer for any account.
      const [first] = await detail('lang=de');
      const file = await app.inject({ url: `/api/documents/files/${first!.fileId}`, headers: member.headers });
      expect(file.statusCode).toBe(200);
      expect(file.json()).toMatchObject({ id: first!.fileId });
    });

    it('answers unknown and malformed ids with the same Country not found', async () => {
      for (const id of ['XX', 'zz', 'CHE', '1', 'a%20b']) {
        const response = await app.inject({ url: `/api/countries/${id}`, headers: member.headers });
        expect(response.statusCode, id).toBe(404);
        expect(response.json(), id).toEqual(NOT_FOUND_BODY);
      }
    });

    it('keeps the admin API to admins', async () => {
      const urls = [
        { method: 'GET' as const, url: '/api/admin/countries' },
        { method: 'POST' as const, url: '/api/admin/countries/review' },
        {
          method: 'PUT' as const,
          url: '/api/admin/countries/CH/status',
          payload: { status: 'grey', effectiveDate: '2026-10-23', sourceNote: 'x' },
        },
        {
          method: 'POST' as const,
          url: '/api/admin/countries/import/preview',
          payload: { format: 'csv', content: 'iso2,status\nCH,grey', effectiveDate: '2026-10-23', sourceNote: 'x' },
        },
      ];
      for (const request of urls) {
        expect((await app.inject(request)).statusCode, request.url).toBe(401);
        const forbidden = await app.inject({ ...request, headers: member.headers });
        expect(forbidden.statusCode, request.url).toBe(403);
      }
      expect((await list(app)).countries.find((country) => country.iso2 === 'CH')?.status).toBe('not_listed');
    });
  });

  describe('admin status change', () => {
    it('records the change in the history and the audit log', async () => {
      // The answer engine's facts, read once before (on PGlite they are then remembered).
      const before = await app.countries.answerFacts(systemActor);
      expect(before.countries.find((country) => country.iso2 === 'VU')?.status).toBe('not_listed');
      const response = await app.inject({
        method: 'PUT',
        url: '/api/admin/countries/vu/status',
        headers: admin.headers,
        payload: { status: 'grey', effectiveDate: '2026-10-23', sourceNote: 'FATF public statement, October 2026' },
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ iso2: 'VU', status: 'grey', statusSince: '2026-10-23' });

      const detail: CountryDetailResponse = (
        await app.inject({ url: '/api/countries/VU', headers: member.headers })
      ).json();
      if (detail.access !== 'full') throw new Error('expected the full page');
      expect(detail.timeline.at(-1)).toMatchObject({
        fromStatus: 'not_listed',
        toStatus: 'grey',
        source: 'admin',
        note: 'FATF public statement, October 2026',
      });
      const [history] = await app.db
        .select()
        .from(fatfStatusChanges)
        .where(and(eq(fatfStatusChanges.iso2, 'VU'), eq(fatfStatusChanges.source, 'admin')));
      expect(history?.actorUserId).toBe(admin.user.id);
      const audits = await app.db.select().from(auditLog).where(eq(auditLog.action, 'admin.country_status_changed'));
      expect(audits).toHaveLength(1);
      expect(audits[0]).toMatchObject({ actorUserId: admin.user.id, metadata: { iso2: 'VU', to: 'grey' } });
      // The next answer knows of the change at once.
      const after = await app.countries.answerFacts(systemActor);
      expect(after.countries.find((country) => country.iso2 === 'VU')?.status).toBe('grey');
      expect(after.changes[0]).toMatchObject({ iso2: 'VU', toStatus: 'grey' });
    });

    it('refuses an unchanged status, a black listing without its measure and unknown ids, changing nothing', async () => {
      const unchanged = await app.inject({
        method: 'PUT',
        url: '/api/admin/countries/VU/status',
        headers: admin.headers,
        payload: { status: 'grey', effectiveDate: '2026-10-24', sourceNote: 'again' },
      });
      expect(unchanged.statusCode).toBe(400);
      const noMeasure = await app.inject({
        method: 'PUT',
        url: '/api/admin/countries/VU/status',
        headers: admin.headers,
        payload: { status: 'black', effectiveDate: '2026-10-24', sourceNote: 'x' },
      });
      expect(noMeasure.statusCode).toBe(400);
      const unknown = await app.inject({
        method: 'PUT',
        url: '/api/admin/countries/XX/status',
        headers: admin.headers,
        payload: { status: 'grey', effectiveDate: '2026-10-24', sourceNote: 'x' },
      });
      expect(unknown.json()).toEqual(NOT_FOUND_BODY);
      const history = await app.db.select().from(fatfStatusChanges).where(eq(fatfStatusChanges.iso2, 'VU'));
      expect(history.filter((entry) => entry.source === 'admin')).toHaveLength(1);
    });
  });

  describe('import', () => {
    const effectiveDate = '2027-02-19';

    async function exportCsv(): Promise<string> {
      const response = await app.inject({ url: '/api/countries/export.csv?lang=de' });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('text/csv');
      expect(response.headers['content-disposition']).toContain('attachment');
      return response.body;
    }

    it('exports a CSV with BOM, a header and names in the requested language', async () => {
      const csv = await exportCsv();
      expect(csv.startsWith('\uFEFFiso2,iso3,name,')).toBe(true);
      const lines = csv.trim().split('\r\n');
      expect(lines).toHaveLength(250);
      expect(lines.find((line) => line.startsWith('DE,'))).toContain('Deutschland');
      expect(lines.find((line) => line.startsWith('BA,'))).toContain('Graue Liste');
    });

    it('shows the diff before applying, applies it atomically and records the history', async () => {
      const lines = (await exportCsv())
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\r\n');
      const edited = lines
        .filter((line) => !line.startsWith('AQ,')) // removed
        .map((line) => (line.startsWith('KE,') ? line.replace(',grey,', ',not_listed,') : line)) // changed
        .concat(['XK,XKX,,Europe,false,MONEYVAL,grey,,,,,,']); // added, but without names
      const payload = { format: 'csv', content: edited.join('\n'), effectiveDate, sourceNote: 'Plenary February 2027' };

      const invalid = await app.inject({
        method: 'POST',
        url: '/api/admin/countries/import/preview',
        headers: admin.headers,
        payload,
      });
      expect(invalid.statusCode).toBe(400);
      expect(invalid.json()).toMatchObject({
        error: { code: 'COUNTRY_IMPORT_INVALID', fields: { '250': 'missingNames' } },
      });

      // The export has one `name` column; a new jurisdiction needs name_en (and may have the others).
      const header = `${edited[0]},name_en,name_de`;
      const withNames = [header, ...edited.slice(1, -1).map((line) => `${line},,`), `${edited.at(-1)},Kosovo,Kosovo`];
      const good = { ...payload, content: withNames.join('\n') };
      const before = await list(app);
      const preview = await app.inject({
        method: 'POST',
        url: '/api/admin/countries/import/preview',
        headers: admin.headers,
        payload: good,
      });
      expect(preview.statusCode).toBe(200);
      const diff: ImportDiff = preview.json();
      expect(diff.totals).toEqual({ added: 1, removed: 1, changed: 1, unchanged: 247 });
      expect(diff.added[0]).toMatchObject({ iso2: 'XK', toStatus: 'grey', names: { en: 'Kosovo', fr: 'Kosovo' } });
      expect(diff.removed[0]).toMatchObject({ iso2: 'AQ', fromStatus: 'no_listing', toStatus: null });
      expect(diff.changed[0]).toMatchObject({ iso2: 'KE', fromStatus: 'grey', toStatus: 'not_listed' });
      expect(diff.changed[0]?.fields).toContain('status');
      expect(await list(app)).toEqual(before); // a preview changes nothing

      const stale = await app.inject({
        method: 'POST',
        url: '/api/admin/countries/import/apply',
        headers: admin.headers,
        payload: { ...good, baseVersion: diff.baseVersion - 1 },
      });
      expect(stale.statusCode).toBe(409);
      expect(stale.json()).toMatchObject({ error: { code: 'COUNTRY_IMPORT_STALE' } });
      expect(await list(app)).toEqual(before);

      const applied = await app.inject({
        method: 'POST',
        url: '/api/admin/countries/import/apply',
        headers: admin.headers,
        payload: { ...good, baseVersion: diff.baseVersion },
      });
      expect(applied.statusCode).toBe(200);
      expect(applied.json()).toMatchObject({ applied: diff.totals, asOf: effectiveDate });

      const after = await list(app);
      expect(after.meta.asOf).toBe(effectiveDate);
      expect(after.countries).toHaveLength(249);
      expect(after.countries.find((country) => country.iso2 === 'KE')).toMatchObject({
        status: 'not_listed',
        statusSince: effectiveDate,
      });
      expect(after.countries.some((country) => country.iso2 === 'AQ')).toBe(false);
      for (const country of after.countries) expect(country.lastCheckedAt >= before.meta.lastCheckedAt).toBe(true);

      // The removed jurisdiction: the same "Country not found" as an unknown one, except for admins.
      expect((await app.inject({ url: '/api/countries/AQ', headers: member.headers })).json()).toEqual(NOT_FOUND_BODY);
      expect((await app.inject({ url: '/api/countries/AQ' })).json()).toEqual(NOT_FOUND_BODY);
      expect((await app.inject({ url: '/api/countries/AQ', headers: admin.headers })).statusCode).toBe(200);
      const adminList: CountryListResponse = (
        await app.inject({ url: '/api/admin/countries', headers: admin.headers })
      ).json();
      expect(adminList.countries.find((country) => country.iso2 === 'AQ')?.removedAt).toEqual(expect.any(String));

      const kenya: CountryDetailResponse = (
        await app.inject({ url: '/api/countries/KE', headers: member.headers })
      ).json();
      if (kenya.access !== 'full') throw new Error('expected the full page');
      expect(kenya.timeline.at(-1)).toMatchObject({
        fromStatus: 'grey',
        toStatus: 'not_listed',
        source: 'import',
        effectiveDate,
        note: 'Plenary February 2027',
      });
      const audits = await app.db.select().from(auditLog).where(eq(auditLog.action, 'admin.countries_imported'));
      expect(audits).toHaveLength(1);

      // A fresh export, imported again, changes nothing.
      const again = await app.inject({
        method: 'POST',
        url: '/api/admin/countries/import/preview',
        headers: admin.headers,
        payload: { ...good, content: await exportCsv() },
      });
      expect(again.json().totals).toEqual({ added: 0, removed: 0, changed: 0, unchanged: 249 });
    });

    it('reads the JSON shape of content/fatf/jurisdictions.json and reports bad lines', async () => {
      const content = JSON.stringify([
        { iso2: 'CH', status: 'grey' },
        { iso2: 'IR', status: 'black' },
        { iso2: 'KP', status: 'purple' },
      ]);
      const response = await app.inject({
        method: 'POST',
        url: '/api/admin/countries/import/preview',
        headers: admin.headers,
        payload: { format: 'json', content, effectiveDate, sourceNote: 'x' },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.fields).toEqual({ '3': 'invalidStatus' });

      const unreadable = await app.inject({
        method: 'POST',
        url: '/api/admin/countries/import/preview',
        headers: admin.headers,
        payload: { format: 'json', content: '{nope', effectiveDate, sourceNote: 'x' },
      });
      expect(unreadable.json().error.fields).toEqual({ file: 'unreadable' });
    });

    it('marks the list as reviewed', async () => {
      const response = await app.inject({ method: 'POST', url: '/api/admin/countries/review', headers: admin.headers });
      expect(response.statusCode).toBe(200);
      const { lastCheckedAt } = response.json();
      expect((await list(app)).meta.lastCheckedAt).toBe(lastCheckedAt);
    });
  });
});
