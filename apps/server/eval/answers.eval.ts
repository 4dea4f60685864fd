// The answer engine's evaluation (npm run eval): the labelled questions of eval/answers.json asked
// through the real chat API on a fresh install with the starter knowledge base, scored beside a
// baseline of the plain top-3 search passages. It measures; it asserts nothing about quality.
import fs from 'node:fs';
import path from 'node:path';
import type { Citation } from '@compliance/shared/chat';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { queryRows } from '../src/db/client.ts';
import { answerText, assistantId, createChatTestApp, parseEvents } from '../test/chat/helpers.ts';
import { createTestUser, type TestUser } from '../test/helpers/factories.ts';
import type { TestApp } from '../test/helpers/test-app.ts';

interface InScope {
  id: string;
  area: string;
  language: 'en' | 'de' | 'fr' | 'it';
  question: string;
  documents: string[];
  keyPoints: string[];
}
interface OutOfScope {
  id: string;
  language: 'en' | 'de' | 'fr' | 'it';
  question: string;
}

const repoRoot = path.resolve(import.meta.dirname, '../../..');
const labelled = JSON.parse(fs.readFileSync(path.join(repoRoot, 'eval/answers.json'), 'utf8')) as {
  questions: InScope[];
  outOfScope: OutOfScope[];
};

// EVAL_ONLY=id,id runs only those questions; EVAL_VERBOSE=1 prints each answer.
const only = process.env.EVAL_ONLY?.split(',').filter(Boolean);
if (only) {
  labelled.questions = labelled.questions.filter((item) => only.includes(item.id));
  labelled.outOfScope = labelled.outOfScope.filter((item) => only.includes(item.id));
}
const verbose = Boolean(process.env.EVAL_VERBOSE);

let app: TestApp;
let user: TestUser;
let expertId: string;

beforeAll(async () => {
  app = await createChatTestApp();
  user = await createTestUser(app);
  expertId = await assistantId(app);
  // The answers' index is built on first use; built now, the first question reads it like the rest.
  await app.documentSearch.prepare();
}, 300_000);
afterAll(() => app?.close());

const fileNames = new Map<string, string>();
async function fileName(documentId: string): Promise<string> {
  if (!fileNames.has(documentId)) {
    const response = await app.inject({
      method: 'GET',
      url: `/api/documents/files/${documentId}`,
      headers: user.headers,
    });
    fileNames.set(documentId, (response.json() as { name: string }).name);
  }
  return fileNames.get(documentId)!;
}

async function ask(question: string, language: string) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/chat/conversations',
    headers: user.headers,
    payload: { assistantId: expertId, content: question, knowledgeBase: true, language },
  });
  const events = parseEvents(response.body);
  const citations = events.flatMap((event) => (event.event === 'citation' ? [event.data as Citation] : []));
  return { text: answerText(events), citations };
}

/** Text reduced to its words: what a quoted statement and its document must share. */
const plainWords = (text: string) =>
  text
    .toLowerCase()
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/\]\([^)]*\)/g, ' ')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

const documentTexts = new Map<string, string>();
async function documentText(documentId: string): Promise<string> {
  if (!documentTexts.has(documentId)) {
    const rows = await queryRows<{ text: string }>(
      app.db,
      sql`select text from file_chunks where file_id = ${documentId} order by chunk_index`,
    );
    documentTexts.set(documentId, plainWords(rows.map((row) => row.text).join('\n')));
  }
  return documentTexts.get(documentId)!;
}

/**
 * Citation support: every statement the answer cites is in the cited document — a sentence as it
 * stands, a table row's cells each (the engine joins them with their column labels). Statements
 * cited to the FATF data are counted apart: they are made from the data, not quoted.
 */
async function support(text: string, citations: Citation[]) {
  const byNumber = new Map(citations.map((citation) => [citation.number, citation]));
  let checked = 0;
  let supported = 0;
  const unsupported: string[] = [];
  for (const line of text.split('\n')) {
    const match = /^(?:- )?(.*\S)\s\[(\d+)\]$/.exec(line.trim());
    if (!match) continue;
    const citation = byNumber.get(Number(match[2]));
    if (!citation?.documentId) continue;
    checked += 1;
    const haystack = await documentText(citation.documentId);
    const fragments = (match[1] ?? '')
      .split(/ — |; |: /)
      .map(plainWords)
      .filter((fragment) => fragment.length > 0);
    if (fragments.every((fragment) => haystack.includes(fragment))) supported += 1;
    else unsupported.push(match[1] ?? '');
  }
  return { checked, supported, unsupported };
}

const jurisdictions = new Map<string, string | null>();
/** Whose rules a cited knowledge-base document holds (`CH`, `US`, `INT`), from its metadata. */
async function jurisdictionOf(documentId: string): Promise<string | null> {
  if (!jurisdictions.has(documentId)) {
    const [row] = await queryRows<{ jurisdiction: string | null }>(
      app.db,
      sql`select metadata->>'jurisdiction' as jurisdiction from files where id = ${documentId}`,
    );
    jurisdictions.set(documentId, row?.jurisdiction ?? null);
  }
  return jurisdictions.get(documentId)!;
}

/** Citations of a Swiss or US question that point at the other country's rules. */
async function otherRulebookCitations(area: string, citations: Citation[]): Promise<number> {
  const asked = area === 'ch' ? 'CH' : area === 'us' ? 'US' : null;
  if (!asked) return 0;
  const cited = await Promise.all(
    citations.map((citation) => (citation.documentId ? jurisdictionOf(citation.documentId) : null)),
  );
  return cited.filter((jurisdiction) => (jurisdiction === 'CH' || jurisdiction === 'US') && jurisdiction !== asked)
    .length;
}

const covered = (text: string, keyPoints: string[]) =>
  keyPoints.filter((point) => new RegExp(point, 'iu').test(text)).length / keyPoints.length;
const mentions = (names: string[], stems: string[]) =>
  stems.some((stem) => names.some((name) => name.startsWith(stem)));
/** The names a citation counts as: its file name, or `fatf-data` for the FATF country data. */
async function citedNames(citations: Citation[]) {
  return Promise.all(
    citations.map((citation) =>
      citation.kind === 'fatf' ? 'fatf-data' : citation.documentId ? fileName(citation.documentId) : citation.href,
    ),
  );
}

interface Row {
  id: string;
  area: string;
  language: string;
  recall5: number;
  cited: number;
  engine: number;
  baseline: number;
  refused: boolean;
  checked: number;
  supported: number;
  citations: number;
  otherRulebook: number;
}

describe('answer engine evaluation', () => {
  it('scores every labelled question and writes the table', async () => {
    const rows: Row[] = [];
    for (const item of labelled.questions) {
      const top5 = await app.documentSearch.searchChunks({
        query: item.question,
        scope: { userId: null, includeKnowledgeBase: true },
        limit: 5,
      });
      const top3 = top5.slice(0, 3);
      const answer = await ask(item.question, item.language);
      const names = await citedNames(answer.citations);
      if (verbose) console.log(`\n## ${item.id}: ${item.question}\n${answer.text}\n→ ${names.join(', ')}\n`);
      const checkedSupport = await support(answer.text, answer.citations);
      for (const statement of checkedSupport.unsupported) console.log(`unsupported (${item.id}): ${statement}`);
      rows.push({
        id: item.id,
        area: item.area,
        language: item.language,
        recall5: mentions(
          top5.map((passage) => passage.fileName),
          item.documents,
        )
          ? 1
          : 0,
        cited: mentions(names, item.documents) ? 1 : 0,
        engine: covered(answer.text, item.keyPoints),
        baseline: covered(top3.map((passage) => passage.text).join('\n'), item.keyPoints),
        refused: answer.citations.length === 0,
        checked: checkedSupport.checked,
        supported: checkedSupport.supported,
        citations: answer.citations.length,
        otherRulebook: await otherRulebookCitations(item.area, answer.citations),
      });
    }
    const outcomes: { id: string; language: string; refused: boolean }[] = [];
    for (const item of labelled.outOfScope) {
      const answer = await ask(item.question, item.language);
      if (verbose) console.log(`\n## ${item.id}: ${item.question}\n${answer.text}\n`);
      // An answer without a single citation is the engine's "nothing found" answer.
      outcomes.push({ id: item.id, language: item.language, refused: answer.citations.length === 0 });
    }

    const pct = (value: number) => `${Math.round(value * 100)}%`;
    const mean = (values: number[]) => (values.length ? values.reduce((a, b) => a + b, 0) / values.length : 0);
    const line = (label: string, group: Row[]) =>
      `| ${label} | ${group.length} | ${pct(mean(group.map((r) => r.recall5)))} | ${pct(mean(group.map((r) => r.cited)))} | ${pct(mean(group.map((r) => r.engine)))} | ${pct(mean(group.map((r) => r.baseline)))} | ${pct(mean(group.map((r) => (r.refused ? 1 : 0))))} |`;
    const groups = (key: 'area' | 'language') => [...new Set(rows.map((row) => row[key]))].sort();
    const refusedOut = outcomes.filter((outcome) => outcome.refused).length;
    const refusedIn = rows.filter((row) => row.refused).length;
    const checkedAll = rows.reduce((sum, row) => sum + row.checked, 0);
    const supportedAll = rows.reduce((sum, row) => sum + row.supported, 0);
    const nationalRows = rows.filter((row) => row.area === 'ch' || row.area === 'us');
    const table = [
      '| slice | questions | search recall@5 | answer cites an expected document | key points: engine | key points: top-3 passages | false refusals |',
      '|---|---|---|---|---|---|---|',
      line('all', rows),
      ...groups('area').map((area) =>
        line(
          `area: ${area}`,
          rows.filter((row) => row.area === area),
        ),
      ),
      ...groups('language').map((language) =>
        line(
          `language: ${language}`,
          rows.filter((row) => row.language === language),
        ),
      ),
      '',
      `Out of scope: ${refusedOut} of ${outcomes.length} refused (refusal recall ${pct(refusedOut / outcomes.length)}); refusal precision ${pct(refusedOut / Math.max(1, refusedOut + refusedIn))}.`,
      ...[...new Set(outcomes.map((outcome) => outcome.language))].sort().map((language) => {
        const group = outcomes.filter((outcome) => outcome.language === language);
        return `- out of scope, ${language}: ${group.filter((outcome) => outcome.refused).length} of ${group.length} refused`;
      }),
      '',
      `Citation support: ${supportedAll} of ${checkedAll} cited statements found in the cited document (${pct(supportedAll / Math.max(1, checkedAll))}).`,
      `Other rulebook: ${nationalRows.reduce((sum, row) => sum + row.otherRulebook, 0)} of ${nationalRows.reduce((sum, row) => sum + row.citations, 0)} citations of the Swiss and US questions point at the other country's rules (${nationalRows.filter((row) => row.otherRulebook > 0).length} of ${nationalRows.length} answers).`,
      '',
      'Per question (engine key points / baseline key points / cited expected document / expected document in the search top 5):',
      '',
      ...rows.map(
        (row) =>
          `- ${row.id}: ${pct(row.engine)} / ${pct(row.baseline)} / ${row.cited ? 'yes' : 'no'}${row.refused ? ' (refused)' : ''} / ${row.recall5 ? 'yes' : 'no'}`,
      ),
      ...outcomes.map(
        (outcome) => `- ${outcome.id} (out of scope): ${outcome.refused ? 'refused' : 'answered with citations'}`,
      ),
    ].join('\n');
    console.log(`\n${table}\n`);
    if (process.env.EVAL_OUTPUT) fs.writeFileSync(process.env.EVAL_OUTPUT, `${table}\n`);
  }, 600_000);
});
