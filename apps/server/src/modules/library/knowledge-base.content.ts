import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Reads the starter knowledge base the product ships in `content/knowledge-base` (see its README):
 * `taxonomy.json` and `documents/<jurisdiction>/<slug>.<lang>.md` with front matter.
 */

export const defaultKnowledgeBaseDir = fileURLToPath(new URL('../../../../../content/knowledge-base', import.meta.url));

type Localized = { en: string; de: string; fr: string; it: string };

export interface TaxonomyItem {
  code: string;
  order: number;
  names: Localized;
  descriptions: Localized;
}

export interface Taxonomy {
  functions: TaxonomyItem[];
  resourceTypes: TaxonomyItem[];
}

export interface SeedDocument {
  /** `<jurisdiction>/<slug>.<lang>.md` */
  relativePath: string;
  fileName: string;
  frontMatter: Record<string, string | string[]>;
  /** The Markdown body, without the front matter. */
  body: string;
}

export function readTaxonomy(dir: string): Taxonomy {
  const raw = JSON.parse(fs.readFileSync(path.join(dir, 'taxonomy.json'), 'utf8')) as Taxonomy;
  return { functions: raw.functions, resourceTypes: raw.resourceTypes };
}

/**
 * Parses the YAML-ish front matter of the knowledge base: `key: "json string"`, `key: [a, b]`, and
 * `# comments`. Anything else is refused, so a malformed file is reported instead of half-imported.
 */
export function parseFrontMatter(source: string): { frontMatter: Record<string, string | string[]>; body: string } {
  const text = source.replace(/^\uFEFF/, '').replaceAll('\r\n', '\n');
  const match = /^---\n([\s\S]*?)\n---\n?/.exec(text);
  if (!match) throw new Error('No front matter');
  const frontMatter: Record<string, string | string[]> = {};
  for (const [index, line] of match[1]!.split('\n').entries()) {
    const trimmed = line.trim();
    if (!trimmed || trimmed.startsWith('#')) continue;
    const field = /^([A-Za-z][A-Za-z0-9_]*):\s*(.*)$/.exec(trimmed);
    if (!field) throw new Error(`Front matter line ${index + 1} is not "key: value"`);
    const [, key, rawValue] = field as unknown as [string, string, string];
    const value = rawValue.trim();
    if (value.startsWith('"')) {
      const end = findClosingQuote(value);
      frontMatter[key] = JSON.parse(value.slice(0, end + 1)) as string;
    } else if (value.startsWith('[')) {
      const close = value.indexOf(']');
      if (close === -1) throw new Error(`Front matter list "${key}" is not closed`);
      frontMatter[key] = value
        .slice(1, close)
        .split(',')
        .map((item) => item.trim().replace(/^"(.*)"$/, '$1'))
        .filter(Boolean);
    } else {
      frontMatter[key] = value.replace(/\s+#.*$/, '');
    }
  }
  return { frontMatter, body: text.slice(match[0].length).trim() + '\n' };
}

function findClosingQuote(value: string): number {
  for (let index = 1; index < value.length; index += 1) {
    if (value[index] === '\\') {
      index += 1;
      continue;
    }
    if (value[index] === '"') return index;
  }
  throw new Error('Unterminated string in front matter');
}

export function readSeedDocuments(dir: string): SeedDocument[] {
  const documentsDir = path.join(dir, 'documents');
  if (!fs.existsSync(documentsDir)) return [];
  const result: SeedDocument[] = [];
  for (const jurisdiction of fs.readdirSync(documentsDir).sort()) {
    const folder = path.join(documentsDir, jurisdiction);
    if (!fs.statSync(folder).isDirectory()) continue;
    for (const fileName of fs.readdirSync(folder).sort()) {
      if (!fileName.endsWith('.md')) continue;
      const { frontMatter, body } = parseFrontMatter(fs.readFileSync(path.join(folder, fileName), 'utf8'));
      result.push({ relativePath: `${jurisdiction}/${fileName}`, fileName, frontMatter, body });
    }
  }
  return result;
}
