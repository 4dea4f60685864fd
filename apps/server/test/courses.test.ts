import path from 'node:path';
import type { CourseContent } from '@compliance/shared/courses';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { courseCertificates } from '../src/db/schema/index.ts';
import { defaultExtractionLimits } from '../src/modules/ingestion/limits.ts';
import { parsePdf } from '../src/modules/ingestion/parsers/pdf.ts';
import { defaultCoursesDir, loadShippedCourses } from '../src/modules/courses/course-content.ts';
import { writeCourseFolder } from './helpers/course-fixture.ts';
import { createTestUser, type TestUser } from './helpers/factories.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

const day = 86_400_000;
let clock = new Date('2026-03-02T08:00:00Z');
let app: TestApp;
let learner: TestUser;
let other: TestUser;
let admin: TestUser;

beforeAll(async () => {
  const dir = await writeCourseFolder();
  app = await createTestApp({
    library: { seedKnowledgeBase: true },
    courses: { coursesDir: dir, now: () => clock },
  });
  learner = await createTestUser(app, { firstName: 'Lena', lastName: 'Keller' });
  other = await createTestUser(app);
  admin = await createTestUser(app, { role: 'admin' });
  await app.jobs.runDueJobs();
}, 120_000);
afterAll(() => app.close());

async function call<T = unknown>(
  user: TestUser | null,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  payload?: unknown,
  status = 200,
) {
  const response = await app.inject({
    method,
    url,
    ...(user ? { headers: user.headers } : {}),
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
  expect(response.statusCode, response.body).toBe(status);
  return (response.body ? response.json() : null) as T;
}

describe('shipped courses', () => {
  it('every file of content/courses matches the course format and cites knowledge-base sections that exist', async () => {
    const shipped = await loadShippedCourses(defaultCoursesDir);
    expect(shipped.length).toBeGreaterThanOrEqual(1);
    const { readFile, readdir } = await import('node:fs/promises');
    const kbDir = path.join(defaultCoursesDir, '..', 'knowledge-base', 'documents');
    const headings = new Map<string, Set<string>>();
    for (const jurisdiction of await readdir(kbDir)) {
      for (const name of (await readdir(path.join(kbDir, jurisdiction))).filter((file) => file.endsWith('.en.md'))) {
        const text = await readFile(path.join(kbDir, jurisdiction, name), 'utf8');
        const id = /^id:\s*"?([^"\n]+)"?/m.exec(text)?.[1];
        if (id) headings.set(id, new Set([...text.matchAll(/^## (.+)$/gm)].map((match) => match[1]!.trim())));
      }
    }
    const missing: string[] = [];
    JSON.stringify(shipped, (key, value: unknown) => {
      const source = value as { document?: unknown; section?: unknown } | null;
      if (
        source &&
        typeof source === 'object' &&
        typeof source.document === 'string' &&
        typeof source.section === 'string'
      ) {
        if (!headings.get(source.document)?.has(source.section)) missing.push(`${source.document} › ${source.section}`);
      }
      return value;
    });
    expect(missing).toEqual([]);
  });
});

describe('a learner', () => {
  it('sees the catalogue and a course in their language, with lesson sources resolved to the knowledge base', async () => {
    const { courses } = await call<{ courses: { slug: string; title: string; progress: { lessonCount: number } }[] }>(
      learner,
      'GET',
      '/api/courses?lang=de',
    );
    const entry = courses.find((item) => item.slug === 'test-aml');
    expect(entry).toMatchObject({ title: 'Test AML course (de)', progress: { lessonCount: 2 } });

    const lesson = await call<{
      body: string;
      sources: { fileId: string | null; section: string; language: string }[];
      next: { slug: string } | null;
    }>(learner, 'GET', '/api/courses/test-aml/lessons/reporting?lang=de');
    expect(lesson.body).toContain('(de)');
    expect(lesson.next?.slug).toBe('identification');
    expect(lesson.sources[0]!.fileId).toMatch(/^[0-9a-f-]{36}$/);
    // The German version of the AMLA summary has the same sections, so its German heading is cited.
    expect(lesson.sources[0]!.language).toBe('de');

    await call(learner, 'GET', '/api/courses/test-aml/lessons/nope?lang=en', undefined, 404);
    await call(learner, 'GET', '/api/courses/nope?lang=en', undefined, 404);
    await call(null, 'GET', '/api/courses?lang=en', undefined, 401);
  });

  it('keeps private notes, searchable across courses, and turns one into a card', async () => {
    const note = await call<{ id: string }>(
      learner,
      'POST',
      '/api/courses/test-aml/lessons/reporting/notes',
      { body: 'MROS: no tipping off', quote: 'reported to MROS' },
      201,
    );
    await call(learner, 'PATCH', `/api/course-notes/${note.id}`, { body: 'MROS: no tipping-off (Art. 10a)' });
    const found = await call<{ notes: { id: string; body: string; lessonTitle: string }[] }>(
      learner,
      'GET',
      '/api/course-notes?q=tipping-off&lang=en',
    );
    expect(found.notes).toEqual([expect.objectContaining({ id: note.id, lessonTitle: 'Reporting' })]);

    // Nobody else reads or changes it.
    await call(other, 'PATCH', `/api/course-notes/${note.id}`, { body: 'x' }, 404);
    await call(admin, 'DELETE', `/api/course-notes/${note.id}`, undefined, 404);
    expect((await call<{ notes: unknown[] }>(other, 'GET', '/api/course-notes?q=MROS&lang=en')).notes).toEqual([]);

    // Hidden characters and oversized notes are refused and change nothing.
    await call(learner, 'PATCH', `/api/course-notes/${note.id}`, { body: 'evil\u202Etext' }, 400);
    await call(learner, 'PATCH', `/api/course-notes/${note.id}`, { body: 'x'.repeat(20_001) }, 400);

    const card = await call<{ id: string; isNew: boolean }>(
      learner,
      'POST',
      '/api/courses/test-aml/cards',
      { lessonSlug: 'reporting', front: 'Tipping off?', back: 'Forbidden (Art. 10a)' },
      201,
    );
    expect(card).toMatchObject({ isNew: true });
    expect(card.id).toMatch(/^own:/);
    await call(
      learner,
      'POST',
      '/api/courses/test-aml/cards',
      { lessonSlug: 'reporting', front: '  ', back: 'x' },
      400,
    );

    const anki = await app.inject({
      method: 'GET',
      url: '/api/courses/test-aml/anki.txt?lang=de',
      headers: learner.headers,
    });
    expect(anki.statusCode).toBe(200);
    expect(anki.body).toContain('#notetype column:1');
    expect(anki.body).toContain('Cloze\tReports go to {{c1::MROS}} without delay. (de)');
    expect(anki.body).toContain('Basic\tTipping off?\tForbidden (Art. 10a)');
  });

  it('reviews cards over simulated days: intervals grow with "I got it" and shrink with "I did not get it"', async () => {
    // Cards unlock as lessons are read.
    let session = await call<{ cards: { id: string }[] }>(learner, 'GET', '/api/courses/test-aml/review?lang=en');
    expect(session.cards.map((card) => card.id)).toEqual([expect.stringMatching(/^own:/)]);
    await call(learner, 'POST', '/api/courses/test-aml/lessons/reporting/read', { seconds: 300 });
    session = await call(learner, 'GET', '/api/courses/test-aml/review?lang=en');
    expect(session.cards.map((card) => card.id)).toEqual(expect.arrayContaining(['card-mros', 'card-cloze']));
    const cloze = (
      await call<{ cards: { id: string; front: string; back: string }[] }>(
        learner,
        'GET',
        '/api/courses/test-aml/review?lang=en',
      )
    ).cards.find((card) => card.id === 'card-cloze')!;
    expect(cloze.front).toBe('Reports go to […] without delay.');
    expect(cloze.back).toContain('**MROS**');

    const intervals: number[] = [];
    for (let i = 0; i < 5; i += 1) {
      const outcome = await call<{ due: string; intervalDays: number }>(
        learner,
        'POST',
        '/api/courses/test-aml/review',
        { cardId: 'card-mros', result: 'got' },
      );
      intervals.push(outcome.intervalDays);
      clock = new Date(outcome.due);
    }
    const days = intervals.filter((interval) => interval >= 1);
    expect(days.length).toBeGreaterThanOrEqual(3);
    for (let i = 1; i < days.length; i += 1) expect(days[i]).toBeGreaterThan(days[i - 1]!);

    const lapse = await call<{ intervalDays: number; lapses: number }>(
      learner,
      'POST',
      '/api/courses/test-aml/review',
      { cardId: 'card-mros', result: 'missed' },
    );
    expect(lapse.lapses).toBe(1);
    expect(lapse.intervalDays).toBeLessThan(days.at(-1)!);

    await call(learner, 'POST', '/api/courses/test-aml/review', { cardId: 'no-such-card', result: 'got' }, 404);
    await call(learner, 'POST', '/api/courses/test-aml/review', { cardId: 'card-mros', result: 'hard' }, 400);
  });

  it('takes a lesson test with answers withheld, immediate feedback, and wrong answers back in the reviews', async () => {
    const test = await call<{ questions: Record<string, unknown>[] }>(
      learner,
      'GET',
      '/api/courses/test-aml/test?lesson=reporting&lang=fr',
    );
    expect(test.questions).toHaveLength(2);
    for (const question of test.questions) {
      expect(question).not.toHaveProperty('correct');
      expect(question).not.toHaveProperty('explanation');
    }
    expect(test.questions[1]).toMatchObject({
      kind: 'true_false',
      options: [
        { id: 'true', text: 'Vrai' },
        { id: 'false', text: 'Faux' },
      ],
    });

    const feedback = await call<{ correct: boolean; correctAnswer: string; source: { fileId: string } | null }>(
      learner,
      'POST',
      '/api/courses/test-aml/test/check',
      {
        questionId: 'q-single',
        answer: ['a'],
        lang: 'en',
      },
    );
    expect(feedback).toMatchObject({ correct: false, correctAnswer: 'MROS' });
    expect(feedback.source?.fileId).toBeTruthy();

    const result = await call<{ score: number; passed: boolean; reviewLessons: { slug: string }[] }>(
      learner,
      'POST',
      '/api/courses/test-aml/test',
      {
        lesson: 'reporting',
        lang: 'en',
        answers: { 'q-single': ['a'], 'q-tf': ['false'] },
      },
    );
    expect(result).toMatchObject({ score: 50, passed: false, reviewLessons: [{ slug: 'reporting' }] });
    const session = await call<{ cards: { id: string; back: string }[] }>(
      learner,
      'GET',
      '/api/courses/test-aml/review?lang=en',
    );
    expect(session.cards.find((card) => card.id === 'question:q-single')?.back).toContain('MROS is the Swiss FIU.');

    await call(
      learner,
      'POST',
      '/api/courses/test-aml/test',
      { lesson: 'reporting', answers: { 'q-short': 'x' } },
      404,
    );
  });

  it('hands in an essay and gets criterion-level feedback with citations; can resubmit', async () => {
    const first = await call<{
      evaluation: {
        score: number;
        lengthIssue: string | null;
        criteria: { concepts: { id: string; found: boolean; source: unknown }[] }[];
      };
    }>(
      learner,
      'POST',
      '/api/courses/test-aml/essays/essay-duties',
      {
        text: 'A financial intermediary must report every founded suspicion to MROS without delay and must never tell the client about it, because that would warn the people involved.',
        lang: 'en',
      },
      201,
    );
    const concepts = first.evaluation.criteria[0]!.concepts;
    expect(concepts.find((concept) => concept.id === 'k1')).toMatchObject({ found: true });
    expect(concepts.find((concept) => concept.id === 'k2')).toMatchObject({ found: false, source: null });
    expect(first.evaluation.score).toBe(50);
    clock = new Date(clock.getTime() + 60_000);
    await call(
      learner,
      'POST',
      '/api/courses/test-aml/essays/essay-duties',
      {
        text: 'It identifies the contracting party and reports suspicions to MROS, documenting each step it takes so that the file shows what was checked and when.',
        lang: 'en',
      },
      201,
    );
    const page = await call<{ submissions: { evaluation: { score: number } }[] }>(
      learner,
      'GET',
      '/api/courses/test-aml/essays/essay-duties?lang=en',
    );
    expect(page.submissions.map((submission) => submission.evaluation.score)).toEqual([100, 50]);
    await call(learner, 'POST', '/api/courses/test-aml/essays/essay-duties', { text: '   ', lang: 'en' }, 400);
  });

  it('completes the course (lessons read, final test passed) and gets a certificate anyone can verify', async () => {
    await call(learner, 'GET', '/api/courses/test-aml/certificate', undefined, 404);
    const passed = await call<{ passed: boolean; certificateId: string | null }>(
      learner,
      'POST',
      '/api/courses/test-aml/test',
      {
        lang: 'en',
        answers: { 'q-single': ['b'], 'q-tf': ['false'], 'q-short': 'the MROS', 'q-multi': ['c', 'a'] },
      },
    );
    // Passed, but one lesson is unread: not complete yet.
    expect(passed).toMatchObject({ passed: true, certificateId: null });
    const read = await call<{ certificateId: string | null }>(
      learner,
      'POST',
      '/api/courses/test-aml/lessons/identification/read',
      { seconds: 120 },
    );
    expect(read.certificateId).toMatch(/^[0-9a-f-]{36}$/);

    const certificate = await call<{ id: string; verificationUrl: string }>(
      learner,
      'GET',
      '/api/courses/test-aml/certificate',
    );
    const url = new URL(certificate.verificationUrl);
    const verified = await call<{ valid: boolean; holder: string; courseTitle: string; score: number }>(
      null,
      'GET',
      `/api${url.pathname}${url.search}&lang=it`,
    );
    expect(verified).toMatchObject({
      valid: true,
      holder: 'Lena Keller',
      courseTitle: 'Test AML course (it)',
      score: 100,
    });
    const forged = await call<{ valid: boolean; holder: string | null }>(
      null,
      'GET',
      `/api${url.pathname}?sig=${'A'.repeat(32)}`,
    );
    expect(forged).toEqual({ valid: false, holder: null, courseTitle: null, score: null, issuedAt: null });

    const pdf = await app.inject({
      method: 'GET',
      url: '/api/courses/test-aml/certificate.pdf?lang=de',
      headers: learner.headers,
    });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    // A name outside Latin-1 is printed as written (an embedded Unicode font), a script the font lacks as '?'.
    await app.db
      .update(courseCertificates)
      .set({ holderName: 'Łukasz Żółć-Ξένια Юлия 王' })
      .where(eq(courseCertificates.id, certificate.id));
    const unicode = await app.inject({
      method: 'GET',
      url: '/api/courses/test-aml/certificate.pdf?lang=de',
      headers: learner.headers,
    });
    const printed = (await parsePdf(unicode.rawPayload, defaultExtractionLimits)).pages
      .flatMap((page) => page.blocks.map((block) => block.text))
      .join('\n');
    expect(printed).toContain('Łukasz Żółć-Ξένια Юлия ?');
    await call(other, 'GET', '/api/courses/test-aml/certificate', undefined, 404);

    const record = await app.inject({ method: 'GET', url: '/api/course-record.csv?lang=en', headers: learner.headers });
    expect(record.statusCode).toBe(200);
    expect(record.body).toContain('final test');
    expect(record.body).toContain(`certificate ${certificate.id}`);

    const progress = (
      await call<{ progress: { completed: boolean; lessonsRead: number } }>(
        learner,
        'GET',
        '/api/courses/test-aml?lang=en',
      )
    ).progress;
    expect(progress).toMatchObject({ completed: true, lessonsRead: 2 });
  });

  it('chooses a desired retention within bounds', async () => {
    expect(await call(learner, 'GET', '/api/course-settings')).toEqual({ desiredRetention: 0.9 });
    await call(learner, 'PUT', '/api/course-settings', { desiredRetention: 0.95 });
    await call(learner, 'PUT', '/api/course-settings', { desiredRetention: 0.5 }, 400);
    expect(await call(learner, 'GET', '/api/course-settings')).toEqual({ desiredRetention: 0.95 });
  });
});

describe('admins', () => {
  it('unpublish a course (learners no longer see it), import GIFT questions, and refuse a malformed course file', async () => {
    await call(learner, 'GET', '/api/admin/courses', undefined, 403);
    const { courses } = await call<{ courses: { slug: string; learnerCount: number }[] }>(
      admin,
      'GET',
      '/api/admin/courses',
    );
    expect(courses.find((entry) => entry.slug === 'test-aml')?.learnerCount).toBe(1);

    await call(admin, 'PUT', '/api/admin/courses/test-aml/published', { published: false });
    await call(other, 'GET', '/api/courses/test-aml?lang=en', undefined, 404);
    await call(admin, 'GET', '/api/courses/test-aml?lang=en');
    await call(admin, 'PUT', '/api/admin/courses/test-aml/published', { published: true });

    const imported = await call<{ imported: number; skipped: string[] }>(
      admin,
      'POST',
      '/api/admin/courses/test-aml/gift',
      {
        lesson: 'identification',
        text: '::Freeze:: Assets are frozen for five working days after a report. {T}\n\n::Amount:: How many days? {#5}\n\n::FIU:: The Swiss FIU is {=MROS =the MROS}',
      },
    );
    expect(imported).toEqual({ imported: 2, skipped: ['Amount (Numerical)'] });
    const test = await call<{ questions: { id: string }[] }>(
      other,
      'GET',
      '/api/courses/test-aml/test?lesson=identification&lang=en',
    );
    expect(test.questions.map((question) => question.id)).toEqual([
      'q-short',
      'q-multi',
      'identification-freeze',
      'identification-fiu',
    ]);
    await call(
      admin,
      'POST',
      '/api/admin/courses/test-aml/gift',
      { lesson: 'identification', text: '::Broken:: {=a ~' },
      400,
    );

    const bad = await call<{ error: { code: string; fields: Record<string, string> } }>(
      admin,
      'POST',
      '/api/admin/courses/import',
      { slug: 'Bad Slug', lessons: [] },
      400,
    );
    expect(bad.error.code).toBe('COURSE_CONTENT_INVALID');
    const exported = await call<CourseContent>(admin, 'GET', '/api/admin/courses/test-aml/export');
    const copy = await call<{ slug: string; published: boolean }>(admin, 'POST', '/api/admin/courses/import', {
      ...exported,
      slug: 'test-aml-copy',
    });
    expect(copy).toMatchObject({ slug: 'test-aml-copy', published: false });
    // Editing: the whole file is checked, the address stays.
    const edited = {
      ...exported,
      lessons: exported.lessons.map((lesson, index) =>
        index === 0 ? { ...lesson, title: { ...lesson.title, en: 'Reporting duties' } } : lesson,
      ),
    };
    await call(admin, 'PUT', '/api/admin/courses/test-aml', edited);
    expect((await call<{ title: string }>(other, 'GET', '/api/courses/test-aml/lessons/reporting?lang=en')).title).toBe(
      'Reporting duties',
    );
    await call(admin, 'PUT', '/api/admin/courses/test-aml', { ...edited, slug: 'renamed' }, 400);
    await call(admin, 'PUT', '/api/admin/courses/test-aml', { ...edited, lessons: [] }, 400);
    await call(learner, 'PUT', '/api/admin/courses/test-aml', edited, 403);
    // A draft is invisible to learners.
    await call(other, 'GET', '/api/courses/test-aml-copy?lang=en', undefined, 404);
  });
});

describe('days later', () => {
  it('the missed card is due again and the catalogue counts it', async () => {
    clock = new Date(clock.getTime() + 3 * day);
    const { courses } = await call<{ courses: { slug: string; progress: { cardsDue: number } }[] }>(
      learner,
      'GET',
      '/api/courses?lang=en',
    );
    expect(courses.find((entry) => entry.slug === 'test-aml')!.progress.cardsDue).toBeGreaterThan(0);
  });
});
