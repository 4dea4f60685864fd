import type { EssayEvaluation } from '@compliance/shared/courses';
import { AlertTriangle, Bot, CheckCircle2, XCircle } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ProgressBar } from './progress-bar.tsx';
import { SourceLink } from './source-list.tsx';

/** The criterion-level evaluation of an essay: what was shown (quoted), what is missing (with what to study). */
export function EssayEvaluationView({ evaluation }: { evaluation: EssayEvaluation }) {
  const { t } = useTranslation('courses');
  return (
    <div className="space-y-4">
      <div className="rounded-2xl border border-neutral-200 bg-white p-5 shadow-sm">
        <p className="text-lg font-semibold text-neutral-900">
          {t('courses:essay.overall', { score: Math.round(evaluation.score) })}
        </p>
        <p className="mt-1 text-sm text-neutral-600">{t('courses:essay.words', { count: evaluation.wordCount })}</p>
        {evaluation.lengthIssue && (
          <p className="mt-2 flex items-center gap-2 text-sm text-amber-800">
            <AlertTriangle aria-hidden="true" className="size-4" />
            {t(`courses:essay.${evaluation.lengthIssue}`)}
          </p>
        )}
        <p className="mt-3 text-xs text-neutral-500">{t('courses:essay.offlineNote')}</p>
        {evaluation.llm && (
          <p className="mt-3 flex items-center gap-2 border-t border-neutral-100 pt-3 text-sm text-neutral-700">
            <Bot aria-hidden="true" className="size-4" />
            {evaluation.llm.failure
              ? t('courses:essay.llm.failed')
              : evaluation.llm.score === null
                ? t('courses:essay.llm.noScore', { model: evaluation.llm.model })
                : t('courses:essay.llm.overall', {
                    model: evaluation.llm.model,
                    score: Math.round(evaluation.llm.score),
                  })}
          </p>
        )}
      </div>
      {evaluation.criteria.map((criterion) => {
        const model = evaluation.llm?.criteria.find((entry) => entry.id === criterion.id);
        return (
          <section
            key={criterion.id}
            aria-label={criterion.title}
            className="rounded-2xl border border-neutral-200 bg-white p-5 shadow-sm"
          >
            <div className="mb-2 flex items-baseline justify-between gap-3">
              <h3 className="font-semibold text-neutral-900">{criterion.title}</h3>
              <span className="text-sm font-medium text-neutral-700">{Math.round(criterion.score)} %</span>
            </div>
            <ProgressBar value={Math.round(criterion.score)} max={100} label={criterion.title} className="mb-3" />
            <ul className="space-y-3 text-sm">
              {criterion.concepts.map((concept) => (
                <li key={concept.id} className="flex gap-2">
                  {concept.found ? (
                    <CheckCircle2
                      aria-label={t('courses:essay.found')}
                      className="mt-0.5 size-4 shrink-0 text-green-700"
                    />
                  ) : (
                    <XCircle aria-label={t('courses:essay.missing')} className="mt-0.5 size-4 shrink-0 text-red-700" />
                  )}
                  <div className="min-w-0">
                    <p className="font-medium text-neutral-900">{concept.label}</p>
                    {concept.found && concept.evidence && (
                      <blockquote className="mt-1 border-l-2 border-green-300 pl-2 text-neutral-600 italic">
                        {concept.evidence}
                      </blockquote>
                    )}
                    {!concept.found && concept.source && (
                      <p className="mt-1 text-neutral-600">
                        {t('courses:essay.study')} <SourceLink source={concept.source} />
                      </p>
                    )}
                  </div>
                </li>
              ))}
            </ul>
            {criterion.misconceptions.length > 0 && (
              <div className="mt-4 rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm">
                <p className="font-medium text-amber-900">{t('courses:essay.misconceptions')}</p>
                <ul className="mt-2 space-y-2">
                  {criterion.misconceptions.map((misconception) => (
                    <li key={misconception.evidence}>
                      <blockquote className="border-l-2 border-amber-400 pl-2 text-neutral-700 italic">
                        {misconception.evidence}
                      </blockquote>
                      <p className="mt-1 text-neutral-800">{misconception.correction}</p>
                    </li>
                  ))}
                </ul>
              </div>
            )}
            {model && (
              <div className="mt-4 rounded-lg border border-primary-100 bg-primary-50/50 p-3 text-sm">
                <p className="flex flex-wrap items-center gap-2 font-medium text-neutral-900">
                  <Bot aria-hidden="true" className="size-4" />
                  {model.score === null
                    ? t('courses:essay.llm.unsupported')
                    : t('courses:essay.llm.criterionScore', { score: model.score })}
                  {model.disagrees && (
                    <span className="rounded bg-amber-100 px-1.5 py-0.5 text-xs text-amber-900">
                      {t('courses:essay.llm.disagrees')}
                    </span>
                  )}
                </p>
                {model.quote && (
                  <blockquote className="mt-1 border-l-2 border-primary-300 pl-2 text-neutral-600 italic">
                    {model.quote}
                  </blockquote>
                )}
                {model.comment && <p className="mt-1 text-neutral-800">{model.comment}</p>}
                {model.citation && (
                  <p className="mt-1">
                    <SourceLink source={model.citation} />
                  </p>
                )}
              </div>
            )}
          </section>
        );
      })}
    </div>
  );
}
