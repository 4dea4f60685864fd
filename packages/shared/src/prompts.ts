import { z } from 'zod';
import { locales } from './locales.ts';
import { displayText, searchText } from './text.ts';

/**
 * The personal prompt library (issue 14): categories, prompts with typed `{{placeholders}}`, their
 * versions, filling a prompt in, and the library's own JSON export format. The same schemas check
 * the web forms and the API; messages are i18n keys (`errors:` for the spec's own messages, the
 * `prompts` namespace for the rest).
 */

// ---- limits ----

export const MAX_PROMPTS_PER_USER = 500;
export const MAX_PROMPT_CATEGORIES_PER_USER = 50;
/** Older versions beyond this many are dropped when a prompt is saved again. */
export const MAX_PROMPT_VERSIONS = 100;
export const PROMPT_TITLE_MAX_LENGTH = 120;
export const PROMPT_INSTRUCTIONS_MAX_LENGTH = 20_000;
export const PROMPT_VERSION_MESSAGE_MAX_LENGTH = 200;
export const MAX_PLACEHOLDERS_PER_PROMPT = 30;
export const PLACEHOLDER_NAME_MAX_LENGTH = 40;
export const PLACEHOLDER_DESCRIPTION_MAX_LENGTH = 300;
export const PLACEHOLDER_DEFAULT_MAX_LENGTH = 2_000;
export const PLACEHOLDER_VALUE_MAX_LENGTH = 10_000;
export const MAX_PLACEHOLDER_OPTIONS = 30;
export const PLACEHOLDER_OPTION_MAX_LENGTH = 100;
export const PROMPT_CATEGORY_NAME_MAX_LENGTH = 60;
export const PROMPT_CATEGORY_DESCRIPTION_MAX_LENGTH = 300;
export const PROMPT_SEARCH_MAX_LENGTH = 200;
/** Largest import file the API accepts. */
export const PROMPT_IMPORT_MAX_BYTES = 8 * 1024 * 1024;

// ---- placeholders ----

/**
 * What a placeholder asks for. `select` is one of its options, `multiSelect` any number of them
 * (the value holds the chosen ones one per line; the filled text lists them in the user's
 * language). `country` (a jurisdiction of the FATF pages) and `regulatoryFunction` (an area of the
 * knowledge base) are chosen from the product's own data; the filled text is the chosen name in the
 * user's language. `document` is one of the user's own library documents: the value is its id, the
 * filled text its name, and a question sent from the prompt is answered from that document.
 */
export const placeholderTypes = [
  'text',
  'longText',
  'number',
  'date',
  'select',
  'multiSelect',
  'country',
  'document',
  'regulatoryFunction',
] as const;
export const placeholderTypeSchema = z.enum(placeholderTypes);
export type PlaceholderType = z.infer<typeof placeholderTypeSchema>;

/** camelCase: a lower-case letter first, then letters and digits only. */
export const PLACEHOLDER_NAME_PATTERN = /^[a-z][a-zA-Z0-9]*$/;
/** `{{ name }}` in the instructions (spaces inside the braces are tolerated). */
const PLACEHOLDER_TOKEN = /\{\{\s*([^{}\n]*?)\s*\}\}/g;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The types whose choices are the placeholder's own `options`. */
export function hasOptions(type: PlaceholderType): boolean {
  return type === 'select' || type === 'multiSelect';
}

/** The options chosen in a `multiSelect` value (one per line), each once, in the order given. */
export function splitMultiValue(value: string): string[] {
  return [
    ...new Set(
      value
        .split('\n')
        .map((line) => line.trim())
        .filter(Boolean),
    ),
  ];
}

/** A `multiSelect` value from the chosen options. */
export function joinMultiValue(options: readonly string[]): string {
  return options.join('\n');
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isPlaceholderName(value: string): boolean {
  return value.length <= PLACEHOLDER_NAME_MAX_LENGTH && PLACEHOLDER_NAME_PATTERN.test(value);
}

/** Every `{{…}}` written in the instructions, in order of first appearance, each once. */
export function detectPlaceholders(instructions: string): string[] {
  const names: string[] = [];
  for (const match of instructions.matchAll(PLACEHOLDER_TOKEN)) {
    const name = match[1] ?? '';
    if (!names.includes(name)) names.push(name);
  }
  return names;
}

/** Writes `{{to}}` wherever the instructions say `{{from}}` (renaming a placeholder). */
export function renamePlaceholderInText(instructions: string, from: string, to: string): string {
  return instructions.replace(PLACEHOLDER_TOKEN, (token, name: string) => (name === from ? `{{${to}}}` : token));
}

export const placeholderNameSchema = z
  .string()
  .trim()
  .min(1, 'errors:validation.required')
  .max(PLACEHOLDER_NAME_MAX_LENGTH, 'prompts:validation.placeholderNameTooLong')
  .regex(PLACEHOLDER_NAME_PATTERN, 'errors:validation.placeholderNameFormat');

function isIsoDate(value: string): boolean {
  if (!ISO_DATE.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
}

function isNumber(value: string): boolean {
  return value.trim() !== '' && Number.isFinite(Number(value));
}

export const placeholderSchema = z
  .object({
    name: placeholderNameSchema,
    description: z
      .string()
      .trim()
      .min(1, 'errors:validation.descriptionRequired')
      .max(PLACEHOLDER_DESCRIPTION_MAX_LENGTH, 'prompts:validation.descriptionTooLong'),
    type: placeholderTypeSchema,
    required: z.boolean(),
    /**
     * Pre-filled when the prompt is used; '' for none. Dates as YYYY-MM-DD, the options of a
     * `multiSelect` one per line; a `document` has none (a document is the user's own).
     */
    defaultValue: z.string().max(PLACEHOLDER_DEFAULT_MAX_LENGTH, 'prompts:validation.defaultTooLong'),
    /** The choices of a `select` or `multiSelect`; empty for the other types. */
    options: z
      .array(
        z
          .string()
          .trim()
          .min(1, 'errors:validation.required')
          .max(PLACEHOLDER_OPTION_MAX_LENGTH)
          .refine((option) => !/[\r\n]/.test(option), 'prompts:validation.optionOneLine'),
      )
      .max(MAX_PLACEHOLDER_OPTIONS, 'prompts:validation.tooManyOptions'),
  })
  .superRefine((placeholder, ctx) => {
    if (placeholder.type === 'document' && placeholder.defaultValue !== '') {
      ctx.addIssue({ code: 'custom', path: ['defaultValue'], message: 'prompts:validation.documentDefault' });
      return;
    }
    if (hasOptions(placeholder.type)) {
      if (placeholder.options.length === 0) {
        ctx.addIssue({ code: 'custom', path: ['options'], message: 'prompts:validation.optionsRequired' });
      } else if (new Set(placeholder.options).size !== placeholder.options.length) {
        ctx.addIssue({ code: 'custom', path: ['options'], message: 'prompts:validation.optionsUnique' });
      }
    }
    if (placeholder.defaultValue !== '') {
      const issue = placeholderValueIssue({ ...placeholder, required: false }, placeholder.defaultValue);
      if (issue) ctx.addIssue({ code: 'custom', path: ['defaultValue'], message: issue });
    }
  });
export type Placeholder = z.infer<typeof placeholderSchema>;

/** Why a value does not fit its placeholder (an i18n key), or null when it does. */
export function placeholderValueIssue(
  placeholder: Pick<Placeholder, 'type' | 'required' | 'options'>,
  value: string,
): string | null {
  if (value.trim() === '') return placeholder.required ? 'errors:validation.required' : null;
  if (value.length > PLACEHOLDER_VALUE_MAX_LENGTH) return 'prompts:validation.valueTooLong';
  switch (placeholder.type) {
    case 'number':
      return isNumber(value) ? null : 'prompts:validation.number';
    case 'date':
      return isIsoDate(value) ? null : 'prompts:validation.date';
    case 'select':
      return placeholder.options.includes(value) ? null : 'prompts:validation.option';
    case 'multiSelect': {
      const chosen = splitMultiValue(value);
      if (chosen.length === 0) return placeholder.required ? 'errors:validation.required' : null;
      return chosen.every((option) => placeholder.options.includes(option)) ? null : 'prompts:validation.option';
    }
    case 'document':
      return UUID.test(value.trim()) ? null : 'prompts:validation.document';
    default:
      return null;
  }
}

/**
 * The checks that span a prompt's fields: placeholder names unique ('This placeholder name is
 * already in use'), and every `{{name}}` in the instructions a valid, defined placeholder.
 * Defined placeholders that the text does not use are allowed (the editor flags them).
 */
function checkPlaceholders(value: { instructions: string; placeholders: Placeholder[] }, ctx: z.RefinementCtx): void {
  const seen = new Set<string>();
  value.placeholders.forEach((placeholder, index) => {
    if (seen.has(placeholder.name)) {
      ctx.addIssue({
        code: 'custom',
        path: ['placeholders', index, 'name'],
        message: 'errors:validation.placeholderNameTaken',
      });
    }
    seen.add(placeholder.name);
  });
  const used = detectPlaceholders(value.instructions);
  if (used.some((name) => !isPlaceholderName(name))) {
    ctx.addIssue({ code: 'custom', path: ['instructions'], message: 'prompts:validation.placeholderTokenInvalid' });
  } else if (used.some((name) => !seen.has(name))) {
    ctx.addIssue({ code: 'custom', path: ['instructions'], message: 'prompts:validation.placeholderUndefined' });
  }
}

// ---- categories ----

/** The icons a category may carry: names of the bundled lucide set (the web maps them to components). */
export const promptCategoryIcons = [
  'folder',
  'file-text',
  'scale',
  'gavel',
  'shield-check',
  'landmark',
  'banknote',
  'briefcase',
  'building',
  'globe',
  'users',
  'user-check',
  'search',
  'clipboard-check',
  'list-checks',
  'book-open',
  'graduation-cap',
  'calculator',
  'chart-line',
  'mail',
  'message-square',
  'lightbulb',
  'triangle-alert',
  'flag',
] as const;
export const promptCategoryIconSchema = z.enum(promptCategoryIcons);
export type PromptCategoryIcon = z.infer<typeof promptCategoryIconSchema>;

const categoryNameSchema = displayText(PROMPT_CATEGORY_NAME_MAX_LENGTH, {
  required: 'errors:validation.required',
  tooLong: 'prompts:validation.categoryNameTooLong',
});
const categoryDescriptionSchema = z
  .string()
  .trim()
  .max(PROMPT_CATEGORY_DESCRIPTION_MAX_LENGTH, 'prompts:validation.descriptionTooLong');

export const promptCategoryInputSchema = z.object({
  name: categoryNameSchema,
  icon: promptCategoryIconSchema,
  /** '' for none. */
  description: categoryDescriptionSchema,
});
export type PromptCategoryInput = z.infer<typeof promptCategoryInputSchema>;

export const updatePromptCategoryInputSchema = promptCategoryInputSchema.partial();
export type UpdatePromptCategoryInput = z.infer<typeof updatePromptCategoryInputSchema>;

/** Deleting a category: its prompts move to another category (or to none), or go with it. */
export const deletePromptCategoryQuerySchema = z.object({
  prompts: z.enum(['move', 'delete']),
  /** Where `move` puts them; absent for "no category". */
  targetCategoryId: z.uuid().optional(),
});
export type DeletePromptCategoryQuery = z.infer<typeof deletePromptCategoryQuerySchema>;

/** The caller's categories in their new order: every one of them, each once. */
export const reorderPromptCategoriesInputSchema = z.object({
  ids: z.array(z.uuid()).max(MAX_PROMPT_CATEGORIES_PER_USER),
});
export type ReorderPromptCategoriesInput = z.infer<typeof reorderPromptCategoriesInputSchema>;

export const promptCategorySchema = z.object({
  id: z.uuid(),
  name: z.string(),
  icon: promptCategoryIconSchema,
  description: z.string(),
  position: z.number().int(),
  promptCount: z.number().int(),
});
export type PromptCategory = z.infer<typeof promptCategorySchema>;

export const promptCategoriesResponseSchema = z.object({
  categories: z.array(promptCategorySchema),
  counts: z.object({ all: z.number().int(), favourites: z.number().int(), uncategorised: z.number().int() }),
  limits: z.object({ prompts: z.number().int(), categories: z.number().int() }),
});
export type PromptCategoriesResponse = z.infer<typeof promptCategoriesResponseSchema>;

// ---- prompts ----

const promptTitleSchema = displayText(PROMPT_TITLE_MAX_LENGTH, {
  required: 'errors:validation.required',
  tooLong: 'prompts:validation.titleTooLong',
});

const promptContentShape = {
  title: promptTitleSchema,
  instructions: z
    .string()
    .max(PROMPT_INSTRUCTIONS_MAX_LENGTH, 'prompts:validation.instructionsTooLong')
    .refine((value) => value.trim() !== '', 'errors:validation.required'),
  placeholders: z.array(placeholderSchema).max(MAX_PLACEHOLDERS_PER_PROMPT, 'prompts:validation.tooManyPlaceholders'),
};

const versionMessageSchema = z
  .string()
  .trim()
  .max(PROMPT_VERSION_MESSAGE_MAX_LENGTH, 'prompts:validation.versionMessageTooLong');

/** Create a prompt, or save it again (every save with a change keeps a version). */
export const promptInputSchema = z
  .object({
    ...promptContentShape,
    categoryId: z.uuid().nullable(),
    /** What changed, kept with the version ('' for no message). */
    versionMessage: versionMessageSchema,
  })
  .superRefine(checkPlaceholders);
export type PromptInput = z.infer<typeof promptInputSchema>;

/** Quick changes that keep no version: favourite, or the category it is filed in. */
export const updatePromptInputSchema = z.object({
  favourite: z.boolean().optional(),
  categoryId: z.uuid().nullable().optional(),
});
export type UpdatePromptInput = z.infer<typeof updatePromptInputSchema>;

export const duplicatePromptInputSchema = z.object({ title: promptTitleSchema });
export type DuplicatePromptInput = z.infer<typeof duplicatePromptInputSchema>;

export const promptSorts = ['updated', 'created', 'title', 'lastUsed', 'mostUsed'] as const;
export const promptSortSchema = z.enum(promptSorts);
export type PromptSort = z.infer<typeof promptSortSchema>;

export const listPromptsQuerySchema = z.object({
  q: searchText(PROMPT_SEARCH_MAX_LENGTH).optional(),
  /** A category id, or 'none' for the prompts filed in no category. */
  categoryId: z.union([z.uuid(), z.literal('none')]).optional(),
  favourites: z.enum(['true', 'false']).optional(),
  sort: promptSortSchema.optional(),
});
export type ListPromptsQuery = z.infer<typeof listPromptsQuerySchema>;

export const promptIdParamsSchema = z.object({ id: z.uuid() });
export const promptVersionParamsSchema = z.object({ id: z.uuid(), version: z.coerce.number().int().positive() });

export const promptSummarySchema = z.object({
  id: z.uuid(),
  title: z.string(),
  /** The start of the instructions, for the list. */
  excerpt: z.string(),
  categoryId: z.uuid().nullable(),
  favourite: z.boolean(),
  placeholderNames: z.array(z.string()),
  version: z.number().int(),
  useCount: z.number().int(),
  lastUsedAt: z.iso.datetime().nullable(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type PromptSummary = z.infer<typeof promptSummarySchema>;

export const promptListResponseSchema = z.object({ prompts: z.array(promptSummarySchema) });
export type PromptListResponse = z.infer<typeof promptListResponseSchema>;

export const promptSchema = promptSummarySchema.omit({ excerpt: true, placeholderNames: true }).extend({
  instructions: z.string(),
  placeholders: z.array(placeholderSchema),
});
export type Prompt = z.infer<typeof promptSchema>;

export const promptVersionSchema = z.object({
  version: z.number().int(),
  title: z.string(),
  instructions: z.string(),
  placeholders: z.array(placeholderSchema),
  message: z.string().nullable(),
  /** The version this one brought back ("restore this version"). */
  restoredFrom: z.number().int().nullable(),
  createdAt: z.iso.datetime(),
});
export type PromptVersion = z.infer<typeof promptVersionSchema>;

export const promptVersionsResponseSchema = z.object({ versions: z.array(promptVersionSchema) });
export type PromptVersionsResponse = z.infer<typeof promptVersionsResponseSchema>;

// ---- using a prompt ----

export const usePromptInputSchema = z.object({
  /** The value of each placeholder by name; missing ones take their default. */
  values: z.record(z.string().max(PLACEHOLDER_NAME_MAX_LENGTH), z.string().max(PLACEHOLDER_VALUE_MAX_LENGTH)),
  /** The language the filled text is written in (how a multiple choice is listed); English if absent. */
  language: z.enum(locales).optional(),
});
export type UsePromptInput = z.infer<typeof usePromptInputSchema>;

export const usePromptResultSchema = z.object({
  /** The instructions with every placeholder filled in. */
  text: z.string(),
  /** The version that was filled. */
  version: z.number().int(),
  /** This use, recorded with its version and values: a question sent from it names it. */
  runId: z.uuid(),
});
export type UsePromptResult = z.infer<typeof usePromptResultSchema>;

/** How many documents the `document` placeholder's picker shows at once. */
export const DOCUMENT_CHOICES_LIMIT = 20;

/** The `document` placeholder's picker: the caller's own ready documents whose name matches. */
export const documentChoicesQuerySchema = z.object({
  q: searchText(PROMPT_SEARCH_MAX_LENGTH).optional(),
});
export type DocumentChoicesQuery = z.infer<typeof documentChoicesQuerySchema>;

export const documentChoicesResponseSchema = z.object({
  documents: z.array(z.object({ id: z.uuid(), name: z.string() })),
});
export type DocumentChoicesResponse = z.infer<typeof documentChoicesResponseSchema>;

/**
 * The value each placeholder gets: the one given, else its default. A multiple choice given with
 * nothing ticked stays empty (the user unticked the defaults); one not given at all takes them.
 */
export function placeholderValues(placeholders: Placeholder[], values: Record<string, string>): Record<string, string> {
  return Object.fromEntries(
    placeholders.map((placeholder) => {
      const given = values[placeholder.name];
      if (placeholder.type === 'multiSelect' && given !== undefined) return [placeholder.name, given];
      return [placeholder.name, given !== undefined && given.trim() !== '' ? given : placeholder.defaultValue];
    }),
  );
}

/** Problems with the values of a use: placeholder name → i18n key. Empty when all is well. */
export function placeholderValueIssues(
  placeholders: Placeholder[],
  values: Record<string, string>,
): Record<string, string> {
  const resolved = placeholderValues(placeholders, values);
  const issues: Record<string, string> = {};
  for (const placeholder of placeholders) {
    const issue = placeholderValueIssue(placeholder, resolved[placeholder.name] ?? '');
    if (issue) issues[placeholder.name] = issue;
  }
  return issues;
}

export interface FillOptions {
  /** The language a multiple choice is listed in ("A, B and C"); English if absent. */
  language?: string | undefined;
  /** The name of each chosen document, by id (the server looks them up with the user's rights). */
  documentNames?: Readonly<Record<string, string>>;
}

/**
 * The text each placeholder stands for once filled: its value (or default), a multiple choice as
 * a list in the user's language, a document by its name.
 */
export function placeholderTexts(
  placeholders: Placeholder[],
  values: Record<string, string>,
  { language = 'en', documentNames = {} }: FillOptions = {},
): Record<string, string> {
  const resolved = placeholderValues(placeholders, values);
  let list: Intl.ListFormat;
  try {
    list = new Intl.ListFormat(language, { style: 'long', type: 'conjunction' });
  } catch {
    list = new Intl.ListFormat('en', { style: 'long', type: 'conjunction' });
  }
  return Object.fromEntries(
    placeholders.map((placeholder) => {
      const value = resolved[placeholder.name] ?? '';
      if (placeholder.type === 'multiSelect') return [placeholder.name, list.format(splitMultiValue(value))];
      if (placeholder.type === 'document') return [placeholder.name, documentNames[value.trim()] ?? value];
      return [placeholder.name, value];
    }),
  );
}

/** The ids of the documents chosen for the `document` placeholders, each once. */
export function chosenDocumentIds(placeholders: Placeholder[], values: Record<string, string>): string[] {
  const resolved = placeholderValues(placeholders, values);
  const ids = placeholders
    .filter((placeholder) => placeholder.type === 'document')
    .map((placeholder) => (resolved[placeholder.name] ?? '').trim())
    .filter((id) => UUID.test(id));
  return [...new Set(ids)];
}

/** The instructions with each `{{name}}` replaced by its filled text; unknown tokens stay. */
export function fillPrompt(
  instructions: string,
  placeholders: Placeholder[],
  values: Record<string, string>,
  options: FillOptions = {},
): string {
  const texts = placeholderTexts(placeholders, values, options);
  return instructions.replace(PLACEHOLDER_TOKEN, (token, name: string) => texts[name] ?? token);
}

// ---- import and export ----

export const PROMPT_LIBRARY_FORMAT = 'compliance-assistant/prompt-library';

const exportedVersionSchema = z
  .object({
    ...promptContentShape,
    message: versionMessageSchema.nullable(),
    createdAt: z.iso.datetime(),
  })
  .superRefine(checkPlaceholders);

const exportedPromptSchema = z
  .object({
    ...promptContentShape,
    /** The name of its category in this file; null for none. */
    category: z.string().nullable(),
    favourite: z.boolean(),
    /** Its history, oldest first (optional). */
    versions: z.array(exportedVersionSchema).max(MAX_PROMPT_VERSIONS, 'prompts:import.tooManyVersions').optional(),
  })
  .superRefine(checkPlaceholders);

/** The whole library as one JSON file: what export writes and import reads. */
export const promptLibraryFileSchema = z
  .object({
    format: z.literal(PROMPT_LIBRARY_FORMAT, 'prompts:import.notALibrary'),
    formatVersion: z.literal(1, 'prompts:import.unsupportedVersion'),
    exportedAt: z.iso.datetime().optional(),
    categories: z
      .array(promptCategoryInputSchema)
      .max(MAX_PROMPT_CATEGORIES_PER_USER, 'prompts:import.tooManyCategories'),
    prompts: z.array(exportedPromptSchema).max(MAX_PROMPTS_PER_USER, 'prompts:import.tooManyPrompts'),
  })
  .superRefine((file, ctx) => {
    const names = new Set<string>();
    file.categories.forEach((category, index) => {
      const key = category.name.toLowerCase();
      if (names.has(key)) {
        ctx.addIssue({
          code: 'custom',
          path: ['categories', index, 'name'],
          message: 'prompts:import.duplicateCategory',
        });
      }
      names.add(key);
    });
    file.prompts.forEach((prompt, index) => {
      if (prompt.category !== null && !names.has(prompt.category.trim().toLowerCase())) {
        ctx.addIssue({
          code: 'custom',
          path: ['prompts', index, 'category'],
          message: 'prompts:import.unknownCategory',
        });
      }
    });
  });
export type PromptLibraryFile = z.infer<typeof promptLibraryFileSchema>;

export const promptImportResultSchema = z.object({
  /** Prompts added. */
  prompts: z.number().int(),
  /** Categories created. */
  categories: z.number().int(),
  /** Categories of the file that matched an existing one by name (their prompts went there). */
  mergedCategories: z.number().int(),
});
export type PromptImportResult = z.infer<typeof promptImportResultSchema>;
