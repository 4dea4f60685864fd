// The labelled evaluation set (eval/answers.json, read by `npm run eval`) checked against the content
// it claims to measure: every expected document exists, and every key point of a question is stated
// by at least one of its expected sources — a knowledge-base document in any of its languages, or,
// for the stem `fatf-data`, the FATF country data the product shows on its country pages. Also the
// shape and the size of the set. Files only: no app, no database.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

type Language = 'en' | 'de' | 'fr' | 'it';
interface InScope {
  id: string;
  area: string;
  language: Language;
  question: string;
  documents: string[];
  keyPoints: string[];
}
interface OutOfScope {
  id: string;
  language: Language;
  question: string;
}

const repoRoot = path.resolve(import.meta.dirname, '../../..');
const labelled = JSON.parse(readFileSync(path.join(repoRoot, 'eval/answers.json'), 'utf8')) as {
  questions: InScope[];
  outOfScope: OutOfScope[];
};

const languages: Language[] = ['en', 'de', 'fr', 'it'];
const areas = ['ch', 'us', 'fatf'];
/** The stem that stands for the FATF country data rather than a knowledge-base document. */
const fatfData = 'fatf-data';

// Knowledge-base documents as the ingestion reads them: front matter dropped (its title kept),
// emphasis and code marks removed. Keyed by file name, e.g. `amla-core-duties.de.md`.
const documentsDir = path.join(repoRoot, 'content/knowledge-base/documents');
const documents = new Map<string, string>();
for (const area of readdirSync(documentsDir)) {
  for (const name of readdirSync(path.join(documentsDir, area)).filter((file) => file.endsWith('.md'))) {
    const source = readFileSync(path.join(documentsDir, area, name), 'utf8');
    const frontMatter = /^---\n([\s\S]*?)\n---\n/.exec(source);
    const title = frontMatter ? (/^title:\s*"?(.*?)"?$/m.exec(frontMatter[1] ?? '')?.[1] ?? '') : '';
    const body = frontMatter ? source.slice(frontMatter[0].length) : source;
    documents.set(name, `${title}\n${body.replace(/\*\*|__|`/g, '')}`);
  }
}
const fatfDir = path.join(repoRoot, 'content/fatf');
const fatfText = readdirSync(fatfDir)
  .filter((name) => name.endsWith('.json'))
  .map((name) => readFileSync(path.join(fatfDir, name), 'utf8'))
  .join('\n');

/** Texts of a question's expected sources: every language version of each stem. */
function sources(stems: string[]): string[] {
  return stems.flatMap((stem) =>
    stem === fatfData
      ? [fatfText]
      : [...documents].filter(([name]) => name.startsWith(`${stem}.`)).map(([, text]) => text),
  );
}

describe('the evaluation set (eval/answers.json)', () => {
  const { questions, outOfScope } = labelled;

  it('has unique ids and complete entries', () => {
    const ids = [...questions, ...outOfScope].map((item) => item.id);
    expect(ids.filter((id, index) => ids.indexOf(id) !== index)).toEqual([]);
    for (const item of questions) {
      expect(areas, item.id).toContain(item.area);
      expect(languages, item.id).toContain(item.language);
      expect(item.question.trim(), item.id).not.toBe('');
      expect(item.documents.length, item.id).toBeGreaterThan(0);
      expect(item.keyPoints.length, `${item.id}: 1 to 4 key points`).toBeGreaterThanOrEqual(1);
      expect(item.keyPoints.length, `${item.id}: 1 to 4 key points`).toBeLessThanOrEqual(4);
    }
    for (const item of outOfScope) {
      expect(languages, item.id).toContain(item.language);
      expect(item.question.trim(), item.id).not.toBe('');
    }
  });

  it('covers every area and language with enough questions', () => {
    expect(questions.length).toBeGreaterThanOrEqual(130);
    for (const area of areas)
      expect(questions.filter((item) => item.area === area).length, area).toBeGreaterThanOrEqual(35);
    for (const language of languages) {
      expect(questions.filter((item) => item.language === language).length, language).toBeGreaterThanOrEqual(30);
      expect(outOfScope.filter((item) => item.language === language).length, language).toBeGreaterThanOrEqual(6);
    }
    expect(outOfScope.length).toBeGreaterThanOrEqual(30);
  });

  it('names only documents that exist', () => {
    const missing = questions.flatMap((item) =>
      item.documents
        .filter((stem) => stem !== fatfData && sources([stem]).length === 0)
        .map((stem) => `${item.id}: ${stem}`),
    );
    expect(missing).toEqual([]);
  });

  it('states every key point in at least one expected source', () => {
    const unsupported = questions.flatMap((item) => {
      const texts = sources(item.documents);
      return item.keyPoints
        .filter((point) => !texts.some((text) => new RegExp(point, 'iu').test(text)))
        .map((point) => `${item.id}: /${point}/`);
    });
    expect(unsupported).toEqual([]);
  });
});
