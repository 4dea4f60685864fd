import type { SessionUser } from '@compliance/shared/auth';
import type { CourseContent, QuestionContent } from '@compliance/shared/courses';
import { act, screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/lib/i18n.ts';
import { renderRoute } from '@/testing/test-utils.tsx';

const admin: SessionUser = {
  id: '00000000-0000-4000-8000-0000000000f1',
  email: 'admin@example.test',
  firstName: 'Anna',
  lastName: 'Keller',
  companyName: 'Keller AG',
  role: 'admin',
  language: 'en',
  emailVerified: true,
};

const same = (text: string) => ({ en: text, de: `${text} (de)`, fr: `${text} (fr)`, it: `${text} (it)` });

function question(id: string, prompt: string): QuestionContent {
  return {
    id,
    kind: 'true_false',
    prompt: same(prompt),
    correct: ['true'],
    explanation: same('Because the law says so.'),
  };
}

function course(): CourseContent {
  return {
    slug: 'outsourcing',
    title: same('Outsourcing'),
    summary: same('What material outsourcing requires.'),
    level: 'foundation',
    position: 100,
    minutes: 30,
    passMark: 70,
    lessons: [
      {
        slug: 'inventory',
        title: same('The inventory'),
        minutes: 10,
        body: same('## Inventory\n\nList every material outsourcing.'),
        sources: [],
        flashcards: [],
        questions: [],
      },
    ],
    essays: [
      {
        id: 'outsourcing-essay-1',
        prompt: same('Explain what a bank must do before outsourcing.'),
        minWords: 100,
        maxWords: 500,
        criteria: [
          {
            id: 'criterion-1',
            title: same('Inventory'),
            weight: 1,
            concepts: [
              {
                id: 'concept-1',
                label: same('The bank keeps an inventory.'),
                terms: { en: ['inventory'], de: ['inventar'], fr: ['inventaire'], it: ['inventario'] },
                misconceptions: [],
              },
            ],
          },
        ],
      },
    ],
  };
}

const fetchMock = vi.fn<typeof fetch>();
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
let stored: CourseContent;
let refuseWith: Record<string, string> | null = null;

/** The course the editor sent with its last save. */
function savedCourse(): CourseContent {
  const put = fetchMock.mock.calls.filter(([, init]) => init?.method === 'PUT').at(-1);
  return JSON.parse(String(put?.[1]?.body)) as CourseContent;
}

beforeEach(() => {
  stored = course();
  refuseWith = null;
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (input, init) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, 'http://x');
    if (url.pathname === '/api/auth/session') return json(200, { user: admin });
    if (url.pathname === '/api/admin/courses/outsourcing/export') return json(200, stored);
    if (url.pathname === '/api/admin/courses/outsourcing' && init?.method === 'PUT') {
      if (refuseWith) {
        return json(400, {
          error: {
            code: 'COURSE_CONTENT_INVALID',
            message: 'The course file does not match the course format',
            fields: refuseWith,
          },
        });
      }
      stored = JSON.parse(String(init.body)) as CourseContent;
      return json(200, {
        slug: 'outsourcing',
        title: stored.title.en,
        published: false,
        lessonCount: 1,
        questionCount: 0,
        cardCount: 0,
        learnerCount: 0,
        updatedAt: '2026-01-05T10:00:00.000Z',
      });
    }
    return json(404, { error: { code: 'NOT_FOUND', message: 'Not found' } });
  });
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

async function openEditor() {
  const rendered = renderRoute('/admin/courses/outsourcing', { token: 'token-123' });
  await screen.findByRole('heading', { level: 3, name: '0 questions' });
  return rendered;
}

/** Types a text at once (the editor renders on every key: key by key is slow). */
async function write(user: UserEvent, field: HTMLElement, text: string) {
  await user.click(field);
  await user.paste(text);
}

/** Adds entries to a tag list, each confirmed with Enter. */
async function typeTags(user: UserEvent, field: HTMLElement, entries: string[]) {
  for (const entry of entries) {
    await write(user, field, entry);
    await user.keyboard('{Enter}');
  }
}

// By label rather than role: the editor is a large page, and role queries compute every name in it.
const questionItem = (number: number) => screen.getByLabelText(`Question ${number}`, { selector: 'li' });

// Whole-editor renders on every keystroke: slower than a small form on a busy machine.
describe('/admin/courses/:slug, questions and rubrics', { timeout: 90_000 }, () => {
  it('adds single- and multiple-choice questions with their options and correct flags, and saves them', async () => {
    const { user } = await openEditor();
    await user.click(screen.getByRole('button', { name: 'Add a question' }));
    await user.click(screen.getByRole('button', { name: 'Add a question' }));

    // 1: single choice (the default): two options, the first one correct.
    const single = questionItem(1);
    expect(within(single).getByRole('combobox', { name: 'Kind of question 1' })).toHaveValue('single');
    await write(user, within(single).getByLabelText('Question text (English)'), 'Who keeps it?');
    await write(user, within(single).getByLabelText('Option 1 (English)'), 'The bank');
    await write(user, within(single).getByLabelText('Option 2 (English)'), 'The provider');
    expect(within(single).getByRole('checkbox', { name: 'Option 1 is correct' })).toBeChecked();
    await user.click(within(single).getByRole('button', { name: 'Add an option' }));
    expect(within(single).getByLabelText('Option 3 (English)')).toBeInTheDocument();

    // 2: multiple choice, two correct options.
    const multiple = questionItem(2);
    await user.selectOptions(within(multiple).getByRole('combobox', { name: 'Kind of question 2' }), 'multiple');
    await user.click(within(multiple).getByRole('checkbox', { name: 'Option 2 is correct' }));

    // The advanced view is the same course: it shows the new questions.
    expect((screen.getByLabelText('Course file') as HTMLTextAreaElement).value).toContain('"id": "inventory-q-2"');

    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Course saved')).toBeInTheDocument();
    const [q1, q2] = savedCourse().lessons[0]!.questions;
    expect(q1).toMatchObject({ id: 'inventory-q-1', kind: 'single', correct: ['a'] });
    expect(q1?.prompt.en).toBe('Who keeps it?');
    expect(q1?.kind === 'single' && q1.options.map((option) => option.text.en)).toEqual([
      'The bank',
      'The provider',
      '',
    ]);
    expect(q2).toMatchObject({ id: 'inventory-q-2', kind: 'multiple', correct: ['a', 'b'] });
  });

  it('adds true/false and short-answer questions, with a Markdown explanation and a source, and saves them', async () => {
    const { user } = await openEditor();
    await user.click(screen.getByRole('button', { name: 'Add a question' }));
    await user.click(screen.getByRole('button', { name: 'Add a question' }));

    // 1: true or false, "false" right.
    const trueFalse = questionItem(1);
    await user.selectOptions(within(trueFalse).getByRole('combobox', { name: 'Kind of question 1' }), 'true_false');
    expect(within(trueFalse).queryByRole('checkbox', { name: /is correct/ })).not.toBeInTheDocument();
    await user.click(within(trueFalse).getByRole('radio', { name: 'False' }));

    // 2: short answer, accepted wordings as tags; the explanation in Markdown with a preview.
    const short = questionItem(2);
    await user.selectOptions(within(short).getByRole('combobox', { name: 'Kind of question 2' }), 'short');
    const accepted = within(short).getByLabelText('Accepted answers (English)');
    await typeTags(user, accepted, ['MROS', 'Money Laundering Reporting Office']);
    expect(within(short).getByRole('list', { name: 'Accepted answers (English)' })).toHaveTextContent(
      'MROSMoney Laundering Reporting Office',
    );
    await user.click(within(short).getByRole('button', { name: 'Remove “Money Laundering Reporting Office”' }));
    await typeTags(user, within(short).getByLabelText('Accepted answers (Deutsch)'), ['MROS']);
    await write(user, within(short).getByLabelText('Explanation (Markdown) (English)'), 'It is **MROS**.');
    await user.click(within(short).getByRole('checkbox', { name: 'Preview' }));
    expect(within(short).getByText('MROS', { selector: 'strong' })).toBeInTheDocument();
    await write(user, within(short).getByLabelText('Document id'), 'ch-amla-core-duties');
    await write(user, within(short).getByLabelText('Section (English heading)'), 'Duty to report');

    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Course saved')).toBeInTheDocument();
    const [q1, q2] = savedCourse().lessons[0]!.questions;
    expect(q1).toMatchObject({ kind: 'true_false', correct: ['false'] });
    expect(q1).not.toHaveProperty('options');
    expect(q2).toMatchObject({
      kind: 'short',
      accepted: { en: ['MROS'], de: ['MROS'], fr: [], it: [] },
      source: { document: 'ch-amla-core-duties', section: 'Duty to report' },
    });
    expect(q2?.explanation.en).toBe('It is **MROS**.');
  });

  it('adds a rubric criterion with a weight, a concept, its terms and a misconception', async () => {
    const { user } = await openEditor();
    const essay = screen.getByRole('listitem', { name: 'Essay 1' });
    await user.click(within(essay).getByRole('button', { name: 'Add a criterion' }));
    const criterion = within(essay).getByRole('listitem', { name: 'Criterion 2' });
    await write(user, within(criterion).getByLabelText('Criterion title (English)'), 'Due diligence');
    const weight = within(criterion).getByRole('spinbutton', { name: 'Weight' });
    await user.clear(weight);
    await user.type(weight, '2');
    const concept = within(criterion).getByRole('listitem', { name: 'Concept 1' });
    await write(
      user,
      within(concept).getByLabelText('What the learner should show (English)'),
      'The provider is chosen with care.',
    );
    await typeTags(user, within(concept).getByLabelText('Terms and synonyms (English)'), [
      'due diligence',
      'careful selection',
    ]);
    await user.click(within(concept).getByRole('button', { name: 'Add a misconception' }));
    const misconception = within(concept).getByRole('listitem', { name: 'Misconception 1' });
    await typeTags(user, within(misconception).getByLabelText('Words of the wrong statement (English)'), [
      'the cheapest provider',
    ]);
    await write(user, within(misconception).getByLabelText('Correction (English)'), 'Price alone is no criterion.');

    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'PUT')).toBe(true));
    const criteria = savedCourse().essays[0]!.criteria;
    expect(criteria).toHaveLength(2);
    expect(criteria[1]).toMatchObject({ id: 'criterion-2', weight: 2, title: { en: 'Due diligence' } });
    expect(criteria[1]!.concepts[0]).toMatchObject({
      id: 'concept-2',
      label: { en: 'The provider is chosen with care.' },
      terms: { en: ['due diligence', 'careful selection'] },
      misconceptions: [
        { terms: { en: ['the cheapest provider'] }, correction: { en: 'Price alone is no criterion.' } },
      ],
    });
  });

  it('refuses a single-choice question with two correct options, in the reader’s language', async () => {
    stored.lessons[0]!.questions = [
      {
        id: 'inventory-q-1',
        kind: 'single',
        prompt: same('Who keeps the inventory?'),
        options: [
          { id: 'a', text: same('The bank') },
          { id: 'b', text: same('The provider') },
        ],
        correct: ['a'],
        explanation: same('The bank stays responsible.'),
      },
    ];
    refuseWith = { 'lessons.0.questions.0.correct': 'Too big: expected array to have <=1 items' };
    const { user } = renderRoute('/admin/courses/outsourcing', { token: 'token-123' });
    await screen.findByRole('heading', { level: 3, name: '1 question' });
    const item = questionItem(1);
    expect(within(item).queryByText(/needs exactly one correct option/)).not.toBeInTheDocument();
    await user.click(within(item).getByRole('checkbox', { name: 'Option 2 is correct' }));

    // Told at once, at the options…
    const message = 'A single-choice question needs exactly one correct option.';
    expect(within(item).getByText(message)).toBeInTheDocument();
    expect(within(item).getByRole('checkbox', { name: 'Option 2 is correct' })).toHaveAccessibleDescription(
      expect.stringContaining(message) as string,
    );
    // …and the server's refusal is shown translated, at the field and in the summary.
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The course file does not match');
    expect(alert).toHaveTextContent(`Lesson 1 › Question 1 › Right answer: ${message}`);
    expect(screen.getByText('You have unsaved changes.')).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Lessons' })).toHaveTextContent('has a problem');

    await act(async () => {
      await i18n.changeLanguage('de');
    });
    expect(
      await screen.findByText('Eine Frage mit Einfachauswahl braucht genau eine richtige Antwort.'),
    ).toBeInTheDocument();
    await act(async () => {
      await i18n.changeLanguage('en');
    });
    await screen.findByText(message);

    // Fixed: the message goes.
    await user.click(within(questionItem(1)).getByRole('checkbox', { name: 'Option 1 is correct' }));
    expect(within(questionItem(1)).queryByText(message)).not.toBeInTheDocument();
  });

  it('reorders questions with the move buttons from the keyboard, keeping the focus', async () => {
    stored.lessons[0]!.questions = [question('inventory-q-1', 'First'), question('inventory-q-2', 'Second')];
    const { user } = renderRoute('/admin/courses/outsourcing', { token: 'token-123' });
    await screen.findByRole('heading', { level: 3, name: '2 questions' });
    const prompt = (number: number) => within(questionItem(number)).getByLabelText('Question text (English)');
    expect(prompt(1)).toHaveValue('First');
    expect(within(questionItem(1)).getByRole('button', { name: 'Move question 1 up' })).toBeDisabled();

    within(questionItem(1)).getByRole('button', { name: 'Move question 1 down' }).focus();
    await user.keyboard('{Enter}');
    expect(prompt(1)).toHaveValue('Second');
    expect(prompt(2)).toHaveValue('First');
    // The moved question is last: its "up" button holds the focus.
    expect(within(questionItem(2)).getByRole('button', { name: 'Move question 2 up' })).toHaveFocus();

    await user.keyboard(' ');
    expect(prompt(1)).toHaveValue('First');
    expect(within(questionItem(1)).getByRole('button', { name: 'Move question 1 down' })).toHaveFocus();

    await user.click(within(questionItem(2)).getByRole('button', { name: 'Remove question 2' }));
    expect(screen.getByRole('heading', { level: 3, name: '1 question' })).toBeInTheDocument();
  });
});
