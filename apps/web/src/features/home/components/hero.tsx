import { ArrowRight, BotMessageSquare, FileText, ShieldCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { CtaLink, textLinkClass } from './cta-link';
import { TaggedText } from './tagged-text';

const exampleSources = [
  { id: 1, key: 'hero.example.source1' },
  { id: 2, key: 'hero.example.source2' },
] as const;

export function Hero() {
  const { t } = useTranslation('home');

  return (
    <section
      aria-labelledby="home-hero-title"
      className="relative isolate overflow-hidden bg-linear-to-b from-primary-50 via-white to-white"
    >
      <div aria-hidden="true" className="absolute inset-x-0 -top-40 -z-10 flex justify-center blur-3xl sm:-top-64">
        <div className="aspect-[1.6] w-[40rem] bg-linear-to-tr from-primary-200 via-secondary-100 to-accent-100 opacity-60 [clip-path:polygon(30%_0,100%_20%,80%_100%,0_75%)] sm:w-[72rem]" />
      </div>

      <div className="mx-auto grid max-w-7xl gap-12 px-4 pt-14 pb-16 sm:px-6 sm:pt-20 sm:pb-20 lg:grid-cols-[minmax(0,1.1fr)_minmax(0,1fr)] lg:items-center lg:gap-16 lg:px-8 lg:pt-24 lg:pb-28">
        <div>
          <p className="inline-flex max-w-full items-center gap-2 rounded-full bg-white/80 px-3 py-1.5 text-xs font-medium text-primary-800 shadow-sm ring-1 ring-primary-100 sm:text-sm">
            <ShieldCheck aria-hidden="true" className="size-4 shrink-0 text-primary-600" />
            <span>{t('hero.eyebrow')}</span>
          </p>
          <h1
            id="home-hero-title"
            className="mt-6 text-3xl font-bold tracking-tight text-balance hyphens-auto text-neutral-900 sm:text-5xl lg:text-[3.5rem] lg:leading-[1.1]"
          >
            {t('hero.title')}
          </h1>
          <p className="mt-6 max-w-2xl text-lg leading-relaxed text-pretty text-neutral-600">{t('hero.lead')}</p>

          <div className="mt-8 flex flex-col gap-3 sm:flex-row sm:flex-wrap">
            <CtaLink to={paths.try.getHref()}>
              {t('hero.ctaTry')}
              <ArrowRight aria-hidden="true" className="size-5" />
            </CtaLink>
            <CtaLink to={paths.auth.signup.getHref()} variant="secondary">
              {t('hero.ctaSignup')}
            </CtaLink>
          </div>

          <p className="mt-5 text-sm text-neutral-600">
            <TaggedText
              text={t('hero.signInPrompt')}
              components={{ signin: <Link to={paths.auth.login.getHref()} className={textLinkClass} /> }}
            />
          </p>
          <p className="mt-2 text-sm text-neutral-500">{t('hero.trialNote')}</p>
        </div>

        <ExampleAnswer />
      </div>
    </section>
  );
}

/** An illustration of what a cited answer looks like. Static content, clearly labelled as an example. */
function ExampleAnswer() {
  const { t } = useTranslation('home');

  return (
    <figure className="relative mx-auto w-full max-w-xl rounded-2xl bg-white p-4 shadow-xl ring-1 shadow-primary-900/10 ring-neutral-200 sm:p-6">
      <figcaption className="mb-4 flex items-center justify-between gap-3 border-b border-neutral-100 pb-3">
        <span className="text-sm font-semibold text-neutral-900">{t('hero.example.label')}</span>
        <span className="rounded-full bg-accent-100 px-2.5 py-0.5 text-xs font-medium text-accent-800">
          {t('hero.example.badge')}
        </span>
      </figcaption>

      <div className="flex justify-end">
        <p className="max-w-[85%] rounded-2xl rounded-br-sm bg-primary-600 px-4 py-3 text-sm leading-relaxed text-white">
          {t('hero.example.question')}
        </p>
      </div>

      <div className="mt-4 flex gap-3">
        <span
          aria-hidden="true"
          className="flex size-8 shrink-0 items-center justify-center rounded-full bg-secondary-100 text-secondary-700"
        >
          <BotMessageSquare className="size-4" />
        </span>
        <div className="min-w-0 flex-1">
          <p className="text-xs font-semibold tracking-wide text-neutral-500 uppercase">
            {t('hero.example.assistant')}
          </p>
          <p className="mt-1 text-sm leading-relaxed text-neutral-800">
            {t('hero.example.answer1')}
            <CitationMarker n={1} /> {t('hero.example.answer2')}
            <CitationMarker n={2} />
          </p>

          <p className="mt-4 text-xs font-semibold tracking-wide text-neutral-500 uppercase">
            {t('hero.example.sourcesLabel')}
          </p>
          <ol className="mt-2 space-y-2">
            {exampleSources.map((source) => (
              <li
                key={source.id}
                className="flex items-start gap-2 rounded-lg bg-neutral-50 px-3 py-2 text-sm text-neutral-700 ring-1 ring-neutral-200"
              >
                <span className="font-semibold text-primary-700 tabular-nums">[{source.id}]</span>
                <FileText aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-neutral-400" />
                <span className="min-w-0">{t(source.key)}</span>
              </li>
            ))}
          </ol>
        </div>
      </div>
    </figure>
  );
}

function CitationMarker({ n }: { n: number }) {
  return <sup className="ml-0.5 font-semibold text-primary-700">[{n}]</sup>;
}
