import { ESSAY_MAX_LENGTH, essayInputSchema } from '@compliance/shared/courses';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { Button } from '@/components/ui/button.tsx';
import { FormField } from '@/components/ui/form-field.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { Select } from '@/components/ui/select.tsx';
import { Textarea } from '@/components/ui/textarea.tsx';
import { errorMessageKey } from '@/lib/api-client.ts';
import { formatDate } from '@/lib/format.ts';
import type { RouteHandle } from '@/lib/route-handle.ts';
import { useEssay, useSubmitEssay } from '../api/practice.ts';
import { BackToCourse, LoadingOrError } from '../components/course-page-parts.tsx';
import { EssayEvaluationView } from '../components/essay-evaluation.tsx';
import { useCourseLanguage } from '../hooks/use-course-language.ts';

export const handle = { title: 'courses:essay.title' } satisfies RouteHandle;

const countWords = (text: string) => (text.match(/[\p{L}\p{N}]+(?:[’'-][\p{L}\p{N}]+)*/gu) ?? []).length;

/** An essay question (/courses/:slug/essays/:essayId): write, hand in, read the evaluation, revise. */
export function Component() {
  const { slug = '', essayId = '' } = useParams();
  const { t, i18n } = useTranslation(['courses', 'errors']);
  const lang = useCourseLanguage();
  const essay = useEssay(slug, essayId, lang);
  const submit = useSubmitEssay(slug, essayId);
  const [text, setText] = useState<string | null>(null);
  const [shown, setShown] = useState<string | null>(null);
  const [error, setError] = useState<string | undefined>();
  const submissions = essay.data?.submissions ?? [];

  const header = (
    <PageHeader
      eyebrow={<BackToCourse slug={slug} label={essay.data?.courseTitle} />}
      title={t('courses:essay.title')}
    />
  );
  if (essay.isPending || essay.isError) {
    return (
      <div className="mx-auto max-w-5xl">
        {header}
        <LoadingOrError error={essay.error} className="h-96" />
      </div>
    );
  }
  const data = essay.data;
  // Revising starts from the latest version.
  const draft = text ?? submissions[0]?.text ?? '';
  const words = countWords(draft);
  const current = submissions.find((submission) => submission.id === shown) ?? submissions[0];
  const handIn = () => {
    const parsed = essayInputSchema.safeParse({ text: draft, lang });
    if (!parsed.success) {
      setError(t(parsed.error.issues[0]!.message));
      return;
    }
    setError(undefined);
    submit.mutate(
      { text: draft, lang },
      {
        onSuccess: (saved) => setShown(saved.id),
        onError: (failure) => setError(t(errorMessageKey(failure))),
      },
    );
  };

  return (
    <div className="mx-auto max-w-5xl">
      {header}
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
        <div className="space-y-4">
          <section
            aria-labelledby="essay-prompt"
            className="rounded-2xl border border-neutral-200 bg-white p-5 shadow-sm"
          >
            <h2 id="essay-prompt" className="mb-2 text-sm font-semibold text-neutral-500">
              {t('courses:essay.question')}
            </h2>
            <p className="text-neutral-900">{data.prompt}</p>
            <h3 className="mt-4 mb-1 text-sm font-semibold text-neutral-500">{t('courses:essay.criteria')}</h3>
            <ul className="list-disc pl-5 text-sm text-neutral-700">
              {data.criteria.map((criterion) => (
                <li key={criterion.id}>{criterion.title}</li>
              ))}
            </ul>
          </section>
          <FormField
            label={t('courses:essay.yourEssay')}
            hint={t('courses:essay.wordHint', { count: words, min: data.minWords, max: data.maxWords })}
            error={error}
          >
            <Textarea
              rows={14}
              maxLength={ESSAY_MAX_LENGTH}
              value={draft}
              onChange={(event) => setText(event.target.value)}
            />
          </FormField>
          <Button size="md" loading={submit.isPending} onClick={handIn}>
            {submissions.length > 0 ? t('courses:essay.resubmit') : t('courses:essay.submit')}
          </Button>
        </div>
        <div aria-live="polite">
          {current ? (
            <div className="space-y-3">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <h2 className="text-base font-semibold text-neutral-900">{t('courses:essay.evaluation')}</h2>
                {submissions.length > 1 && (
                  <FormField label={t('courses:essay.version')} hideLabel>
                    <Select
                      value={current.id}
                      onChange={(event) => setShown(event.target.value)}
                      options={submissions.map((submission, index) => ({
                        value: submission.id,
                        label: t('courses:essay.versionOption', {
                          number: submissions.length - index,
                          date: formatDate(submission.createdAt, i18n.language),
                          score: Math.round(submission.evaluation.score),
                        }),
                      }))}
                    />
                  </FormField>
                )}
              </div>
              <EssayEvaluationView evaluation={current.evaluation} />
            </div>
          ) : (
            <p className="rounded-2xl border border-dashed border-neutral-300 p-6 text-sm text-neutral-500">
              {t('courses:essay.noSubmission')}
            </p>
          )}
        </div>
      </div>
    </div>
  );
}
