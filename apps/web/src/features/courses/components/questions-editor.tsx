import type { LessonContent, QuestionContent } from '@compliance/shared/courses';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Checkbox } from '@/components/ui/checkbox.tsx';
import { FormField } from '@/components/ui/form-field.tsx';
import { Select } from '@/components/ui/select.tsx';
import {
  changeQuestionKind,
  freeOptionId,
  freeQuestionId,
  newQuestion,
  questionKinds,
} from '../utils/course-template.ts';
import { entryEdits, moveItem, removeAt } from '../utils/list-edits.ts';
import { IssueText, useCourseIssue } from './course-issues.tsx';
import { AddItemButton, ItemActions } from './item-actions.tsx';
import { LocalizedListFields } from './localized-list-field.tsx';
import { LocalizedMarkdownField, LocalizedTextFields } from './localized-markdown-field.tsx';
import { SourceField } from './source-field.tsx';

const same = (text: string) => ({ en: text, de: text, fr: text, it: text });
const MAX_OPTIONS = 8;
const MIN_OPTIONS = 2;

type ChoiceQuestion = Extract<QuestionContent, { kind: 'single' | 'multiple' }>;

/** The options of a single- or multiple-choice question, each with its "correct" box. */
function OptionsFields({
  question,
  path,
  onChange,
}: {
  question: ChoiceQuestion;
  path: string;
  onChange: (question: ChoiceQuestion) => void;
}) {
  const { t } = useTranslation('courses');
  const id = useId();
  const correctIssue = useCourseIssue(`${path}.correct`);
  const { options } = question;
  const setOptions = (next: ChoiceQuestion['options']) =>
    onChange({
      ...question,
      options: next,
      correct: question.correct.filter((correct) => next.some((option) => option.id === correct)),
    });
  return (
    <fieldset className="space-y-3">
      <legend className="text-sm font-medium text-neutral-800">{t('courses:editor.options')}</legend>
      <p id={`${id}-hint`} className="text-xs text-neutral-500">
        {question.kind === 'single' ? t('courses:editor.singleHint') : t('courses:editor.multipleHint')}
      </p>
      <IssueText path={`${path}.correct`} id={`${id}-issue`} />
      <IssueText path={`${path}.options`} />
      <ol className="space-y-3">
        {options.map((option, index) => {
          const number = index + 1;
          return (
            <li
              key={option.id}
              aria-label={t('courses:editor.option', { number })}
              className="space-y-2 rounded-lg bg-neutral-50 p-3"
            >
              <div className="flex flex-wrap items-center gap-2">
                <Checkbox
                  className="flex-1"
                  label={t('courses:editor.optionCorrect', { number })}
                  checked={question.correct.includes(option.id)}
                  aria-invalid={correctIssue ? true : undefined}
                  aria-describedby={correctIssue ? `${id}-hint ${id}-issue` : `${id}-hint`}
                  onChange={(event) =>
                    onChange({
                      ...question,
                      correct: event.target.checked
                        ? options
                            .filter((entry) => entry.id === option.id || question.correct.includes(entry.id))
                            .map((entry) => entry.id)
                        : question.correct.filter((correct) => correct !== option.id),
                    })
                  }
                />
                <ItemActions
                  index={index}
                  count={options.length}
                  minCount={MIN_OPTIONS}
                  onMove={(delta) => setOptions(moveItem(options, index, delta))}
                  onRemove={() => setOptions(removeAt(options, index))}
                  labels={{
                    up: t('courses:editor.moveOptionUp', { number }),
                    down: t('courses:editor.moveOptionDown', { number }),
                    remove: t('courses:editor.removeOption', { number }),
                  }}
                />
              </div>
              <LocalizedTextFields
                label={t('courses:editor.option', { number })}
                value={option.text}
                path={`${path}.options.${index}.text`}
                onChange={(text) =>
                  setOptions(options.map((entry, position) => (position === index ? { ...entry, text } : entry)))
                }
              />
            </li>
          );
        })}
      </ol>
      <AddItemButton
        disabled={options.length >= MAX_OPTIONS}
        onClick={() => setOptions([...options, { id: freeOptionId(options), text: same('') }])}
      >
        {t('courses:editor.addOption')}
      </AddItemButton>
    </fieldset>
  );
}

/** The right answer of a true/false question. */
function TrueFalseField({
  question,
  path,
  onChange,
}: {
  question: Extract<QuestionContent, { kind: 'true_false' }>;
  path: string;
  onChange: (question: QuestionContent) => void;
}) {
  const { t } = useTranslation('courses');
  const name = useId();
  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-medium text-neutral-800">{t('courses:editor.rightAnswer')}</legend>
      <IssueText path={`${path}.correct`} />
      <div className="flex gap-4">
        {(['true', 'false'] as const).map((value) => (
          <label key={value} className="flex items-center gap-2 text-sm text-neutral-800">
            <input
              type="radio"
              name={name}
              className="size-4 accent-primary-600"
              checked={question.correct[0] === value}
              onChange={() => onChange({ ...question, correct: [value] })}
            />
            {value === 'true' ? t('courses:editor.true') : t('courses:editor.false')}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** One question: its kind, prompt, answers by kind, explanation (Markdown) and cited source. */
function QuestionForm({
  question,
  index,
  count,
  path,
  onChange,
  onMove,
  onRemove,
}: {
  question: QuestionContent;
  index: number;
  count: number;
  path: string;
  onChange: (question: QuestionContent) => void;
  onMove: (delta: -1 | 1) => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation('courses');
  const number = index + 1;
  const kindLabels: Record<QuestionContent['kind'], string> = {
    single: t('courses:editor.kindSingle'),
    multiple: t('courses:editor.kindMultiple'),
    true_false: t('courses:editor.kindTrueFalse'),
    short: t('courses:editor.kindShort'),
  };
  return (
    <li
      className="space-y-4 rounded-xl border border-neutral-200 p-4"
      aria-label={t('courses:editor.question', { number })}
      data-question-id={question.id}
    >
      <div className="flex flex-wrap items-end gap-3">
        <FormField label={t('courses:editor.questionKind', { number })} className="w-56 max-w-full">
          <Select
            value={question.kind}
            onChange={(event) => onChange(changeQuestionKind(question, event.target.value as QuestionContent['kind']))}
            options={questionKinds.map((kind) => ({ value: kind, label: kindLabels[kind] }))}
          />
        </FormField>
        <span className="min-w-0 flex-1 truncate pb-2 text-xs text-neutral-500">{question.id}</span>
        <ItemActions
          index={index}
          count={count}
          onMove={onMove}
          onRemove={onRemove}
          labels={{
            up: t('courses:editor.moveQuestionUp', { number }),
            down: t('courses:editor.moveQuestionDown', { number }),
            remove: t('courses:editor.removeQuestion', { number }),
          }}
        />
      </div>
      <IssueText path={path} />
      <LocalizedTextFields
        label={t('courses:editor.prompt')}
        multiline
        value={question.prompt}
        path={`${path}.prompt`}
        onChange={(prompt) => onChange({ ...question, prompt })}
      />
      {(question.kind === 'single' || question.kind === 'multiple') && (
        <OptionsFields question={question} path={path} onChange={onChange} />
      )}
      {question.kind === 'true_false' && <TrueFalseField question={question} path={path} onChange={onChange} />}
      {question.kind === 'short' && (
        <LocalizedListFields
          label={t('courses:editor.accepted')}
          hint={t('courses:editor.acceptedHint')}
          value={question.accepted}
          path={`${path}.accepted`}
          onChange={(accepted) => onChange({ ...question, accepted })}
        />
      )}
      <LocalizedMarkdownField
        label={t('courses:editor.explanation')}
        rows={4}
        value={question.explanation}
        path={`${path}.explanation`}
        onChange={(explanation) => onChange({ ...question, explanation })}
      />
      <SourceField
        label={t('courses:editor.source')}
        value={question.source}
        path={`${path}.source`}
        onChange={(source) => onChange({ ...question, source })}
      />
    </li>
  );
}

/**
 * A lesson's questions as forms (single and multiple choice, true/false, short answer), each with its
 * explanation and source. The course's final test is every lesson's questions: it has no list of its own.
 */
export function QuestionsEditor({
  lesson,
  lessonIndex,
  takenIds,
  onChange,
}: {
  lesson: LessonContent;
  /** The lesson's place in the course, for the paths of the server's errors. */
  lessonIndex: number;
  /** Every card, question and essay id of the course (ids are unique across it). */
  takenIds: ReadonlySet<string>;
  onChange: (questions: QuestionContent[]) => void;
}) {
  const { t } = useTranslation('courses');
  const { questions } = lesson;
  const headingId = `questions-${lesson.slug}`;
  return (
    <section aria-labelledby={headingId} className="space-y-4">
      <div>
        <h3 id={headingId} className="font-semibold text-neutral-900">
          {t('courses:editor.questions', { count: questions.length })}
        </h3>
        <p className="text-xs text-neutral-500">{t('courses:editor.questionsHint')}</p>
      </div>
      <ol className="space-y-4">
        {questions.map((question, index) => (
          <QuestionForm
            key={question.id}
            question={question}
            index={index}
            count={questions.length}
            path={`lessons.${lessonIndex}.questions.${index}`}
            {...entryEdits(questions, onChange, index)}
          />
        ))}
      </ol>
      <AddItemButton onClick={() => onChange([...questions, newQuestion(freeQuestionId(lesson, takenIds))])}>
        {t('courses:editor.addQuestion')}
      </AddItemButton>
    </section>
  );
}
