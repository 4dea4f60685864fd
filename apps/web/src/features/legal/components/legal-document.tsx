import type { ReactNode } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { formatCalendarDate } from '@/lib/format.ts';
import { legalLastUpdated } from '../utils/dates';

export type LegalSection = { id: string; content: ReactNode };

/**
 * The frame of a legal page: title, last-updated date, introduction, optional summary, a table of
 * contents with in-page anchors, and numbered sections. Uses container queries so it also fits a
 * narrow layout column. Horizontal and vertical page padding come from the layout.
 */
export function LegalDocument({
  doc,
  sections,
  summary,
}: {
  doc: 'disclaimer' | 'privacy';
  sections: LegalSection[];
  summary?: ReactNode;
}) {
  const { t, i18n } = useTranslation('legal');
  const updated = formatCalendarDate(legalLastUpdated, i18n.language);

  return (
    <div className="@container mx-auto w-full max-w-6xl">
      <header className="max-w-3xl border-b border-neutral-200 pb-8">
        <p className="text-sm font-semibold tracking-wide text-primary-700 uppercase">{t('common.eyebrow')}</p>
        <h1 className="mt-2 text-3xl font-bold tracking-tight text-balance hyphens-auto text-neutral-900 sm:text-4xl">
          {t(`${doc}.title`)}
        </h1>
        <p className="mt-3 text-sm text-neutral-500">
          <Trans
            t={t}
            i18nKey="common.lastUpdated"
            values={{ date: updated }}
            components={{ time: <time dateTime={legalLastUpdated} className="font-medium text-neutral-700" /> }}
          />
        </p>
        <p className="mt-6 text-base leading-relaxed text-pretty text-neutral-700 sm:text-lg">{t(`${doc}.intro`)}</p>
      </header>

      <div className="mt-10 grid gap-10 @4xl:grid-cols-[15rem_minmax(0,1fr)] @4xl:gap-12">
        <nav aria-labelledby={`${doc}-toc-title`} className="@4xl:sticky @4xl:top-24 @4xl:self-start">
          <div className="rounded-xl bg-neutral-50 p-5 ring-1 ring-neutral-200 @4xl:bg-transparent @4xl:p-0 @4xl:ring-0">
            <h2 id={`${doc}-toc-title`} className="text-sm font-semibold tracking-wide text-neutral-900 uppercase">
              {t('common.onThisPage')}
            </h2>
            <ol className="mt-3 grid gap-1 text-sm sm:grid-cols-2 @4xl:grid-cols-1">
              {sections.map((section, index) => (
                <li key={section.id}>
                  <a
                    href={`#${section.id}`}
                    className="flex gap-2 rounded-md px-2 py-1.5 text-neutral-600 hover:bg-white hover:text-primary-700 @4xl:hover:bg-neutral-100"
                  >
                    <span aria-hidden="true" className="w-5 shrink-0 text-neutral-400 tabular-nums">
                      {index + 1}.
                    </span>
                    <span>{t(`${doc}.sections.${section.id}.title`)}</span>
                  </a>
                </li>
              ))}
            </ol>
          </div>
        </nav>

        <div className="min-w-0 max-w-3xl">
          {summary ? (
            <aside
              aria-labelledby={`${doc}-summary-title`}
              className="mb-12 rounded-xl bg-primary-50 p-5 ring-1 ring-primary-100 sm:p-6"
            >
              <h2 id={`${doc}-summary-title`} className="font-semibold text-primary-900">
                {t('common.inShort')}
              </h2>
              <div className="mt-3 text-neutral-800">{summary}</div>
            </aside>
          ) : null}

          <div className="space-y-12">
            {sections.map((section, index) => (
              <section
                key={section.id}
                id={section.id}
                aria-labelledby={`${section.id}-title`}
                className="scroll-mt-24"
              >
                <h2
                  id={`${section.id}-title`}
                  className="flex gap-3 text-xl font-semibold tracking-tight text-neutral-900 sm:text-2xl"
                >
                  <span className="text-primary-600 tabular-nums">{index + 1}.</span>
                  <span className="min-w-0 hyphens-auto">{t(`${doc}.sections.${section.id}.title`)}</span>
                </h2>
                <div className="mt-4 space-y-4 leading-relaxed text-neutral-700">{section.content}</div>
              </section>
            ))}
          </div>
        </div>
      </div>
    </div>
  );
}
