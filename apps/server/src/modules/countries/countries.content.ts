import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  blackListActionSchema,
  calendarDateSchema,
  countryLanguages,
  countryRegionSchema,
  countryStatusSchema,
  localizedTextSchema,
  type CountryLanguage,
  type RelatedDocument,
} from '@compliance/shared/countries';
import { z } from 'zod';

/** A knowledge-base document as its front matter describes it (the file it became is looked up per request). */
export type KnowledgeBaseDocument = Omit<RelatedDocument, 'fileId'>;

/**
 * Reads the FATF seed data shipped in `content/fatf` (see its README.md for the shapes) and the
 * FATF-related documents of `content/knowledge-base`. Everything is validated: a broken content
 * file stops the start with a message naming the file, instead of loading half a data set.
 */

export const defaultContentDir = fileURLToPath(new URL('../../../../../content', import.meta.url));

const jurisdictionSchema = z.object({
  iso2: z.string().regex(/^[A-Z]{2}$/),
  iso3: z.string().regex(/^[A-Z]{3}$/),
  names: localizedTextSchema,
  region: countryRegionSchema,
  fatfMember: z.boolean(),
  fsrbs: z.array(z.string()),
  status: countryStatusSchema,
  statusSince: calendarDateSchema.nullable(),
  blackListAction: blackListActionSchema.nullable(),
});
export type ContentJurisdiction = z.infer<typeof jurisdictionSchema>;

const plenarySchema = z.object({
  date: calendarDateSchema,
  name: localizedTextSchema,
  totals: z.object({ grey: z.number(), black: z.number() }),
  changes: z.array(
    z.object({
      iso2: z.string(),
      from: countryStatusSchema,
      to: countryStatusSchema,
      action: blackListActionSchema.optional(),
      baseline: z.literal(true).optional(),
      since: calendarDateSchema.nullable().optional(),
    }),
  ),
});
export type ContentPlenary = z.infer<typeof plenarySchema>;

const statusTextsSchema = z.object({
  statuses: z.array(
    z.object({
      status: countryStatusSchema,
      label: localizedTextSchema,
      officialListName: localizedTextSchema.nullable(),
      description: localizedTextSchema,
      dueDiligence: localizedTextSchema,
      actions: z
        .array(
          z.object({
            action: blackListActionSchema,
            label: localizedTextSchema,
            description: localizedTextSchema,
            dueDiligence: localizedTextSchema,
          }),
        )
        .optional(),
    }),
  ),
  swissContext: localizedTextSchema,
  disclaimer: localizedTextSchema,
});
export type StatusTexts = z.infer<typeof statusTextsSchema>;

const regionalBodiesSchema = z.array(
  z.object({
    code: z.string(),
    type: z.enum(['fatf', 'fsrb']),
    name: localizedTextSchema,
    shortName: localizedTextSchema,
    description: localizedTextSchema,
    website: z.string(),
    membershipSuspended: z.array(z.string()).optional(),
  }),
);
export type RegionalBodies = z.infer<typeof regionalBodiesSchema>;

const metaSchema = z.object({
  asOf: calendarDateSchema,
  lastChecked: calendarDateSchema,
  sources: z.array(z.object({ title: z.string(), url: z.string() })),
  /** Attribution lines, in the four languages. */
  credits: z.array(z.object({ en: z.string(), de: z.string(), fr: z.string(), it: z.string() })),
});
export type ContentMeta = z.infer<typeof metaSchema>;

export interface FatfContent {
  meta: ContentMeta;
  jurisdictions: ContentJurisdiction[];
  plenaries: ContentPlenary[];
  statusTexts: StatusTexts;
  regionalBodies: RegionalBodies;
}

async function readJson<T extends z.ZodType>(dir: string, file: string, schema: T): Promise<z.output<T>> {
  const fullPath = path.join(dir, file);
  let raw: unknown;
  try {
    raw = JSON.parse(await fs.readFile(fullPath, 'utf8'));
  } catch (error) {
    throw new Error(`Cannot read the FATF content file ${fullPath}`, { cause: error });
  }
  const parsed = schema.safeParse(raw);
  if (!parsed.success) {
    throw new Error(`Invalid FATF content file ${fullPath}: ${z.prettifyError(parsed.error)}`);
  }
  return parsed.data;
}

/** Loads and checks `content/fatf`. */
export async function loadFatfContent(fatfDir: string): Promise<FatfContent> {
  const [meta, jurisdictions, plenaries, statusTexts, regionalBodies] = await Promise.all([
    readJson(fatfDir, 'meta.json', metaSchema),
    readJson(fatfDir, 'jurisdictions.json', z.array(jurisdictionSchema)),
    readJson(fatfDir, 'plenaries.json', z.array(plenarySchema)),
    readJson(fatfDir, 'statuses.json', statusTextsSchema),
    readJson(fatfDir, 'regional-bodies.json', regionalBodiesSchema),
  ]);
  const codes = new Set(jurisdictions.map((jurisdiction) => jurisdiction.iso2));
  if (codes.size !== jurisdictions.length) throw new Error(`Duplicate iso2 codes in ${fatfDir}/jurisdictions.json`);
  for (const plenary of plenaries) {
    for (const change of plenary.changes) {
      if (!codes.has(change.iso2)) {
        throw new Error(
          `${fatfDir}/plenaries.json (${plenary.date}) names ${change.iso2}, which is not a jurisdiction`,
        );
      }
    }
  }
  return { meta, jurisdictions, plenaries, statusTexts, regionalBodies };
}

// ——— Knowledge-base documents about the FATF lists ———

interface KnowledgeDocument extends KnowledgeBaseDocument {
  functions: string[];
  jurisdiction: string;
}

/**
 * Reads the YAML front matter of a knowledge-base document. The format is fixed by
 * content/knowledge-base/README.md: `key: "quoted string"` scalars and `functions: [a, b]`.
 */
export function parseFrontMatter(text: string): Record<string, string | string[]> | null {
  const match = /^---\r?\n([\s\S]*?)\r?\n---/.exec(text);
  if (!match?.[1]) return null;
  const fields: Record<string, string | string[]> = {};
  for (const line of match[1].split(/\r?\n/)) {
    const field = /^([A-Za-z][A-Za-z0-9]*):\s*(.*)$/.exec(line.trim());
    if (!field?.[1] || field[2] === undefined) continue;
    const value = field[2].replace(/\s+#.*$/, '').trim();
    if (value.startsWith('[') && value.endsWith(']')) {
      fields[field[1]] = value
        .slice(1, -1)
        .split(',')
        .map((item) => item.trim().replace(/^"|"$/g, ''))
        .filter(Boolean);
    } else if (value.startsWith('"')) {
      try {
        fields[field[1]] = JSON.parse(value) as string;
      } catch {
        fields[field[1]] = value.replace(/^"|"$/g, '');
      }
    } else {
      fields[field[1]] = value;
    }
  }
  return fields;
}

function toKnowledgeDocument(fields: Record<string, string | string[]>): KnowledgeDocument | null {
  const text = (key: string) => (typeof fields[key] === 'string' ? fields[key] : undefined);
  const id = text('id');
  const title = text('title');
  const language = text('language');
  if (!id || !title || !countryLanguages.includes(language as CountryLanguage)) return null;
  const lastVerified = calendarDateSchema.safeParse(text('lastVerified'));
  const sourceUrl = text('sourceUrl');
  return {
    id,
    title,
    summary: text('summary') ?? '',
    language: language as CountryLanguage,
    issuer: text('issuer') ?? '',
    lastVerified: lastVerified.success ? lastVerified.data : null,
    sourceUrl: sourceUrl?.startsWith('https://') ? sourceUrl : null,
    functions: Array.isArray(fields.functions) ? fields.functions : [],
    jurisdiction: text('jurisdiction') ?? '',
  };
}

/** Documents about the FATF lists: international (INT), on AML/KYC, or issued by the FATF. */
function isAboutFatf(document: KnowledgeDocument): boolean {
  return document.jurisdiction === 'INT' && (document.functions.includes('aml_kyc') || /FATF/i.test(document.issuer));
}

/**
 * The knowledge-base documents related to the FATF country pages, grouped by document id (one
 * entry per language version). A missing folder gives an empty list.
 */
export async function loadFatfKnowledgeDocuments(
  knowledgeBaseDir: string,
): Promise<Map<string, KnowledgeBaseDocument[]>> {
  const documentsDir = path.join(knowledgeBaseDir, 'documents');
  let files: string[];
  try {
    files = (await fs.readdir(documentsDir, { recursive: true })).filter((file) => file.endsWith('.md'));
  } catch {
    return new Map();
  }
  const byId = new Map<string, KnowledgeBaseDocument[]>();
  for (const file of files.sort()) {
    const fields = parseFrontMatter(await fs.readFile(path.join(documentsDir, file), 'utf8'));
    const document = fields ? toKnowledgeDocument(fields) : null;
    if (!document || !isAboutFatf(document)) continue;
    const { functions: _functions, jurisdiction: _jurisdiction, ...related } = document;
    byId.set(document.id, [...(byId.get(document.id) ?? []), related]);
  }
  return byId;
}

/** Each document once, in the reader's language when translated, else in English (or its only language). */
export function pickDocumentLanguage(
  byId: Map<string, KnowledgeBaseDocument[]>,
  language: CountryLanguage,
): KnowledgeBaseDocument[] {
  const picked: KnowledgeBaseDocument[] = [];
  for (const versions of byId.values()) {
    const chosen =
      versions.find((version) => version.language === language) ??
      versions.find((version) => version.language === 'en') ??
      versions[0];
    if (chosen) picked.push(chosen);
  }
  return picked;
}

export type LocalizedCredit = ContentMeta['credits'][number];

/** Stored credits in the four languages; a dataset stored before they were translated reads in English everywhere. */
export function localizedCredits(stored: unknown): LocalizedCredit[] {
  if (!Array.isArray(stored)) return [];
  return stored.map((credit: unknown) =>
    typeof credit === 'string' ? { en: credit, de: credit, fr: credit, it: credit } : (credit as LocalizedCredit),
  );
}
