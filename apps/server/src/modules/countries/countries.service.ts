import type {
  ApplyImportResponse,
  ChangeCountryStatusInput,
  CountryChange,
  CountryChangesResponse,
  CountryDetailResponse,
  CountryImportInput,
  CountryLanguage,
  CountryListResponse,
  CountryStatusCounts,
  CountrySummary,
  ImportDiff,
  RelatedDocument,
} from '@compliance/shared/countries';
import type { FastifyBaseLogger } from 'fastify';
import type { DbExecutor } from '../../db/client.ts';
import type { FatfDatasetRow, FatfJurisdictionRow } from '../../db/schema/index.ts';
import { AppError } from '../../plugins/errors.ts';
import type { AuthUser } from '../auth/session.service.ts';
import {
  pickDocumentLanguage,
  type FatfContent,
  type KnowledgeBaseDocument,
  type RegionalBodies,
  type StatusTexts,
} from './countries.content.ts';
import { seededSourceKey } from '../knowledge/knowledge.service.ts';
import {
  ImportParseError,
  parseImport,
  planImport,
  type ImportPlan,
  type JurisdictionRecord,
  type StoredJurisdiction,
} from './countries.import.ts';
import type {
  CountriesRepository,
  NewJurisdictionRow,
  NewStatusChangeRow,
  StatusChangeWithNames,
} from './countries.repository.ts';

/** What the service needs from the audit module (kept narrow so the module stays optional in tests). */
export interface CountriesAudit {
  record(
    action: 'admin.country_status_changed' | 'admin.countries_imported' | 'admin.countries_reviewed',
    entry: { actor: { id: string; email: string }; ipAddress?: string; metadata?: Record<string, unknown> },
    tx?: DbExecutor,
  ): Promise<void>;
}

/** Published after each committed change (realtime `countries.updated`). */
export type CountriesPublisher = (event: {
  reason: 'status_changed' | 'imported' | 'reviewed';
  asOf: string;
  changed: string[];
  /** The browser tab that made the change (it is not echoed). */
  originConnectionId: string | null;
}) => void;

/**
 * What the service needs from the knowledge module (its service): the files the starter documents
 * became, keyed `<id>:<language>` (`seededSourceKey`). Without it, documents link to their source only.
 */
export interface CountriesKnowledgeFiles {
  findSeededFileIds(documents: Array<{ id: string; language: string }>): Promise<Map<string, string>>;
}

export interface CountriesServiceDeps {
  repository: CountriesRepository;
  log: FastifyBaseLogger;
  audit?: CountriesAudit | undefined;
  publish?: CountriesPublisher | undefined;
  /** FATF documents of the knowledge base, by document id (one entry per language version). */
  relatedDocuments?: Map<string, KnowledgeBaseDocument[]>;
  knowledgeFiles?: CountriesKnowledgeFiles | undefined;
  now?: () => Date;
}

export interface RequestContext {
  user: AuthUser | null;
  ipAddress?: string;
  originConnectionId?: string | null;
}

const notFound = () => new AppError('COUNTRY_NOT_FOUND', 404, 'Country not found');

function isAdmin(user: AuthUser | null): user is AuthUser {
  return user?.role === 'admin' && user.emailVerified;
}

function assertAdmin(user: AuthUser | null): asserts user is AuthUser {
  if (!user) throw new AppError('UNAUTHENTICATED', 401, 'Sign in to continue');
  if (!isAdmin(user)) throw new AppError('FORBIDDEN', 403, 'Administrators only');
}

/** A signed-in, verified account sees a country's full page; everyone else a preview. */
function hasAccount(user: AuthUser | null): boolean {
  return Boolean(user?.emailVerified);
}

function toRecord(row: FatfJurisdictionRow): StoredJurisdiction {
  return {
    iso2: row.iso2,
    iso3: row.iso3,
    names: { en: row.nameEn, de: row.nameDe, fr: row.nameFr, it: row.nameIt },
    region: row.region,
    fatfMember: row.fatfMember,
    fsrbs: row.fsrbs,
    status: row.status,
    blackListAction: row.blackListAction ?? null,
    statusSince: row.statusSince,
    removed: row.removedAt !== null,
  };
}

function recordColumns(record: JurisdictionRecord) {
  return {
    iso3: record.iso3,
    nameEn: record.names.en,
    nameDe: record.names.de,
    nameFr: record.names.fr,
    nameIt: record.names.it,
    region: record.region,
    fatfMember: record.fatfMember,
    fsrbs: record.fsrbs,
    status: record.status,
    blackListAction: record.blackListAction,
    statusSince: record.statusSince,
  };
}

function toSummary(row: FatfJurisdictionRow, { admin }: { admin: boolean }): CountrySummary {
  return {
    iso2: row.iso2,
    iso3: row.iso3,
    names: { en: row.nameEn, de: row.nameDe, fr: row.nameFr, it: row.nameIt },
    region: row.region,
    fatfMember: row.fatfMember,
    fsrbs: row.fsrbs,
    status: row.status,
    blackListAction: row.blackListAction ?? null,
    statusSince: row.statusSince,
    lastCheckedAt: row.lastCheckedAt.toISOString(),
    lastUpdatedAt: row.lastUpdatedAt.toISOString(),
    ...(admin ? { removedAt: row.removedAt?.toISOString() ?? null } : {}),
  };
}

function toChange(row: StatusChangeWithNames): CountryChange {
  return {
    id: row.id,
    iso2: row.iso2,
    names: { en: row.nameEn, de: row.nameDe, fr: row.nameFr, it: row.nameIt },
    fromStatus: row.fromStatus,
    toStatus: row.toStatus,
    blackListAction: row.blackListAction ?? null,
    effectiveDate: row.effectiveDate,
    baseline: row.baseline,
    plenaryName: row.plenaryName ?? null,
    source: row.source,
    note: row.note,
    recordedAt: row.recordedAt.toISOString(),
  };
}

function countStatuses(rows: Array<{ status: FatfJurisdictionRow['status'] }>): CountryStatusCounts {
  const counts: CountryStatusCounts = { not_listed: 0, grey: 0, black: 0, no_listing: 0 };
  for (const row of rows) counts[row.status] += 1;
  return counts;
}

function startOfDay(isoDate: string): Date {
  return new Date(`${isoDate}T00:00:00.000Z`);
}

function laterDate(a: string, b: string): string {
  return a >= b ? a : b;
}

/** A CSV cell: quoted when needed, and never read by a spreadsheet as a formula. */
function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n;]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

export function createCountriesService({
  repository,
  log,
  audit,
  publish,
  relatedDocuments = new Map(),
  knowledgeFiles,
  now = () => new Date(),
}: CountriesServiceDeps) {
  async function requireDataset(tx?: DbExecutor): Promise<FatfDatasetRow> {
    const dataset = await repository.getDataset(tx);
    if (!dataset) throw new Error('The FATF data set has not been loaded');
    return dataset;
  }

  /** Writes a plan computed inside the same transaction; returns the iso2 codes whose status changed. */
  async function writePlan(
    tx: DbExecutor,
    plan: ImportPlan,
    {
      effectiveDateFor,
      plenaryNameFor,
      source,
      note,
      actorUserId,
      at,
    }: {
      effectiveDateFor: (record: JurisdictionRecord) => string | null;
      plenaryNameFor: (date: string | null) => NewStatusChangeRow['plenaryName'];
      source: 'content' | 'import';
      note: string;
      actorUserId: string | null;
      at: Date;
    },
  ): Promise<string[]> {
    const changes: NewStatusChangeRow[] = [];
    const touched: string[] = [];
    const restored = new Set(
      (await repository.listJurisdictions({ includeRemoved: true }, tx))
        .filter((row) => row.removedAt)
        .map((row) => row.iso2),
    );
    const inserts: NewJurisdictionRow[] = [];
    for (const record of plan.added) {
      const effectiveDate = effectiveDateFor(record);
      const row = { ...recordColumns(record), lastCheckedAt: at, lastUpdatedAt: at, removedAt: null };
      if (restored.has(record.iso2)) await repository.updateJurisdiction(tx, record.iso2, row);
      else inserts.push({ iso2: record.iso2, ...row });
      changes.push({
        iso2: record.iso2,
        fromStatus: null,
        toStatus: record.status,
        blackListAction: record.blackListAction,
        effectiveDate,
        plenaryName: plenaryNameFor(effectiveDate),
        source,
        note,
        actorUserId,
        recordedAt: at,
      });
      touched.push(record.iso2);
    }
    await repository.insertJurisdictions(tx, inserts);
    for (const { before, after, statusChanged } of plan.changed) {
      await repository.updateJurisdiction(tx, after.iso2, {
        ...recordColumns(after),
        lastCheckedAt: at,
        lastUpdatedAt: at,
      });
      if (!statusChanged) continue;
      const effectiveDate = effectiveDateFor(after);
      changes.push({
        iso2: after.iso2,
        fromStatus: before.status,
        toStatus: after.status,
        blackListAction: after.blackListAction,
        effectiveDate,
        plenaryName: plenaryNameFor(effectiveDate),
        source,
        note,
        actorUserId,
        recordedAt: at,
      });
      touched.push(after.iso2);
    }
    await repository.markRemoved(
      tx,
      plan.removed.map((record) => record.iso2),
      at,
    );
    for (const record of plan.removed) {
      const effectiveDate = effectiveDateFor(record);
      changes.push({
        iso2: record.iso2,
        fromStatus: record.status,
        toStatus: null,
        blackListAction: null,
        effectiveDate,
        plenaryName: plenaryNameFor(effectiveDate),
        source,
        note,
        actorUserId,
        recordedAt: at,
      });
      touched.push(record.iso2);
    }
    await repository.insertChanges(tx, changes);
    await repository.markAllChecked(tx, at);
    return touched;
  }

  async function storedJurisdictions(tx: DbExecutor): Promise<StoredJurisdiction[]> {
    return (await repository.listJurisdictions({ includeRemoved: true }, tx)).map(toRecord);
  }

  function planOrThrow(stored: StoredJurisdiction[], input: CountryImportInput): ImportPlan {
    try {
      return planImport(stored, parseImport(input.format, input.content), input.effectiveDate);
    } catch (error) {
      if (error instanceof ImportParseError) {
        throw new AppError('COUNTRY_IMPORT_INVALID', 400, error.message, { fields: error.problems });
      }
      throw error;
    }
  }

  /** The documents in the reader's language, each with its imported file when there is one. */
  async function relatedFor(language: CountryLanguage): Promise<RelatedDocument[]> {
    const picked = pickDocumentLanguage(relatedDocuments, language);
    let fileIds = new Map<string, string>();
    if (knowledgeFiles && picked.length > 0) {
      try {
        fileIds = await knowledgeFiles.findSeededFileIds(picked);
      } catch (error) {
        // The links to the official sources still work: degrade instead of failing the page.
        log.warn({ err: error }, 'Could not look up the knowledge-base files of the related documents');
      }
    }
    return picked.map((document) => ({
      ...document,
      fileId: fileIds.get(seededSourceKey(document.id, document.language)) ?? null,
    }));
  }

  function safePublish(event: Parameters<CountriesPublisher>[0]): void {
    try {
      publish?.(event);
    } catch (error) {
      log.warn({ err: error }, 'Could not publish the FATF list change');
    }
  }

  return {
    /**
     * Loads content/fatf into the database on the first start, and again when the files are newer
     * (their `asOf` is later than the data in the database, which an admin import may have moved on).
     * Status and body texts are refreshed on every start. Safe with several processes starting at once.
     */
    async ensureContentLoaded(content: FatfContent): Promise<'seeded' | 'updated' | 'current'> {
      const at = now();
      const texts = {
        statusTexts: content.statusTexts,
        regionalBodies: content.regionalBodies,
        sources: content.meta.sources,
        credits: content.meta.credits,
      };
      return repository.transaction(async (tx) => {
        const created = await repository.insertDatasetIfMissing(tx, {
          asOf: content.meta.asOf,
          contentAsOf: content.meta.asOf,
          lastCheckedAt: startOfDay(content.meta.lastChecked),
          ...texts,
        });
        const plenaryByDate = new Map(content.plenaries.map((plenary) => [plenary.date, plenary.name]));
        if (created) {
          const lastCheckedAt = startOfDay(content.meta.lastChecked);
          const lastChangeDate = new Map<string, string>();
          for (const plenary of content.plenaries) {
            for (const change of plenary.changes) if (!change.baseline) lastChangeDate.set(change.iso2, plenary.date);
          }
          await repository.insertJurisdictions(
            tx,
            content.jurisdictions.map((jurisdiction) => ({
              iso2: jurisdiction.iso2,
              ...recordColumns(jurisdiction),
              lastCheckedAt,
              lastUpdatedAt: startOfDay(lastChangeDate.get(jurisdiction.iso2) ?? content.meta.asOf),
            })),
          );
          await repository.insertChanges(
            tx,
            content.plenaries.flatMap((plenary) =>
              plenary.changes.map((change) => ({
                iso2: change.iso2,
                fromStatus: change.from,
                toStatus: change.to,
                blackListAction: change.action ?? null,
                effectiveDate: change.baseline ? (change.since ?? null) : plenary.date,
                baseline: change.baseline ?? false,
                plenaryName: change.baseline ? null : plenary.name,
                source: 'content' as const,
                recordedAt: at,
              })),
            ),
          );
          return 'seeded';
        }

        const dataset = await repository.lockDataset(tx);
        if (!dataset) throw new Error('The FATF data set row is missing');
        await repository.updateDataset(tx, texts, { bumpVersion: false });
        if (content.meta.asOf <= dataset.contentAsOf) return 'current';
        if (content.meta.asOf <= dataset.asOf) {
          // An admin already imported a list at least as recent: keep it, remember the files were seen.
          await repository.updateDataset(tx, { contentAsOf: content.meta.asOf }, { bumpVersion: false });
          log.info({ contentAsOf: content.meta.asOf, asOf: dataset.asOf }, 'FATF content is not newer than the data');
          return 'current';
        }
        const plan = planImport(
          await storedJurisdictions(tx),
          content.jurisdictions.map((jurisdiction, index) => ({ line: index + 1, ...jurisdiction })),
          content.meta.asOf,
        );
        const contentChecked = startOfDay(content.meta.lastChecked);
        const touched = await writePlan(tx, plan, {
          effectiveDateFor: (record) => record.statusSince ?? content.meta.asOf,
          plenaryNameFor: (date) => (date ? (plenaryByDate.get(date) ?? null) : null),
          source: 'content',
          note: '',
          actorUserId: null,
          at,
        });
        await repository.updateDataset(
          tx,
          {
            asOf: content.meta.asOf,
            contentAsOf: content.meta.asOf,
            lastCheckedAt: contentChecked > dataset.lastCheckedAt ? contentChecked : dataset.lastCheckedAt,
          },
          { bumpVersion: true },
        );
        log.info({ asOf: content.meta.asOf, changed: touched.length }, 'Loaded newer FATF content');
        return 'updated';
      });
    },

    /** Public: every jurisdiction with its status (admins also see removed ones when they ask). */
    async listCountries(context: RequestContext, { includeRemoved = false } = {}): Promise<CountryListResponse> {
      const admin = includeRemoved && isAdmin(context.user);
      if (includeRemoved) assertAdmin(context.user);
      const [dataset, rows] = await Promise.all([
        requireDataset(),
        repository.listJurisdictions({ includeRemoved: admin }),
      ]);
      return {
        meta: {
          asOf: dataset.asOf,
          lastCheckedAt: dataset.lastCheckedAt.toISOString(),
          credits: dataset.credits as string[],
          sources: dataset.sources as Array<{ title: string; url: string }>,
        },
        counts: countStatuses(rows.filter((row) => row.removedAt === null)),
        countries: rows.map((row) => toSummary(row, { admin })),
      };
    },

    /**
     * One jurisdiction. Unknown codes and jurisdictions the caller may not see (removed ones, for
     * everyone but admins) give the same COUNTRY_NOT_FOUND. Without an account: name and status only.
     */
    async getCountry(
      context: RequestContext,
      rawId: string,
      language: CountryLanguage,
    ): Promise<CountryDetailResponse> {
      const iso2 = rawId.trim().toUpperCase();
      if (!/^[A-Z]{2}$/.test(iso2)) throw notFound();
      const row = await repository.findJurisdiction(iso2);
      if (!row || (row.removedAt !== null && !isAdmin(context.user))) throw notFound();
      const dataset = await requireDataset();
      const country = toSummary(row, { admin: isAdmin(context.user) });
      if (!hasAccount(context.user)) return { access: 'preview', asOf: dataset.asOf, country };

      const statusTexts = dataset.statusTexts as StatusTexts;
      const bodies = dataset.regionalBodies as RegionalBodies;
      const texts = statusTexts.statuses.find((entry) => entry.status === row.status);
      const actionTexts = texts?.actions?.find((entry) => entry.action === row.blackListAction);
      const fatf = bodies.find((body) => body.type === 'fatf');
      const memberships = [
        ...(row.fatfMember && fatf ? [fatf] : []),
        ...row.fsrbs.map((code) => bodies.find((body) => body.code === code)).filter((body) => body !== undefined),
      ].map((body) => ({
        code: body.code,
        type: body.type,
        name: body.name[language],
        shortName: body.shortName[language],
        description: body.description[language],
        website: body.website,
      }));
      return {
        access: 'full',
        asOf: dataset.asOf,
        country,
        memberships,
        fatfMembershipSuspended: Boolean(fatf?.membershipSuspended?.includes(row.iso2)),
        guidance: {
          label: texts?.label[language] ?? row.status,
          officialListName: texts?.officialListName?.[language] ?? null,
          description: texts?.description[language] ?? '',
          dueDiligence: texts?.dueDiligence[language] ?? '',
          action: actionTexts
            ? {
                action: actionTexts.action,
                label: actionTexts.label[language],
                description: actionTexts.description[language],
                dueDiligence: actionTexts.dueDiligence[language],
              }
            : null,
          swissContext: statusTexts.swissContext[language],
          disclaimer: statusTexts.disclaimer[language],
        },
        timeline: (await repository.listChangesFor(iso2)).map(toChange),
        relatedDocuments: await relatedFor(language),
        credits: dataset.credits as string[],
      };
    },

    /** Public: the latest list changes (the dashboard's "Latest FATF list changes"). */
    async listChanges(_context: RequestContext, limit: number): Promise<CountryChangesResponse> {
      const [dataset, rows] = await Promise.all([requireDataset(), repository.listRecentChanges(limit)]);
      return { asOf: dataset.asOf, changes: rows.map(toChange) };
    },

    /** Public: the list as CSV (UTF-8 with BOM, so Excel reads the accents), names in `language`. */
    async exportCsv(_context: RequestContext, language: CountryLanguage): Promise<string> {
      const [dataset, rows] = await Promise.all([
        requireDataset(),
        repository.listJurisdictions({ includeRemoved: false }),
      ]);
      const labels = new Map(
        (dataset.statusTexts as StatusTexts).statuses.map((entry) => [entry.status, entry.label[language]]),
      );
      const nameKey = ({ en: 'nameEn', de: 'nameDe', fr: 'nameFr', it: 'nameIt' } as const)[language];
      const header = [
        'iso2',
        'iso3',
        'name',
        'region',
        'fatf_member',
        'fsrbs',
        'status',
        'status_label',
        'status_since',
        'black_list_action',
        'last_checked',
        'last_updated',
        'as_of',
      ];
      const lines = rows.map((row) =>
        [
          row.iso2,
          row.iso3,
          row[nameKey],
          row.region,
          row.fatfMember ? 'true' : 'false',
          row.fsrbs.join(' '),
          row.status,
          labels.get(row.status) ?? row.status,
          row.statusSince ?? '',
          row.blackListAction ?? '',
          row.lastCheckedAt.toISOString().slice(0, 10),
          row.lastUpdatedAt.toISOString().slice(0, 10),
          dataset.asOf,
        ]
          .map(csvCell)
          .join(','),
      );
      return `\uFEFF${[header.join(','), ...lines].join('\r\n')}\r\n`;
    },

    /** Admin: one jurisdiction's new status, recorded in its history and the audit log. */
    async changeStatus(
      context: RequestContext,
      rawId: string,
      input: ChangeCountryStatusInput,
    ): Promise<CountrySummary> {
      assertAdmin(context.user);
      const actor = context.user;
      const iso2 = rawId.trim().toUpperCase();
      const at = now();
      const result = await repository.transaction(async (tx) => {
        const dataset = await repository.lockDataset(tx);
        const row = /^[A-Z]{2}$/.test(iso2) ? await repository.findJurisdiction(iso2, tx) : undefined;
        if (!dataset || !row || row.removedAt !== null) throw notFound();
        const blackListAction = input.status === 'black' ? (input.blackListAction ?? null) : null;
        if (row.status === input.status && (row.blackListAction ?? null) === blackListAction) {
          throw new AppError('VALIDATION_FAILED', 400, 'The status is unchanged', {
            fields: { status: 'countries:admin.statusUnchanged' },
          });
        }
        await repository.updateJurisdiction(tx, iso2, {
          status: input.status,
          blackListAction,
          statusSince: input.effectiveDate,
          lastUpdatedAt: at,
          lastCheckedAt: at,
        });
        await repository.insertChanges(tx, [
          {
            iso2,
            fromStatus: row.status,
            toStatus: input.status,
            blackListAction,
            effectiveDate: input.effectiveDate,
            source: 'admin',
            note: input.sourceNote,
            actorUserId: actor.id,
            recordedAt: at,
          },
        ]);
        const updated = await repository.updateDataset(tx, {}, { bumpVersion: true });
        await audit?.record(
          'admin.country_status_changed',
          {
            actor,
            ipAddress: context.ipAddress ?? '',
            metadata: {
              iso2,
              from: row.status,
              to: input.status,
              blackListAction,
              effectiveDate: input.effectiveDate,
              sourceNote: input.sourceNote,
            },
          },
          tx,
        );
        const fresh = await repository.findJurisdiction(iso2, tx);
        if (!fresh) throw notFound();
        return { summary: toSummary(fresh, { admin: true }), asOf: updated.asOf };
      });
      safePublish({
        reason: 'status_changed',
        asOf: result.asOf,
        changed: [iso2],
        originConnectionId: context.originConnectionId ?? null,
      });
      return result.summary;
    },

    /** Admin: what importing a list would change. Changes nothing. */
    async previewImport(context: RequestContext, input: CountryImportInput): Promise<ImportDiff> {
      assertAdmin(context.user);
      return repository.transaction(async (tx) => {
        const dataset = await repository.getDataset(tx);
        if (!dataset) throw new Error('The FATF data set has not been loaded');
        const plan = planOrThrow(await storedJurisdictions(tx), input);
        return { baseVersion: dataset.version, ...plan.diff };
      });
    },

    /**
     * Admin: applies an import in one transaction, on the version the admin previewed (else
     * COUNTRY_IMPORT_STALE and nothing changes). Every entry counts as reviewed.
     */
    async applyImport(
      context: RequestContext,
      input: CountryImportInput & { baseVersion: number },
    ): Promise<ApplyImportResponse> {
      assertAdmin(context.user);
      const actor = context.user;
      const at = now();
      const result = await repository.transaction(async (tx) => {
        const dataset = await repository.lockDataset(tx);
        if (!dataset) throw new Error('The FATF data set has not been loaded');
        if (dataset.version !== input.baseVersion) {
          throw new AppError('COUNTRY_IMPORT_STALE', 409, 'The list changed since the preview');
        }
        const plan = planOrThrow(await storedJurisdictions(tx), input);
        const touched = await writePlan(tx, plan, {
          effectiveDateFor: () => input.effectiveDate,
          plenaryNameFor: () => null,
          source: 'import',
          note: input.sourceNote,
          actorUserId: actor.id,
          at,
        });
        const updated = await repository.updateDataset(
          tx,
          { asOf: laterDate(dataset.asOf, input.effectiveDate), lastCheckedAt: at },
          { bumpVersion: true },
        );
        await audit?.record(
          'admin.countries_imported',
          {
            actor,
            ipAddress: context.ipAddress ?? '',
            metadata: {
              format: input.format,
              effectiveDate: input.effectiveDate,
              sourceNote: input.sourceNote,
              totals: plan.diff.totals,
              added: plan.added.map((record) => record.iso2),
              removed: plan.removed.map((record) => record.iso2),
              changed: plan.changed.map((entry) => entry.after.iso2),
            },
          },
          tx,
        );
        return { applied: plan.diff.totals, version: updated.version, asOf: updated.asOf, touched };
      });
      safePublish({
        reason: 'imported',
        asOf: result.asOf,
        changed: result.touched,
        originConnectionId: context.originConnectionId ?? null,
      });
      return { applied: result.applied, version: result.version, asOf: result.asOf };
    },

    /** Admin: the list was reviewed today ("last checked"), without changes. */
    async markReviewed(context: RequestContext): Promise<{ lastCheckedAt: string }> {
      assertAdmin(context.user);
      const actor = context.user;
      const at = now();
      const asOf = await repository.transaction(async (tx) => {
        await repository.lockDataset(tx);
        await repository.markAllChecked(tx, at);
        const updated = await repository.updateDataset(tx, { lastCheckedAt: at }, { bumpVersion: true });
        await audit?.record('admin.countries_reviewed', { actor, ipAddress: context.ipAddress ?? '' }, tx);
        return updated.asOf;
      });
      safePublish({ reason: 'reviewed', asOf, changed: [], originConnectionId: context.originConnectionId ?? null });
      return { lastCheckedAt: at.toISOString() };
    },
  };
}

export type CountriesService = ReturnType<typeof createCountriesService>;
