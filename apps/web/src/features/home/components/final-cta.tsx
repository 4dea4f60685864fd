import { ArrowRight, Scale } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { CtaLink } from './cta-link';
import { TaggedText } from './tagged-text';

export function FinalCta() {
  const { t } = useTranslation('home');

  return (
    <section aria-labelledby="home-cta-title" className="bg-white py-16 sm:py-24">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <div className="relative isolate overflow-hidden rounded-3xl bg-primary-800 px-6 py-12 text-center shadow-xl sm:px-12 sm:py-16">
          <div
            aria-hidden="true"
            className="absolute -top-24 left-1/2 -z-10 size-[36rem] -translate-x-1/2 rounded-full bg-linear-to-tr from-primary-600 to-secondary-500 opacity-40 blur-3xl"
          />
          <h2
            id="home-cta-title"
            className="mx-auto max-w-2xl text-2xl font-bold tracking-tight text-balance hyphens-auto text-white sm:text-4xl"
          >
            {t('cta.title')}
          </h2>
          <p className="mx-auto mt-4 max-w-2xl text-lg leading-relaxed text-pretty text-primary-100">{t('cta.text')}</p>
          <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
            <CtaLink to={paths.try.getHref()} variant="inverse">
              {t('cta.try')}
              <ArrowRight aria-hidden="true" className="size-5" />
            </CtaLink>
            <CtaLink to={paths.auth.signup.getHref()} variant="inverse-outline">
              {t('cta.signup')}
            </CtaLink>
          </div>
        </div>
      </div>
    </section>
  );
}

/** The standing "not legal advice" notice, linking to the disclaimer. */
export function LegalNotice() {
  const { t } = useTranslation('home');

  return (
    <aside aria-labelledby="home-notice-title" className="bg-white pb-16 sm:pb-24">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <div className="flex flex-col gap-4 rounded-2xl bg-accent-50 p-5 ring-1 ring-accent-200 sm:flex-row sm:p-6">
          <span
            aria-hidden="true"
            className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-white text-accent-700 ring-1 ring-accent-200"
          >
            <Scale className="size-5" />
          </span>
          <div>
            <h2 id="home-notice-title" className="font-semibold text-neutral-900">
              {t('notice.title')}
            </h2>
            <p className="mt-1 leading-relaxed text-neutral-700">
              <TaggedText
                text={t('notice.text')}
                components={{
                  disclaimer: (
                    <Link
                      to={paths.legal.disclaimer.getHref()}
                      className="font-semibold text-accent-900 underline decoration-accent-400 underline-offset-4 hover:decoration-accent-700"
                    />
                  ),
                }}
              />
            </p>
          </div>
        </div>
      </div>
    </aside>
  );
}
