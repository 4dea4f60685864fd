import { readFileSync } from 'node:fs';
import type { CourseContent } from '@compliance/shared/courses';
import { expect, setLanguage, signInAsNewUser, test } from '../support/fixtures.ts';

const slug = 'swiss-aml-duties';
const course = JSON.parse(
  readFileSync(new URL(`../../content/courses/${slug}.json`, import.meta.url), 'utf8'),
) as CourseContent;
const [firstLesson] = course.lessons;
const languages = ['English', 'Deutsch', 'Français', 'Italiano'] as const;

/** The right answer of a shipped question, as the test form takes it. */
function rightAnswer(question: CourseContent['lessons'][number]['questions'][number]): string | string[] {
  return question.kind === 'short' ? question.accepted.en[0]! : [...question.correct];
}

test.describe('courses', () => {
  test('a learner reads a lesson, notes a passage, makes a card, reviews, tests, writes an essay and earns a verified certificate', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const learner = await signInAsNewUser(page, { firstName: 'Lena', lastName: 'Keller' });
    const headers = { authorization: `Bearer ${learner.token}` };

    await page.goto('/courses');
    await expect(page.getByRole('heading', { level: 1, name: 'Courses' })).toBeVisible();
    await page.getByRole('link', { name: course.title.en }).click();
    await expect(page.getByRole('heading', { level: 1, name: course.title.en })).toBeVisible();
    await page.getByRole('link', { name: 'Start' }).click();
    await expect(page.getByRole('heading', { level: 1, name: firstLesson!.title.en })).toBeVisible();
    await expect(
      page.getByRole('region', { name: 'Sources in the knowledge base' }).getByRole('link').first(),
    ).toBeVisible();

    // A note on a selected passage, autosaved, turned into a flashcard.
    await page
      .locator('article p')
      .first()
      .evaluate((paragraph) => {
        const range = document.createRange();
        range.selectNodeContents(paragraph);
        const selection = document.getSelection()!;
        selection.removeAllRanges();
        selection.addRange(range);
      });
    await page.getByRole('button', { name: 'Note on the selected passage' }).click();
    const note = page.getByRole('textbox', { name: 'Note 1' });
    await note.fill('Who supervises whom?\nFINMA directly, or an SO, or an SRO.');
    await expect(page.getByText('Saved')).toBeVisible();
    await page.getByRole('button', { name: 'Make a flashcard' }).click();
    const cardDialog = page.getByRole('dialog', { name: 'Make a flashcard' });
    await expect(cardDialog.getByLabel('Front (question)')).toHaveValue('Who supervises whom?');
    await cardDialog.getByRole('button', { name: 'Make the card' }).click();
    await expect(page.getByText('Flashcard added to your reviews')).toBeVisible();

    // The note survives a reload, and is found by the search across courses.
    await page.reload();
    await expect(page.getByRole('textbox', { name: 'Note 1' })).toHaveValue(/FINMA directly/);
    await page.getByRole('button', { name: 'Mark as read and continue' }).click();
    await expect(page.getByRole('heading', { level: 1, name: course.lessons[1]!.title.en })).toBeVisible();
    await page.goto('/courses/notes?q=supervises');
    await expect(page.getByText('FINMA directly, or an SO, or an SRO.')).toBeVisible();

    // Reviews: the lesson's cards and the learner's own; 'I did not get it' brings a card back soon.
    await page.goto(`/courses/${slug}/review`);
    await expect(page.getByRole('heading', { level: 1, name: 'Flashcards' })).toBeVisible();
    await page.getByRole('button', { name: 'Show the answer' }).click();
    await page.getByRole('button', { name: 'I did not get it' }).click();
    await expect(page.getByText(/Comes back in \d+ minutes?/)).toBeVisible();
    await page.getByRole('button', { name: 'Show the answer' }).click();
    await page.getByRole('button', { name: 'I got it' }).click();
    await expect(page.getByText(/Comes back in/)).toBeVisible();

    // A lesson test with immediate feedback: a wrong answer is marked and explained.
    await page.goto(`/courses/${slug}/test?lesson=${firstLesson!.slug}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Lesson test' })).toBeVisible();
    const trueFalse = firstLesson!.questions.find((question) => question.kind === 'true_false')!;
    const wrong = trueFalse.kind === 'true_false' && trueFalse.correct[0] === 'true' ? 'False' : 'True';
    const tfItem = page.locator(`[data-question-id="${trueFalse.id}"]`);
    await tfItem.getByLabel(wrong, { exact: true }).check();
    await tfItem.getByRole('button', { name: 'Check my answer' }).click();
    await expect(tfItem.getByText('Incorrect', { exact: true })).toBeVisible();
    await expect(tfItem.getByText(trueFalse.explanation.en)).toBeVisible();
    await page.getByRole('button', { name: 'Hand in the test' }).click();
    await expect(page.getByText('Please answer every question before handing in')).toBeVisible();

    // An essay: criterion-level feedback, the concepts shown quoted from the essay.
    const essay = course.essays[0]!;
    const concepts = essay.criteria.flatMap((criterion) => criterion.concepts);
    const text = concepts.map((concept) => `The firm addresses ${concept.terms.en[0]} as the law requires.`).join(' ');
    await page.goto(`/courses/${slug}/essays/${essay.id}`);
    await page
      .getByLabel('Your essay')
      .fill(`${text} ${'It documents every step carefully and keeps the records. '.repeat(12)}`);
    await page.getByRole('button', { name: 'Hand in for evaluation' }).click();
    await expect(page.getByText(/Overall 100\s%/)).toBeVisible();
    await expect(page.getByRole('region', { name: essay.criteria[0]!.title.en })).toContainText(concepts[0]!.label.en);

    // Every lesson read and the final test passed: the certificate, checkable by anyone.
    for (const lesson of course.lessons) {
      const read = await page.request.post(`/api/courses/${slug}/lessons/${lesson.slug}/read`, {
        headers,
        data: { seconds: 60 },
      });
      expect(read.ok()).toBe(true);
    }
    await page.goto(`/courses/${slug}/test`);
    await expect(page.getByRole('heading', { level: 1, name: 'Final test' })).toBeVisible();
    await page.getByRole('switch', { name: 'Feedback after each question' }).click();
    const questions = course.lessons.flatMap((lesson) => lesson.questions);
    for (const question of questions) {
      const item = page.locator(`[data-question-id="${question.id}"]`);
      const answer = rightAnswer(question);
      if (typeof answer === 'string') await item.getByRole('textbox').fill(answer);
      else if (question.kind === 'true_false')
        await item.getByLabel(answer[0] === 'true' ? 'True' : 'False', { exact: true }).check();
      else if (question.kind === 'single' || question.kind === 'multiple') {
        for (const id of answer) {
          const option = question.options.find((entry) => entry.id === id)!;
          await item.getByLabel(option.text.en, { exact: true }).check();
        }
      }
    }
    await page.getByRole('button', { name: 'Hand in the test' }).click();
    await expect(page.getByRole('heading', { name: /^100\s%/ })).toBeVisible();
    await expect(page.getByText('Course completed: your certificate is ready on the course page.')).toBeVisible();

    await page.getByRole('link', { name: 'Back to the course' }).first().click();
    const certificate = page.getByRole('region', { name: 'Certificate of completion' });
    await expect(certificate).toBeVisible();
    const download = page.waitForEvent('download');
    await certificate.getByRole('button', { name: 'Download (PDF)' }).click();
    expect((await download).suggestedFilename()).toBe(`certificate-${slug}.pdf`);
    await certificate.getByRole('link', { name: 'Verification page' }).click();
    await expect(page.getByRole('heading', { name: 'This certificate is genuine' })).toBeVisible();
    await expect(page.getByText('Lena Keller')).toBeVisible();
  });

  test('the catalogue, a lesson and a review read in German, French and Italian', async ({ page }) => {
    await signInAsNewUser(page);
    for (const [language, title, heading] of [
      ['de', course.title.de, 'Kurse'],
      ['fr', course.title.fr, 'Cours'],
      ['it', course.title.it, 'Corsi'],
    ] as const) {
      await setLanguage(page, language);
      await page.goto('/courses');
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await page.getByRole('link', { name: title }).click();
      await page.getByRole('link', { name: course.lessons[0]!.title[language] }).click();
      await expect(page.getByRole('heading', { level: 1, name: course.lessons[0]!.title[language] })).toBeVisible();
    }
  });

  test('an admin adds GIFT questions, unpublishes a course (learners lose it), and writes a new course with a preview, a question and a rubric', async ({
    page,
    browser,
  }) => {
    test.setTimeout(180_000);
    await signInAsNewUser(page, { admin: true });
    await page.goto('/admin/courses');
    await expect(page.getByRole('heading', { level: 1, name: 'Courses' })).toBeVisible();
    const row = page.getByRole('row').filter({ hasText: course.title.en });
    await row.getByRole('button', { name: 'GIFT questions' }).click();
    const dialog = page.getByRole('dialog', { name: `Add GIFT questions to “${course.title.en}”` });
    await dialog.getByLabel('Lesson').fill(course.lessons[3]!.slug);
    await dialog
      .getByLabel('GIFT questions')
      .fill('::Freeze:: Assets stay frozen until MROS decides, without a time limit. {F}\n\n::Days:: How many? {#5}');
    await dialog.getByRole('button', { name: 'Import' }).click();
    await expect(page.getByText('1 question imported')).toBeVisible();
    await expect(page.getByText('Skipped: Days (Numerical)')).toBeVisible();

    const learnerContext = await browser.newContext();
    const learnerPage = await learnerContext.newPage();
    await signInAsNewUser(learnerPage);
    await row.getByRole('switch', { name: `Published: ${course.title.en}` }).click();
    await expect(row.getByRole('switch')).not.toBeChecked();
    await learnerPage.goto('/courses');
    await expect(learnerPage.getByRole('heading', { level: 1, name: 'Courses' })).toBeVisible();
    await expect(learnerPage.getByRole('link', { name: course.title.en })).toHaveCount(0);
    await row.getByRole('switch', { name: `Published: ${course.title.en}` }).click();
    await expect(row.getByRole('switch')).toBeChecked();
    await learnerPage.reload();
    await expect(learnerPage.getByRole('link', { name: course.title.en })).toBeVisible();
    await learnerContext.close();

    // A new course, edited in four languages with a Markdown preview, saved as a draft.
    const stamp = Date.now().toString(36);
    await page.getByRole('button', { name: 'New course' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'New course' })).toBeVisible();
    await page.getByLabel('Title (English)', { exact: true }).fill(`Outsourcing ${stamp}`);
    await page
      .getByLabel('Lesson text (Markdown) (English)')
      .fill('## Material outsourcing\n\nFINMA expects **an inventory**.');
    await page.getByRole('region', { name: 'Lesson' }).getByLabel('Preview').check();
    await expect(page.getByRole('heading', { name: 'Material outsourcing' })).toBeVisible();
    await expect(page.getByText('You have unsaved changes.')).toBeVisible();
    // A flashcard, written in the four languages.
    await page.getByRole('button', { name: 'Add a flashcard' }).click();
    const card = page.getByRole('listitem', { name: 'Flashcard 1' });
    for (const language of languages) {
      await card
        .getByLabel(`Front (question) (${language})`)
        .fill(`What must an outsourcing inventory list? (${language})`);
      await card.getByLabel(`Back (answer) (${language})`).fill(`Every material outsourcing (${language})`);
    }
    // A single-choice question through its form: two correct options are refused until one is left.
    await page.getByRole('button', { name: 'Add a question' }).click();
    const question = page.getByRole('listitem', { name: 'Question 1' });
    await expect(question.getByRole('combobox', { name: 'Kind of question 1' })).toHaveValue('single');
    for (const language of languages) {
      await question.getByLabel(`Question text (${language})`).fill(`Who keeps the inventory? (${language})`);
      await question.getByLabel(`Option 1 (${language})`).fill(`The service provider (${language})`);
      await question.getByLabel(`Option 2 (${language})`).fill(`The bank (${language})`);
    }
    await question.getByRole('checkbox', { name: 'Option 2 is correct' }).check();
    const singleMessage = question.getByText('A single-choice question needs exactly one correct option.');
    await expect(singleMessage).toBeVisible();
    await question.getByRole('checkbox', { name: 'Option 1 is correct' }).uncheck();
    await expect(singleMessage).toHaveCount(0);
    for (const language of languages) {
      await question.getByRole('tab', { name: language }).click();
      await question
        .getByLabel(`Explanation (Markdown) (${language})`)
        .fill(`The bank stays **responsible** (${language}).`);
    }
    await question.getByLabel('Document id').fill('ch-finma-outsourcing');
    await question.getByLabel('Section (English heading)').fill('Inventory');

    // An essay with a rubric criterion: weight, an expected concept and its terms in four languages.
    await page.getByRole('button', { name: 'Add an essay' }).click();
    const essay = page.getByRole('listitem', { name: 'Essay 1' });
    const criterion = essay.getByRole('listitem', { name: 'Criterion 1' });
    const concept = criterion.getByRole('listitem', { name: 'Concept 1' });
    for (const language of languages) {
      await essay.getByLabel(`Essay task (${language})`).fill(`Explain the outsourcing duties (${language}).`);
      await criterion.getByLabel(`Criterion title (${language})`).fill(`The inventory (${language})`);
      await concept.getByLabel(`What the learner should show (${language})`).fill(`An inventory (${language})`);
      const terms = concept.getByLabel(`Terms and synonyms (${language})`);
      await terms.fill(`inventory ${language.toLowerCase()}`);
      await terms.press('Enter');
    }
    await criterion.getByRole('spinbutton', { name: 'Weight' }).fill('2');

    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Course saved')).toBeVisible();

    // Saved: a reload shows the question and the criterion from the server.
    await page.reload();
    const savedQuestion = page.getByRole('listitem', { name: 'Question 1' });
    await expect(savedQuestion.getByLabel('Question text (Deutsch)')).toHaveValue('Who keeps the inventory? (Deutsch)');
    await expect(savedQuestion.getByRole('checkbox', { name: 'Option 2 is correct' })).toBeChecked();
    await expect(savedQuestion.getByRole('checkbox', { name: 'Option 1 is correct' })).not.toBeChecked();
    const savedCriterion = page.getByRole('listitem', { name: 'Criterion 1' });
    await expect(savedCriterion.getByLabel('Criterion title (Italiano)')).toHaveValue('The inventory (Italiano)');
    await expect(savedCriterion.getByRole('spinbutton', { name: 'Weight' })).toHaveValue('2');
    await expect(savedCriterion.getByRole('list', { name: 'Terms and synonyms (Français)' })).toHaveText(
      'inventory français',
    );
    await page.getByRole('link', { name: 'Courses' }).first().click();
    await expect(
      page
        .getByRole('row')
        .filter({ hasText: `Outsourcing ${stamp}` })
        .getByRole('switch'),
    ).not.toBeChecked();
  });

  test('@phone a learner reads a lesson and reviews its cards on a phone', async ({ page }) => {
    await signInAsNewUser(page);
    await page.goto(`/courses/${slug}/lessons/${firstLesson!.slug}`);
    await expect(page.getByRole('heading', { level: 1, name: firstLesson!.title.en })).toBeVisible();
    // Nothing runs off the side of a 390-pixel screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.getByRole('button', { name: 'Mark as read and continue' }).click();
    await expect(page.getByRole('heading', { level: 1, name: course.lessons[1]!.title.en })).toBeVisible();
    await page.goto(`/courses/${slug}/review`);
    await page.getByRole('button', { name: 'Show the answer' }).click();
    await page.getByRole('button', { name: 'I got it' }).click();
    await expect(page.getByText(/Comes back in/)).toBeVisible();
  });
});
