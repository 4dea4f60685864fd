import {
  SHORT_ANSWER_MAX_LENGTH,
  type QuestionFeedback,
  type TestAnswer,
  type TestQuestion,
} from '@compliance/shared/courses';
import { CheckCircle2, XCircle } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { MarkdownText } from '@/components/markdown.tsx';
import { Input } from '@/components/ui/input.tsx';
import { SourceLink } from './source-list.tsx';

/** The marking of one answer: correct or incorrect, the right answer, the explanation and its source. */
export function QuestionFeedbackView({ feedback }: { feedback: QuestionFeedback }) {
  const { t } = useTranslation('courses');
  return (
    <div
      className={
        feedback.correct
          ? 'mt-3 rounded-lg border border-green-200 bg-green-50 p-3 text-sm'
          : 'mt-3 rounded-lg border border-red-200 bg-red-50 p-3 text-sm'
      }
    >
      <p className="flex items-center gap-2 font-semibold">
        {feedback.correct ? (
          <CheckCircle2 aria-hidden="true" className="size-4 text-green-700" />
        ) : (
          <XCircle aria-hidden="true" className="size-4 text-red-700" />
        )}
        {feedback.correct ? t('courses:test.correct') : t('courses:test.incorrect')}
      </p>
      {!feedback.correct && (
        <p className="mt-1">
          {t('courses:test.correctAnswer')} <strong>{feedback.correctAnswer}</strong>
        </p>
      )}
      <MarkdownText content={feedback.explanation} className="mt-1 space-y-2 text-neutral-700" />
      {feedback.source && (
        <p className="mt-2">
          <SourceLink source={feedback.source} />
        </p>
      )}
    </div>
  );
}

/** One question as a fieldset: radio buttons, checkboxes or a text field, by kind. */
export function QuestionField({
  question,
  number,
  answer,
  onAnswer,
  disabled,
}: {
  question: TestQuestion;
  number: number;
  answer: TestAnswer | undefined;
  onAnswer: (answer: TestAnswer) => void;
  disabled: boolean;
}) {
  const { t } = useTranslation('courses');
  const id = useId();
  const selected = Array.isArray(answer) ? answer : [];
  return (
    <fieldset disabled={disabled}>
      <legend className="mb-3 font-medium text-neutral-900">
        <span className="mr-2 text-neutral-500">{number}.</span>
        {question.prompt}
        {question.kind === 'multiple' && (
          <span className="ml-2 text-xs font-normal text-neutral-500">{t('courses:test.chooseAll')}</span>
        )}
      </legend>
      {question.kind === 'short' ? (
        <Input
          aria-label={t('courses:test.yourAnswer')}
          maxLength={SHORT_ANSWER_MAX_LENGTH}
          value={typeof answer === 'string' ? answer : ''}
          onChange={(event) => onAnswer(event.target.value)}
        />
      ) : (
        <ul className="space-y-2">
          {question.options.map((option) => {
            const optionId = `${id}-${option.id}`;
            const checked = selected.includes(option.id);
            return (
              <li key={option.id}>
                <label
                  htmlFor={optionId}
                  className="flex cursor-pointer items-start gap-3 rounded-lg border border-neutral-200 px-3 py-2 text-sm hover:bg-neutral-50 has-checked:border-primary-500 has-checked:bg-primary-50"
                >
                  <input
                    id={optionId}
                    type={question.kind === 'multiple' ? 'checkbox' : 'radio'}
                    name={id}
                    className="mt-0.5 size-4 accent-primary-600"
                    checked={checked}
                    onChange={(event) =>
                      onAnswer(
                        question.kind === 'multiple'
                          ? event.target.checked
                            ? [...selected, option.id]
                            : selected.filter((value) => value !== option.id)
                          : [option.id],
                      )
                    }
                  />
                  <span>{option.text}</span>
                </label>
              </li>
            );
          })}
        </ul>
      )}
    </fieldset>
  );
}
