import {
  PLACEHOLDER_DEFAULT_MAX_LENGTH,
  PLACEHOLDER_DESCRIPTION_MAX_LENGTH,
  PLACEHOLDER_NAME_MAX_LENGTH,
  PLACEHOLDER_OPTION_MAX_LENGTH,
  PROMPT_CATEGORY_NAME_MAX_LENGTH,
  PROMPT_LIBRARY_FORMAT,
  PROMPT_TITLE_MAX_LENGTH,
  hasOptions,
  isPlaceholderName,
  joinMultiValue,
  placeholderValueIssue,
  splitMultiValue,
  type Placeholder,
  type PlaceholderType,
  type PromptLibraryFile,
} from '@compliance/shared/prompts';
import { HIDDEN_CHARACTERS } from '@compliance/shared/text';

/**
 * Prompt exports of other chat front ends, turned into this product's library file before it is
 * checked, so the import (the schema, the server, the list of problems) stays one path:
 *
 * - Open WebUI: its prompt export, a JSON array of `{ command, title (or name), content, … }` whose
 *   content holds `{{name}}` and typed `{{name | type:prop=value:flag}}` variables.
 * - LibreChat: prompt groups, `[{ name, category, productionId, prompts: [{ _id, prompt }] }]` or
 *   `{ promptGroups: [...] }`, whose text holds `{{name}}` and dropdowns `{{name:one|two|three}}`.
 *
 * Everything that has a place in a library file is kept. Texts longer than the file allows are
 * shortened (with …); what cannot be shortened without losing data (more placeholders or options
 * than allowed, instructions too long) is left for the schema to report.
 */

export type ForeignFormat = 'openWebUi' | 'libreChat';

type Json = Record<string, unknown>;

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function text(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

// ---- detection ----

function isLibreChatGroup(item: Json): boolean {
  return Array.isArray(item.prompts) || 'productionId' in item;
}

function isOpenWebUiPrompt(item: Json): boolean {
  return (
    typeof item.content === 'string' &&
    (typeof item.command === 'string' || typeof item.title === 'string' || typeof item.name === 'string')
  );
}

/** The items of a list of objects of which at least one has the format's shape; null otherwise. */
function itemsOf(list: unknown, isFormat: (item: Json) => boolean): Json[] | null {
  if (!Array.isArray(list) || list.length === 0 || !list.every(isObject)) return null;
  return list.some(isFormat) ? list : null;
}

/** Which foreign export the parsed JSON is, or null (this product's own file, or unknown). */
export function detectForeignFormat(data: unknown): ForeignFormat | null {
  if (isObject(data)) {
    if ('format' in data) return null;
    return Array.isArray(data.promptGroups) && data.promptGroups.every(isObject) ? 'libreChat' : null;
  }
  if (itemsOf(data, isLibreChatGroup)) return 'libreChat';
  if (itemsOf(data, isOpenWebUiPrompt)) return 'openWebUi';
  return null;
}

/** The parsed JSON as a library file when it is an Open WebUI or LibreChat export; null otherwise. */
export function convertForeignLibrary(data: unknown): PromptLibraryFile | null {
  switch (detectForeignFormat(data)) {
    case 'openWebUi':
      return fromOpenWebUi(data as Json[]);
    case 'libreChat':
      return fromLibreChat((isObject(data) ? data.promptGroups : data) as Json[]);
    default:
      return null;
  }
}

// ---- texts within the file's limits ----

const HIDDEN = new RegExp(HIDDEN_CHARACTERS.source, 'gu');

/** At most `max` UTF-16 units (what zod counts), ending in … when cut; never splits a surrogate pair. */
function clip(value: string, max: number): string {
  if (value.length <= max) return value;
  let cut = value.slice(0, max - 1);
  if (/[\ud800-\udbff]$/.test(cut)) cut = cut.slice(0, -1);
  return `${cut.trimEnd()}…`;
}

/** A title or category name: one line, no hidden characters, within `max`. */
function line(value: string, max: number): string {
  return clip(value.normalize('NFC').replace(/\s+/g, ' ').replace(HIDDEN, '').trim(), max);
}

// ---- names ----

/** Splits camelCase, PascalCase and acronyms ("XMLParser" → "XML Parser") into words. */
function splitWords(value: string): string[] {
  return value
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
}

/**
 * A foreign variable name in this product's camelCase (`^[a-z][a-zA-Z0-9]*$`): snake_case,
 * kebab-case and spaces joined, accents dropped, 'v' before a leading digit, at most 40 long.
 */
export function toPlaceholderName(raw: string): string {
  const ascii = raw.normalize('NFD').replace(/\p{M}/gu, '');
  const words = splitWords(ascii)
    .flatMap((word) => word.split(/[^A-Za-z0-9]+/))
    .filter(Boolean)
    .map((word) => word.toLowerCase());
  let name = words.map((word, index) => (index === 0 ? word : word[0]!.toUpperCase() + word.slice(1))).join('');
  if (name === '') name = 'variable';
  if (/^[0-9]/.test(name)) name = `v${name}`;
  return name.slice(0, PLACEHOLDER_NAME_MAX_LENGTH);
}

/** `name`, or `name2`, `name3`… when taken (still within the name's length limit). */
function unique(name: string, taken: ReadonlySet<string>): string {
  if (!taken.has(name)) return name;
  for (let counter = 2; ; counter += 1) {
    const suffix = String(counter);
    const candidate = name.slice(0, PLACEHOLDER_NAME_MAX_LENGTH - suffix.length) + suffix;
    if (!taken.has(candidate)) return candidate;
  }
}

/** A readable label from a variable name: "countryName" / "country_name" → "Country name", "URL_link" → "URL link". */
export function humanise(raw: string): string {
  const words = splitWords(raw.trim());
  if (words.length === 0) return raw.trim();
  const isAcronym = (word: string) => word.length > 1 && word === word.toUpperCase() && word !== word.toLowerCase();
  // All words in capitals (USER_EMAIL) is a style, not a row of acronyms.
  const allCaps = words.every(isAcronym);
  const joined = words.map((word) => (!allCaps && isAcronym(word) ? word : word.toLowerCase())).join(' ');
  return joined.charAt(0).toUpperCase() + joined.slice(1);
}

// ---- variables in a text ----

/** One variable as the foreign format defines it, before it gets its name here. */
interface VariableSpec {
  /** The name as written in the foreign text (the variable's identity there). */
  key: string;
  type: PlaceholderType;
  required: boolean;
  /** '' when the format gives none (the name, humanised, is used). */
  description: string;
  defaultValue: string;
  options: string[];
  /** Written with a definition (type, options); a later bare `{{key}}` does not replace it. */
  typed: boolean;
}

type Token =
  | { kind: 'variable'; spec: VariableSpec }
  /** A value the other product fills in itself; kept as a readable marker, e.g. [CURRENT_DATE]. */
  | { kind: 'builtin'; marker: string }
  /** Not a variable (e.g. `{{}}`): left as written for the schema to judge. */
  | { kind: 'keep' };

export interface ConvertedText {
  instructions: string;
  placeholders: Placeholder[];
}

/** Choices as the file accepts them: text, trimmed, non-empty, each once, each within the length limit. */
function normaliseOptions(values: readonly unknown[]): string[] {
  const options = values
    .map((value) => (typeof value === 'string' ? value : typeof value === 'object' ? '' : String(value)))
    .map((value) => clip(value.trim(), PLACEHOLDER_OPTION_MAX_LENGTH))
    .filter((value) => value !== '');
  return [...new Set(options)];
}

/**
 * Rewrites every `{{…}}` of a foreign text: variables become `{{camelName}}` with a placeholder
 * each (in order of first appearance), built-ins become markers. The same foreign name is the same
 * variable wherever it appears; a typed appearance defines it (the last one, as Open WebUI reads it).
 */
function convertText(source: string, tokens: RegExp, classify: (inner: string) => Token): ConvertedText {
  const specs = new Map<string, VariableSpec>();
  for (const match of source.matchAll(tokens)) {
    const token = classify(match[1] ?? '');
    if (token.kind !== 'variable') continue;
    const known = specs.get(token.spec.key);
    if (!known || token.spec.typed) specs.set(token.spec.key, token.spec);
  }

  // Names already valid here keep them; the others are converted and numbered around them.
  const names = new Map<string, string>();
  const taken = new Set<string>();
  for (const key of specs.keys()) {
    if (isPlaceholderName(key)) {
      names.set(key, key);
      taken.add(key);
    }
  }
  for (const key of specs.keys()) {
    if (names.has(key)) continue;
    const name = unique(toPlaceholderName(key), taken);
    names.set(key, name);
    taken.add(name);
  }

  const placeholders = [...specs.values()].map((spec) => toPlaceholder(spec, names.get(spec.key)!));
  const instructions = source.replace(tokens, (whole, inner: string) => {
    const token = classify(inner);
    if (token.kind === 'builtin') return token.marker;
    if (token.kind === 'variable') return `{{${names.get(token.spec.key)!}}}`;
    return whole;
  });
  return { instructions, placeholders };
}

function toPlaceholder(spec: VariableSpec, name: string): Placeholder {
  const type = hasOptions(spec.type) && spec.options.length === 0 ? 'text' : spec.type;
  const options = hasOptions(type) ? spec.options : [];
  let defaultValue = spec.defaultValue.trim() === '' ? '' : spec.defaultValue;
  if (type === 'select') defaultValue = clip(defaultValue.trim(), PLACEHOLDER_OPTION_MAX_LENGTH);
  // A multiple choice keeps the default options that are among its choices.
  else if (type === 'multiSelect') {
    defaultValue = joinMultiValue(splitMultiValue(defaultValue).filter((option) => options.includes(option)));
  } else if (type === 'text' || type === 'longText') defaultValue = clip(defaultValue, PLACEHOLDER_DEFAULT_MAX_LENGTH);
  else defaultValue = defaultValue.trim();
  // A default that does not fit the type here (a word for a number, a date in another form) is dropped.
  if (defaultValue !== '' && placeholderValueIssue({ type, required: false, options }, defaultValue) !== null) {
    defaultValue = '';
  }
  return {
    name,
    description: clip(
      (spec.description.trim() || humanise(spec.key) || name).trim(),
      PLACEHOLDER_DESCRIPTION_MAX_LENGTH,
    ),
    type,
    required: spec.required,
    defaultValue,
    options,
  };
}

// ---- Open WebUI ----

/** `{{…}}` as Open WebUI reads it (a typed definition may run over several lines). */
const OPEN_WEBUI_TOKEN = /\{\{([^{}]*?)\}\}/g;

/**
 * Values Open WebUI fills in itself when a prompt is used (src/lib/components/chat/MessageInput.svelte).
 * This product has no built-ins, so they become plain bracketed markers ([CURRENT_DATE]) that keep
 * the prompt readable and valid; the user can turn one into a placeholder in the editor.
 */
const OPEN_WEBUI_BUILTINS = new Set([
  'CLIPBOARD',
  'CURRENT_DATE',
  'CURRENT_DATETIME',
  'CURRENT_TIME',
  'CURRENT_TIMEZONE',
  'CURRENT_WEEKDAY',
  'USER_NAME',
  'USER_EMAIL',
  'USER_LANGUAGE',
  'USER_LOCATION',
  'USER_BIO',
  'USER_GENDER',
  'USER_BIRTH_DATE',
  'USER_AGE',
]);

/** Open WebUI input types → this product's types; the rest (color, email, url, tel, month, time, week, map…) are text. */
const OPEN_WEBUI_TYPES: Readonly<Record<string, PlaceholderType>> = {
  text: 'text',
  textarea: 'longText',
  number: 'number',
  range: 'number',
  date: 'date',
  'datetime-local': 'date',
  select: 'select',
  checkbox: 'select',
  // Not one of Open WebUI's own input types, but written the same way by prompt libraries that
  // need several answers: `{{name | multiselect:options=["a","b"]:default=["a"]}}`.
  multiselect: 'multiSelect',
  'multi-select': 'multiSelect',
};

const CHECKBOX_OPTIONS = ['yes', 'no'];

/** Splits on `delimiter` outside quotes and brackets (Open WebUI's splitProperties). */
function splitOutside(value: string, delimiter: string): string[] {
  const parts: string[] = [];
  let current = '';
  let depth = 0;
  let quoted = false;
  for (let index = 0; index < value.length; index += 1) {
    const char = value[index]!;
    if (char === '\\' && index + 1 < value.length) {
      current += char + value[index + 1]!;
      index += 1;
      continue;
    }
    if (char === '"') quoted = !quoted;
    else if (!quoted && (char === '[' || char === '{')) depth += 1;
    else if (!quoted && (char === ']' || char === '}')) depth -= 1;
    else if (!quoted && depth <= 0 && char === delimiter) {
      parts.push(current.trim());
      current = '';
      continue;
    }
    current += char;
  }
  parts.push(current.trim());
  return parts;
}

/** A property value: a quoted string unquoted, a JSON list or object parsed, anything else as written. */
function propertyValue(raw: string): unknown {
  const value = raw.trim();
  if (value.length >= 2 && (value[0] === '"' || value[0] === "'") && value.at(-1) === value[0]) {
    return value.slice(1, -1);
  }
  if (/^[[{]/.test(value)) {
    try {
      return JSON.parse(value) as unknown;
    } catch {
      // ['a','b'] and other near-JSON lists: split by hand.
      if (value.startsWith('[') && value.endsWith(']')) {
        return value
          .slice(1, -1)
          .split(',')
          .map((item) => item.trim().replace(/^(["'])(.*)\1$/, '$2'));
      }
    }
  }
  return value;
}

function isTrue(value: unknown): boolean {
  return value === true || (typeof value === 'string' && ['true', 'yes', 'on', '1'].includes(value.toLowerCase()));
}

function isFalse(value: unknown): boolean {
  return value === false || (typeof value === 'string' && ['false', 'no', 'off', '0'].includes(value.toLowerCase()));
}

/** `type:prop=value:flag` after the `|` of a typed Open WebUI variable. */
function openWebUiSpec(key: string, definition: string): VariableSpec {
  const [first = '', ...rest] = splitOutside(definition, ':');
  let sourceType = first.startsWith('type=') ? first.slice('type='.length) : first;
  sourceType = String(propertyValue(sourceType)).trim().toLowerCase();
  const props = new Map<string, unknown>();
  for (const part of rest) {
    if (part === '') continue;
    const [name = '', ...value] = splitOutside(part, '=');
    props.set(name.trim().toLowerCase(), value.length === 0 ? true : propertyValue(value.join('=')));
  }

  const type = OPEN_WEBUI_TYPES[sourceType] ?? 'text';
  const given = props.get('default');
  let defaultValue = given === undefined || given === null || typeof given === 'object' ? '' : String(given);
  let options: string[] = [];
  if (sourceType === 'checkbox') {
    options = [...CHECKBOX_OPTIONS];
    defaultValue = isTrue(given) ? 'yes' : isFalse(given) ? 'no' : '';
  } else if (hasOptions(type)) {
    const listed = props.get('options');
    options = normaliseOptions(Array.isArray(listed) ? listed : typeof listed === 'string' ? listed.split(',') : []);
    if (type === 'multiSelect') {
      // The default: a list, or names separated by commas.
      const chosen = Array.isArray(given) ? given : typeof given === 'string' ? given.split(',') : [];
      defaultValue = joinMultiValue(normaliseOptions(chosen));
    }
  } else if (sourceType === 'datetime-local') {
    // 2025-03-01T09:30 → the date; the time has no place in a date placeholder.
    defaultValue = /^\d{4}-\d{2}-\d{2}/.exec(defaultValue)?.[0] ?? '';
  }

  const label = props.get('placeholder') ?? props.get('label') ?? props.get('description');
  return {
    key,
    type,
    required: isTrue(props.get('required')),
    description: typeof label === 'string' ? label : '',
    defaultValue,
    options,
    typed: true,
  };
}

function classifyOpenWebUi(inner: string): Token {
  const content = inner.trim();
  const bar = content.indexOf('|');
  const key = (bar === -1 ? content : content.slice(0, bar)).trim();
  // Only a definition may run over lines; braces around lines of prose are prose.
  if (key === '' || key.includes('\n')) return { kind: 'keep' };
  if (bar === -1) {
    if (OPEN_WEBUI_BUILTINS.has(key)) return { kind: 'builtin', marker: `[${key}]` };
    return {
      kind: 'variable',
      spec: { key, type: 'text', required: false, description: '', defaultValue: '', options: [], typed: false },
    };
  }
  return { kind: 'variable', spec: openWebUiSpec(key, content.slice(bar + 1)) };
}

/** An Open WebUI prompt text: its variables as placeholders, its built-ins as markers. */
export function convertOpenWebUiText(content: string): ConvertedText {
  return convertText(content, OPEN_WEBUI_TOKEN, classifyOpenWebUi);
}

/** An Open WebUI prompt export (the array of prompts) as a library file. */
export function fromOpenWebUi(items: readonly unknown[]): PromptLibraryFile {
  return {
    format: PROMPT_LIBRARY_FORMAT,
    formatVersion: 1,
    categories: [],
    prompts: items.map((item) => {
      const prompt = isObject(item) ? item : {};
      // Older exports have no title (newer ones call it name): the command, without its slash, names it then.
      const title = [text(prompt.title), text(prompt.name), text(prompt.command).replace(/^\//, '')].find(
        (candidate) => candidate.trim() !== '',
      );
      return {
        title: line(title ?? '', PROMPT_TITLE_MAX_LENGTH),
        ...convertOpenWebUiText(text(prompt.content)),
        category: null,
        favourite: false,
      };
    }),
  };
}

// ---- LibreChat ----

/** `{{…}}` as LibreChat reads it (on one line). */
const LIBRECHAT_TOKEN = /\{\{([^{}\n]*?)\}\}/g;

/**
 * Values LibreChat fills in itself (specialVariables in librechat-data-provider; matched regardless
 * of case). This product has no built-ins, so they become bracketed markers ([current_date]).
 */
const LIBRECHAT_BUILTINS = new Set(['current_date', 'current_user', 'iso_datetime', 'current_datetime']);

function classifyLibreChat(inner: string): Token {
  const content = inner.trim();
  if (content === '') return { kind: 'keep' };
  if (LIBRECHAT_BUILTINS.has(content.toLowerCase())) return { kind: 'builtin', marker: `[${content}]` };
  const colon = content.indexOf(':');
  const choices = colon === -1 ? '' : content.slice(colon + 1);
  // As in LibreChat, `{{name:a|b}}` is a dropdown; a colon without `|` is part of a plain name.
  const dropdown = choices.includes('|') && content.slice(0, colon).trim() !== '';
  const key = dropdown ? content.slice(0, colon).trim() : content;
  const options = dropdown ? normaliseOptions(choices.split('|')) : [];
  return {
    kind: 'variable',
    spec: {
      key,
      type: options.length > 0 ? 'select' : 'text',
      // LibreChat has no optional variables: one left empty stays as `{{name}}` in the message.
      required: true,
      description: '',
      defaultValue: '',
      options,
      typed: dropdown,
    },
  };
}

/** A LibreChat prompt text: its variables and dropdowns as placeholders, its built-ins as markers. */
export function convertLibreChatText(source: string): ConvertedText {
  return convertText(source, LIBRECHAT_TOKEN, classifyLibreChat);
}

/** A MongoDB id as exported: a string, or `{ "$oid": "…" }`. */
function idOf(value: unknown): string | null {
  if (typeof value === 'string' || typeof value === 'number') return String(value);
  if (isObject(value) && typeof value.$oid === 'string') return value.$oid;
  return null;
}

/** The group's production prompt: the one `productionId` names, else the embedded productionPrompt, else the last. */
function productionText(group: Json): string {
  const prompts = Array.isArray(group.prompts) ? group.prompts.filter(isObject) : [];
  const productionId = idOf(group.productionId);
  const chosen =
    (productionId === null ? undefined : prompts.find((prompt) => idOf(prompt._id) === productionId)) ??
    (isObject(group.productionPrompt) ? group.productionPrompt : undefined) ??
    prompts.at(-1);
  return text(chosen?.prompt);
}

/** LibreChat prompt groups as a library file; their categories become categories (icon 'folder'). */
export function fromLibreChat(groups: readonly unknown[]): PromptLibraryFile {
  const categories = new Map<string, PromptLibraryFile['categories'][number]>();
  const prompts = groups.map((item) => {
    const group = isObject(item) ? item : {};
    const categoryName = line(text(group.category), PROMPT_CATEGORY_NAME_MAX_LENGTH);
    let category: string | null = null;
    if (categoryName !== '') {
      const key = categoryName.toLowerCase();
      if (!categories.has(key)) categories.set(key, { name: categoryName, icon: 'folder', description: '' });
      category = categories.get(key)!.name;
    }
    return {
      title: line(text(group.name) || text(group.command), PROMPT_TITLE_MAX_LENGTH),
      ...convertLibreChatText(productionText(group)),
      category,
      favourite: false,
    };
  });
  return { format: PROMPT_LIBRARY_FORMAT, formatVersion: 1, categories: [...categories.values()], prompts };
}
