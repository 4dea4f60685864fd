import { ChevronDown } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { textLinkClass } from './cta-link';
import { SectionHeading } from './section-heading';
import { TaggedText } from './tagged-text';

const questions = ['advice', 'data', 'sources', 'fatf', 'trial', 'languages', 'models'] as const;

export function Faq() {
  const { t } = useTranslation('home');

  const links = {
    disclaimer: <Link to={paths.legal.disclaimer.getHref()} className={textLinkClass} />,
    privacy: <Link to={paths.legal.privacyPolicy.getHref()} className={textLinkClass} />,
    countries: <Link to={paths.countries.list.getHref()} className={textLinkClass} />,
    try: <Link to={paths.try.getHref()} className={textLinkClass} />,
    signup: <Link to={paths.auth.signup.getHref()} className={textLinkClass} />,
  };

  return (
    <section aria-labelledby="home-faq-title" className="bg-neutral-50 py-16 sm:py-24">
      <div className="mx-auto max-w-3xl px-4 sm:px-6 lg:px-8">
        <SectionHeading id="home-faq-title" eyebrow={t('faq.eyebrow')} title={t('faq.title')} />
        <div className="mt-10 divide-y divide-neutral-200 rounded-2xl bg-white shadow-sm ring-1 ring-neutral-200">
          {questions.map((question) => (
            <details key={question} className="group px-5 sm:px-6">
              <summary className="flex cursor-pointer list-none items-center justify-between gap-4 py-5 text-left font-semibold text-neutral-900 hover:text-primary-700 [&::-webkit-details-marker]:hidden">
                <span>{t(`faq.items.${question}.question`)}</span>
                <ChevronDown
                  aria-hidden="true"
                  className="size-5 shrink-0 text-neutral-400 transition-transform group-open:rotate-180"
                />
              </summary>
              <p className="pb-5 leading-relaxed text-neutral-600">
                <TaggedText text={t(`faq.items.${question}.answer`)} components={links} />
              </p>
            </details>
          ))}
        </div>
      </div>
    </section>
  );
}
