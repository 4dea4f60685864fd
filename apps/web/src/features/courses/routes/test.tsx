import type { QuestionFeedback, TestAnswer, TestResult } from '@compliance/shared/courses';
import { Award, RotateCcw } from 'lucide-react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { Button, buttonClasses } from '@/components/ui/button.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { Switch } from '@/components/ui/switch.tsx';
import { paths } from '@/config/paths.ts';
import { errorMessageKey } from '@/lib/api-client.ts';
import type { RouteHandle } from '@/lib/route-handle.ts';
import { useCheckAnswer, useCourseTest, useSubmitTest } from '../api/practice.ts';
import { BackToCourse, LoadingOrError } from '../components/course-page-parts.tsx';
import { QuestionFeedbackView, QuestionField } from '../components/question-field.tsx';
import { useCourseLanguage } from '../hooks/use-course-language.ts';

export const handle = { title: 'courses:test.title' } satisfies RouteHandle;

const answered = (answer: TestAnswer | undefined) =>
  answer !== undefined && (Array.isArray(answer) ? answer.length > 0 : answer.trim() !== '');

function ResultView({ result, slug, onRetry }: { result: TestResult; slug: string; onRetry: () => void }) {
  const { t } = useTranslation('courses');
  return (
    <section
      aria-labelledby="test-result"
      className={
        result.passed
          ? 'mb-6 rounded-2xl border border-green-200 bg-green-50 p-5'
          : 'mb-6 rounded-2xl border border-amber-200 bg-amber-50 p-5'
      }
    >
      <h2 id="test-result" tabIndex={-1} className="text-lg font-semibold text-neutral-900 outline-none">
        {t('courses:test.score', {
          score: Math.round(result.score),
          correct: result.correctCount,
          total: result.questionCount,
        })}
      </h2>
      <p className="mt-1 text-sm text-neutral-700">
        {t(result.passed ? 'courses:test.passed' : 'courses:test.notPassed', { passMark: result.passMark })}
      </p>
      {result.reviewLessons.length > 0 && (
        <div className="mt-3 text-sm">
          <p className="font-medium">{t('courses:test.toReview')}</p>
          <ul className="mt-1 list-disc pl-5">
            {result.reviewLessons.map((lesson) => (
              <li key={lesson.slug}>
                <Link to={paths.courses.lesson.getHref(slug, lesson.slug)} className="text-primary-700 hover:underline">
                  {lesson.title}
                </Link>
              </li>
            ))}
          </ul>
          <p className="mt-2 text-neutral-600">{t('courses:test.wrongToCards')}</p>
        </div>
      )}
      {result.certificateId && (
        <p className="mt-3 flex items-center gap-2 text-sm font-medium text-green-800">
          <Award aria-hidden="true" className="size-4" />
          {t('courses:certificate.earned')}
        </p>
      )}
      <div className="mt-4 flex flex-wrap gap-2">
        <Button variant="outline" color="neutral" icon={RotateCcw} onClick={onRetry}>
          {t('courses:test.retry')}
        </Button>
        <Link to={paths.courses.course.getHref(slug)} className={buttonClasses({})}>
          {t('courses:backToCourse')}
        </Link>
      </div>
    </section>
  );
}

/** A self-test (/courses/:slug/test, ?lesson= for one lesson): answers marked now or at the end. */
export function Component() {
  const { slug = '' } = useParams();
  const [params] = useSearchParams();
  const lesson = params.get('lesson');
  const { t } = useTranslation(['courses', 'errors']);
  const lang = useCourseLanguage();
  const test = useCourseTest(slug, lesson, lang);
  const check = useCheckAnswer(slug);
  const submit = useSubmitTest(slug);
  const [answers, setAnswers] = useState<Record<string, TestAnswer>>({});
  const [immediate, setImmediate] = useState(true);
  const [checked, setChecked] = useState<Record<string, QuestionFeedback>>({});
  const [result, setResult] = useState<TestResult | null>(null);
  const [attempt, setAttempt] = useState(0);
  const [missing, setMissing] = useState(false);
  const resultHeading = useRef<HTMLDivElement>(null);

  const title = lesson ? t('courses:test.lessonTitle') : t('courses:test.finalTitle');
  const header = (
    <PageHeader
      eyebrow={<BackToCourse slug={slug} />}
      title={title}
      description={
        test.data
          ? t('courses:test.intro', { count: test.data.questions.length, passMark: test.data.passMark })
          : undefined
      }
    />
  );
  if (test.isPending || test.isError) {
    return (
      <div className="mx-auto max-w-3xl">
        {header}
        <LoadingOrError error={test.error} className="h-96" />
      </div>
    );
  }
  const questions = test.data.questions;
  const feedbackOf = (id: string) => result?.feedback.find((entry) => entry.questionId === id) ?? checked[id];
  const handIn = () => {
    if (!questions.every((question) => answered(answers[question.id]))) {
      setMissing(true);
      return;
    }
    setMissing(false);
    submit.mutate(
      { ...(lesson ? { lesson } : {}), lang, answers },
      {
        onSuccess: (value) => {
          setResult(value);
          requestAnimationFrame(() => {
            resultHeading.current?.scrollIntoView({ block: 'start' });
            resultHeading.current?.querySelector<HTMLElement>('h2')?.focus();
          });
        },
      },
    );
  };
  const retry = () => {
    setAnswers({});
    setChecked({});
    setResult(null);
    setAttempt((value) => value + 1);
    window.scrollTo({ top: 0 });
  };

  return (
    <div className="mx-auto max-w-3xl">
      {header}
      <div ref={resultHeading}>{result && <ResultView result={result} slug={slug} onRetry={retry} />}</div>
      {!result && (
        <div className="mb-4 flex items-center gap-3 rounded-lg border border-neutral-200 bg-white p-3 text-sm">
          <Switch
            checked={immediate}
            onCheckedChange={setImmediate}
            label={t('courses:test.immediate')}
            description={t('courses:test.immediateHint')}
          />
        </div>
      )}
      <ol key={attempt} className="space-y-4">
        {questions.map((question, index) => {
          const feedback = feedbackOf(question.id);
          return (
            <li
              key={question.id}
              data-question-id={question.id}
              className="rounded-2xl border border-neutral-200 bg-white p-5 shadow-sm"
            >
              <QuestionField
                question={question}
                number={index + 1}
                answer={answers[question.id]}
                onAnswer={(answer) => setAnswers((current) => ({ ...current, [question.id]: answer }))}
                disabled={Boolean(result) || Boolean(checked[question.id])}
              />
              {immediate && !result && !checked[question.id] && (
                <Button
                  className="mt-3"
                  size="xs"
                  variant="outline"
                  color="neutral"
                  disabled={!answered(answers[question.id])}
                  loading={check.isPending && check.variables?.questionId === question.id}
                  onClick={() =>
                    check.mutate(
                      { questionId: question.id, answer: answers[question.id]!, lang },
                      { onSuccess: (value) => setChecked((current) => ({ ...current, [question.id]: value })) },
                    )
                  }
                >
                  {t('courses:test.check')}
                </Button>
              )}
              <div aria-live="polite">{feedback && <QuestionFeedbackView feedback={feedback} />}</div>
            </li>
          );
        })}
      </ol>
      {!result && (
        <div className="mt-6 flex flex-wrap items-center gap-3">
          <Button size="md" loading={submit.isPending} onClick={handIn}>
            {t('courses:test.handIn')}
          </Button>
          {missing && (
            <p role="alert" className="text-sm text-red-700">
              {t('courses:test.answerAll')}
            </p>
          )}
          {submit.isError && (
            <p role="alert" className="text-sm text-red-700">
              {t(errorMessageKey(submit.error))}
            </p>
          )}
        </div>
      )}
    </div>
  );
}
