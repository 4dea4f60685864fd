import { z } from 'zod';
import { locales } from './locales.ts';

/**
 * FATF country pages: every jurisdiction with its listing status and history (issue 6).
 * Used by the server's route schemas and by the web app's screens and forms.
 */

export const countryStatuses = ['not_listed', 'grey', 'black', 'no_listing'] as const;
export const countryStatusSchema = z.enum(countryStatuses);
export type CountryStatus = z.infer<typeof countryStatusSchema>;

export const blackListActions = ['countermeasures', 'enhanced_due_diligence'] as const;
export const blackListActionSchema = z.enum(blackListActions);
export type BlackListAction = z.infer<typeof blackListActionSchema>;

export const countryRegions = ['Africa', 'Americas', 'Asia', 'Europe', 'Oceania', 'Antarctica'] as const;
export const countryRegionSchema = z.enum(countryRegions);
export type CountryRegion = z.infer<typeof countryRegionSchema>;

export const countryLanguages = locales;
export const countryLanguageSchema = z.enum(countryLanguages);
export type CountryLanguage = z.infer<typeof countryLanguageSchema>;

export const localizedTextSchema = z.object({ en: z.string(), de: z.string(), fr: z.string(), it: z.string() });
export type LocalizedText = z.infer<typeof localizedTextSchema>;

/** `YYYY-MM-DD`, a real calendar date. */
export const calendarDateSchema = z.iso.date();

/** An ISO 3166-1 alpha-2 code as used in URLs: case-insensitive, answered upper-case. */
export const iso2Schema = z
  .string()
  .trim()
  .regex(/^[A-Za-z]{2}$/)
  .transform((value) => value.toUpperCase());

/** One jurisdiction as the list shows it. Names in all four languages, so search works in any of them. */
export const countrySummarySchema = z.object({
  iso2: z.string(),
  iso3: z.string(),
  names: localizedTextSchema,
  region: z.string(),
  fatfMember: z.boolean(),
  fsrbs: z.array(z.string()),
  status: countryStatusSchema,
  blackListAction: blackListActionSchema.nullable(),
  /** When the current status took effect (`YYYY-MM-DD`), null when unknown. */
  statusSince: calendarDateSchema.nullable(),
  /** When the entry was last reviewed (ISO date-time). */
  lastCheckedAt: z.iso.datetime(),
  /** When the entry last changed (ISO date-time). */
  lastUpdatedAt: z.iso.datetime(),
  /** Admin views only: set when a list import removed the jurisdiction (hidden from everyone else). */
  removedAt: z.iso.datetime().nullable().optional(),
});
export type CountrySummary = z.infer<typeof countrySummarySchema>;

export const countryStatusCountsSchema = z.object({
  not_listed: z.number().int(),
  grey: z.number().int(),
  black: z.number().int(),
  no_listing: z.number().int(),
});
export type CountryStatusCounts = z.infer<typeof countryStatusCountsSchema>;

export const countryListMetaSchema = z.object({
  /** Date of the plenary the lists reflect. */
  asOf: calendarDateSchema,
  /** When the whole list was last reviewed (ISO date-time). */
  lastCheckedAt: z.iso.datetime(),
  /** Attribution lines, in the four languages. */
  credits: z.array(z.object({ en: z.string(), de: z.string(), fr: z.string(), it: z.string() })),
  sources: z.array(z.object({ title: z.string(), url: z.string() })),
});
export type CountryListMeta = z.infer<typeof countryListMetaSchema>;

export const countryListResponseSchema = z.object({
  meta: countryListMetaSchema,
  counts: countryStatusCountsSchema,
  countries: z.array(countrySummarySchema),
});
export type CountryListResponse = z.infer<typeof countryListResponseSchema>;

export const countryChangeSources = ['content', 'admin', 'import'] as const;
export type CountryChangeSource = (typeof countryChangeSources)[number];

/** One entry of a jurisdiction's listing history. */
export const countryChangeSchema = z.object({
  id: z.string(),
  iso2: z.string(),
  names: localizedTextSchema,
  /** null: the jurisdiction entered the data set (an import added it). */
  fromStatus: countryStatusSchema.nullable(),
  /** null: the jurisdiction left the data set (an import removed it). */
  toStatus: countryStatusSchema.nullable(),
  blackListAction: blackListActionSchema.nullable(),
  effectiveDate: calendarDateSchema.nullable(),
  /** Listed before the first plenary of the history: the initial state, not a change. */
  baseline: z.boolean(),
  /** The plenary the change comes from, when known. */
  plenaryName: localizedTextSchema.nullable(),
  source: z.enum(countryChangeSources),
  note: z.string(),
  recordedAt: z.iso.datetime(),
});
export type CountryChange = z.infer<typeof countryChangeSchema>;

export const countryChangesQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(50).default(10),
});
export type CountryChangesQuery = z.infer<typeof countryChangesQuerySchema>;

export const countryChangesResponseSchema = z.object({
  asOf: calendarDateSchema,
  changes: z.array(countryChangeSchema),
});
export type CountryChangesResponse = z.infer<typeof countryChangesResponseSchema>;

export const countryParamsSchema = z.object({ id: z.string().trim().min(1).max(16) });

export const countryDetailQuerySchema = z.object({ lang: countryLanguageSchema.default('en') });

export const regionalBodySchema = z.object({
  code: z.string(),
  type: z.enum(['fatf', 'fsrb']),
  name: z.string(),
  shortName: z.string(),
  description: z.string(),
  website: z.string(),
});
export type RegionalBody = z.infer<typeof regionalBodySchema>;

export const statusGuidanceSchema = z.object({
  label: z.string(),
  officialListName: z.string().nullable(),
  description: z.string(),
  dueDiligence: z.string(),
  /** Black list only: the measure the FATF calls for (countermeasures or enhanced due diligence). */
  action: z
    .object({ action: blackListActionSchema, label: z.string(), description: z.string(), dueDiligence: z.string() })
    .nullable(),
  swissContext: z.string(),
  disclaimer: z.string(),
});
export type StatusGuidance = z.infer<typeof statusGuidanceSchema>;

export const relatedDocumentSchema = z.object({
  id: z.string(),
  title: z.string(),
  summary: z.string(),
  language: countryLanguageSchema,
  issuer: z.string(),
  lastVerified: calendarDateSchema.nullable(),
  sourceUrl: z.string().nullable(),
  /** The imported knowledge-base file, for the in-app viewer; null while it is not imported. */
  fileId: z.uuid().nullable(),
});
export type RelatedDocument = z.infer<typeof relatedDocumentSchema>;

/** Anyone: name and status. */
export const countryPreviewSchema = z.object({
  access: z.literal('preview'),
  asOf: calendarDateSchema,
  country: countrySummarySchema,
});

/** Signed-in, verified accounts: everything. */
export const countryFullDetailSchema = z.object({
  access: z.literal('full'),
  asOf: calendarDateSchema,
  country: countrySummarySchema,
  /** The FATF itself (when a member) and the FSRBs the jurisdiction belongs to. */
  memberships: z.array(regionalBodySchema),
  /** RU: FATF membership suspended. */
  fatfMembershipSuspended: z.boolean(),
  guidance: statusGuidanceSchema,
  /** Oldest first. */
  timeline: z.array(countryChangeSchema),
  relatedDocuments: z.array(relatedDocumentSchema),
  /** Attribution lines, in the four languages. */
  credits: z.array(z.object({ en: z.string(), de: z.string(), fr: z.string(), it: z.string() })),
});

export const countryDetailResponseSchema = z.discriminatedUnion('access', [
  countryPreviewSchema,
  countryFullDetailSchema,
]);
export type CountryDetailResponse = z.infer<typeof countryDetailResponseSchema>;
export type CountryFullDetail = z.infer<typeof countryFullDetailSchema>;

export const countryExportQuerySchema = z.object({ lang: countryLanguageSchema.default('en') });

// ——— Admin ———

export const changeCountryStatusInputSchema = z
  .object({
    status: countryStatusSchema,
    blackListAction: blackListActionSchema.nullable().default(null),
    effectiveDate: calendarDateSchema,
    sourceNote: z.string().trim().min(1).max(1000),
  })
  .refine((input) => (input.status === 'black') === (input.blackListAction !== null), {
    path: ['blackListAction'],
    message: 'A black-listed jurisdiction needs its measure, and only black-listed ones have one',
  });
export type ChangeCountryStatusInput = z.input<typeof changeCountryStatusInputSchema>;

export const importFormats = ['csv', 'json'] as const;

/** Largest import accepted: the whole list is about 80 KB as JSON. */
export const maxImportLength = 900_000;

export const countryImportInputSchema = z.object({
  format: z.enum(importFormats),
  content: z.string().min(1).max(maxImportLength),
  /** The plenary (or other event) the new list reflects; recorded as the date of every change. */
  effectiveDate: calendarDateSchema,
  sourceNote: z.string().trim().min(1).max(1000),
});
export type CountryImportInput = z.input<typeof countryImportInputSchema>;

export const applyCountryImportInputSchema = countryImportInputSchema.extend({
  /** The data-set version the preview was computed on; a newer one means the diff is stale. */
  baseVersion: z.number().int().min(0),
});
export type ApplyCountryImportInput = z.input<typeof applyCountryImportInputSchema>;

export const importFieldChanges = [
  'status',
  'blackListAction',
  'statusSince',
  'names',
  'iso3',
  'region',
  'fatfMember',
  'fsrbs',
] as const;

export const importDiffEntrySchema = z.object({
  iso2: z.string(),
  names: localizedTextSchema,
  fromStatus: countryStatusSchema.nullable(),
  toStatus: countryStatusSchema.nullable(),
  fromAction: blackListActionSchema.nullable(),
  toAction: blackListActionSchema.nullable(),
  /** For changed entries: which fields differ. */
  fields: z.array(z.enum(importFieldChanges)),
});
export type ImportDiffEntry = z.infer<typeof importDiffEntrySchema>;

export const importDiffSchema = z.object({
  baseVersion: z.number().int(),
  totals: z.object({
    added: z.number().int(),
    removed: z.number().int(),
    changed: z.number().int(),
    unchanged: z.number().int(),
  }),
  added: z.array(importDiffEntrySchema),
  removed: z.array(importDiffEntrySchema),
  changed: z.array(importDiffEntrySchema),
  /** Only the codes: the list can be long and nothing happens to them beyond "last checked". */
  unchanged: z.array(z.string()),
  /** Status counts after applying. */
  countsAfter: countryStatusCountsSchema,
});
export type ImportDiff = z.infer<typeof importDiffSchema>;

export const applyImportResponseSchema = z.object({
  applied: importDiffSchema.shape.totals,
  version: z.number().int(),
  asOf: calendarDateSchema,
});
export type ApplyImportResponse = z.infer<typeof applyImportResponseSchema>;

export const reviewResponseSchema = z.object({ lastCheckedAt: z.iso.datetime() });

/**
 * Problems an import can have, per line (CSV) or entry (JSON, 1-based), sent in the error's `fields`
 * as `{ "<line>": "<problem>" }` (`"file"` for the whole file). The web shows `countries:import.problems.<problem>`.
 */
export const importProblems = [
  'unreadable',
  'empty',
  'missingColumn',
  'invalidIso2',
  'duplicateIso2',
  'invalidStatus',
  'invalidAction',
  'invalidDate',
  'missingNames',
  'invalidRegion',
  'invalidIso3',
  'invalidBoolean',
] as const;
export type ImportProblem = (typeof importProblems)[number];

/** The columns of an import CSV (`iso2` and `status` required; the others default to the stored values). */
export const importCsvColumns = [
  'iso2',
  'iso3',
  'name_en',
  'name_de',
  'name_fr',
  'name_it',
  'region',
  'fatf_member',
  'fsrbs',
  'status',
  'status_since',
  'black_list_action',
] as const;
