import { useTranslation } from 'react-i18next';
import { SectionHeading } from './section-heading';

const steps = ['ask', 'search', 'verify'] as const;

export function HowItWorks() {
  const { t } = useTranslation('home');

  return (
    <section aria-labelledby="home-how-title" className="bg-neutral-50 py-16 sm:py-24">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <SectionHeading id="home-how-title" eyebrow={t('how.eyebrow')} title={t('how.title')} lead={t('how.lead')} />
        <ol className="mt-12 grid gap-6 md:grid-cols-3">
          {steps.map((step, index) => (
            <li key={step} className="relative rounded-2xl bg-white p-6 shadow-sm ring-1 ring-neutral-200">
              <span
                aria-hidden="true"
                className="flex size-10 items-center justify-center rounded-full bg-primary-600 text-lg font-bold text-white tabular-nums"
              >
                {index + 1}
              </span>
              <h3 className="mt-5 text-lg font-semibold text-neutral-900">{t(`how.steps.${step}.title`)}</h3>
              <p className="mt-2 leading-relaxed text-neutral-600">{t(`how.steps.${step}.text`)}</p>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}
