import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { courseContentSchema, type CourseContent } from '@compliance/shared/courses';

const all = (en: string) => ({ en, de: `${en} (de)`, fr: `${en} (fr)`, it: `${en} (it)` });
const list = (...en: string[]) => ({ en, de: en, fr: en, it: en });

/** A small course for the tests: two lessons, cards of both kinds, every question kind, one essay. */
export const course: CourseContent = courseContentSchema.parse({
  slug: 'test-aml',
  title: all('Test AML course'),
  summary: all('A course for the tests'),
  minutes: 20,
  passMark: 70,
  lessons: [
    {
      slug: 'reporting',
      title: all('Reporting'),
      minutes: 10,
      body: all('## Reporting\n\nA founded suspicion is reported to MROS without delay.'),
      sources: [{ document: 'ch-amla-core-duties', section: 'Duty to report to MROS (Art. 9)' }],
      flashcards: [
        { id: 'card-mros', kind: 'basic', front: all('Who receives reports?'), back: all('MROS') },
        { id: 'card-cloze', kind: 'cloze', text: all('Reports go to {{c1::MROS}} without delay.') },
      ],
      questions: [
        {
          id: 'q-single',
          kind: 'single',
          prompt: all('Who receives reports?'),
          options: [
            { id: 'a', text: all('FINMA') },
            { id: 'b', text: all('MROS') },
          ],
          correct: ['b'],
          explanation: all('MROS is the Swiss FIU.'),
          source: { document: 'ch-amla-core-duties', section: 'Duty to report to MROS (Art. 9)' },
        },
        {
          id: 'q-tf',
          kind: 'true_false',
          prompt: all('Reports may wait a month.'),
          correct: ['false'],
          explanation: all('Without delay.'),
        },
      ],
    },
    {
      slug: 'identification',
      title: all('Identification'),
      minutes: 10,
      body: all('## Identification\n\nThe contracting party is identified.'),
      flashcards: [
        { id: 'card-id', kind: 'basic', front: all('Art. 3 AMLA?'), back: all('Identify the contracting party') },
      ],
      questions: [
        {
          id: 'q-short',
          kind: 'short',
          prompt: all('Name the Swiss FIU'),
          accepted: list('MROS', 'Money Laundering Reporting Office'),
          explanation: all('MROS.'),
        },
        {
          id: 'q-multi',
          kind: 'multiple',
          prompt: all('Which are AMLA duties?'),
          options: [
            { id: 'a', text: all('Identify the client') },
            { id: 'b', text: all('Guarantee returns') },
            { id: 'c', text: all('Keep records') },
          ],
          correct: ['a', 'c'],
          explanation: all('Identification and records.'),
        },
      ],
    },
  ],
  essays: [
    {
      id: 'essay-duties',
      prompt: all('Explain the duties.'),
      minWords: 20,
      maxWords: 200,
      criteria: [
        {
          id: 'c1',
          title: all('Duties'),
          weight: 1,
          concepts: [
            {
              id: 'k1',
              label: all('Reporting to MROS'),
              terms: list('mros'),
              source: { document: 'ch-amla-core-duties', section: 'Duty to report to MROS (Art. 9)' },
            },
            { id: 'k2', label: all('Identification'), terms: list('contracting party') },
          ],
        },
      ],
    },
  ],
});

/** A course folder holding only the test course, for `createTestApp({ courses: { coursesDir } })`. */
export async function writeCourseFolder(): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'courses-'));
  await writeFile(path.join(dir, `${course.slug}.json`), JSON.stringify(course));
  return dir;
}
