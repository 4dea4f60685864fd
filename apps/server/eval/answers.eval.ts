// The answer engine's evaluation (npm run eval): the labelled questions of eval/answers.json asked
// through the real chat API on a fresh install with the starter knowledge base, scored beside a
// baseline of the plain top-3 search passages. It measures; it asserts nothing about quality.
import fs from 'node:fs';
import path from 'node:path';
import type { Citation } from '@compliance/shared/chat';
import { afterAll, beforeAll, describe, it } from 'vitest';
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

let app: TestApp;
let user: TestUser;
let expertId: string;

beforeAll(async () => {
  app = await createChatTestApp();
  user = await createTestUser(app);
  expertId = await assistantId(app);
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

const stopWords = new Set(
  'the a an of to in on for and or is are be by with what which who when how does do must under from that this its it as at der die das und oder ist sind ein eine nach welche was wie wann les la le des du et ou est sont une un selon quelles que quels il lo gli di da del della che quali sono un una per secondo'.split(
    ' ',
  ),
);
function words(question: string): string[] {
  return question
    .toLowerCase()
    .split(/[^\p{L}\p{N}.()/-]+/u)
    .map((word) => word.replace(/^[.()/-]+|[.()/-]+$/g, ''))
    .filter((word) => word.length > 2 && !stopWords.has(word));
}

const covered = (text: string, keyPoints: string[]) =>
  keyPoints.filter((point) => new RegExp(point, 'iu').test(text)).length / keyPoints.length;
const mentions = (names: string[], stems: string[]) =>
  stems.some((stem) => names.some((name) => name.startsWith(stem)));

interface Row {
  id: string;
  area: string;
  language: string;
  recall5: number;
  cited: number;
  engine: number;
  baseline: number;
  refused: boolean;
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
      const anyTerms = await app.documentSearch.searchChunks({
        query: words(item.question).join(' or '),
        scope: { userId: null, includeKnowledgeBase: true },
        limit: 3,
      });
      const answer = await ask(item.question, item.language);
      const citedNames = await Promise.all(
        answer.citations.flatMap((citation) => (citation.documentId ? [fileName(citation.documentId)] : [])),
      );
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
        cited: mentions(citedNames, item.documents) ? 1 : 0,
        engine: covered(answer.text, item.keyPoints),
        baseline: covered(anyTerms.map((passage) => passage.text).join('\n'), item.keyPoints),
        refused: answer.citations.length === 0,
      });
    }
    const outcomes: { id: string; language: string; refused: boolean }[] = [];
    for (const item of labelled.outOfScope) {
      const answer = await ask(item.question, item.language);
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
      '',
      'Per question (engine key points / baseline key points / cited expected document):',
      '',
      ...rows.map(
        (row) =>
          `- ${row.id}: ${pct(row.engine)} / ${pct(row.baseline)} / ${row.cited ? 'yes' : 'no'}${row.refused ? ' (refused)' : ''}`,
      ),
      ...outcomes.map(
        (outcome) => `- ${outcome.id} (out of scope): ${outcome.refused ? 'refused' : 'answered with citations'}`,
      ),
    ].join('\n');
    console.log(`\n${table}\n`);
    if (process.env.EVAL_OUTPUT) fs.writeFileSync(process.env.EVAL_OUTPUT, `${table}\n`);
  }, 600_000);
});
