import { CalendarClock, Flag, Landmark, Scale, type LucideIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { formatCalendarDate } from '@/lib/format.ts';
import { fatfGreyListTotal, fatfListsAsOf } from '../utils/coverage-facts';
import { SectionHeading } from './section-heading';

const regions = [
  {
    id: 'ch',
    icon: Landmark,
    items: ['finmasa', 'banka', 'finsaFinia', 'finmiaCisa', 'amla', 'circulars', 'selfRegulation'],
  },
  { id: 'us', icon: Scale, items: ['advisersAct', 'rules', 'forms', 'regSp', 'examinations'] },
  { id: 'fatf', icon: Flag, items: ['blackList', 'greyList', 'plenaries', 'regionalBodies'] },
] as const satisfies readonly { id: string; icon: LucideIcon; items: readonly string[] }[];

export function Coverage() {
  const { t, i18n } = useTranslation('home');
  const asOf = formatCalendarDate(fatfListsAsOf, i18n.language);

  return (
    <section aria-labelledby="home-coverage-title" className="bg-white py-16 sm:py-24">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <SectionHeading
          id="home-coverage-title"
          eyebrow={t('coverage.eyebrow')}
          title={t('coverage.title')}
          lead={t('coverage.lead')}
        />

        <div className="mt-12 grid gap-6 lg:grid-cols-3">
          {regions.map(({ id, icon: Icon, items }) => (
            <article
              key={id}
              aria-labelledby={`home-coverage-${id}`}
              className="flex flex-col rounded-2xl bg-neutral-50 p-6 ring-1 ring-neutral-200"
            >
              <div className="flex items-center gap-3">
                <span
                  aria-hidden="true"
                  className="flex size-10 items-center justify-center rounded-lg bg-white text-primary-700 shadow-sm ring-1 ring-neutral-200"
                >
                  <Icon className="size-5" />
                </span>
                <h3 id={`home-coverage-${id}`} className="text-lg font-semibold text-neutral-900">
                  {t(`coverage.${id}.title`)}
                </h3>
              </div>
              <p className="mt-3 text-sm text-neutral-600">{t(`coverage.${id}.summary`)}</p>

              {id === 'fatf' ? (
                <p className="mt-4 inline-flex items-center gap-2 self-start rounded-full bg-accent-50 px-3 py-1 text-xs font-medium text-accent-800 ring-1 ring-accent-200">
                  <CalendarClock aria-hidden="true" className="size-4" />
                  {t('coverage.fatf.asOf', { date: asOf })}
                </p>
              ) : null}

              <dl className="mt-5 space-y-4 border-t border-neutral-200 pt-5">
                {items.map((item) => (
                  <div key={item}>
                    <dt className="font-semibold text-neutral-900">{t(`coverage.${id}.items.${item}.name`)}</dt>
                    <dd className="mt-1 text-sm leading-relaxed text-neutral-600">
                      {t(`coverage.${id}.items.${item}.text`, { total: fatfGreyListTotal })}
                    </dd>
                  </div>
                ))}
              </dl>
            </article>
          ))}
        </div>

        <p className="mx-auto mt-8 max-w-3xl text-center text-sm text-neutral-500">{t('coverage.note')}</p>
      </div>
    </section>
  );
}
