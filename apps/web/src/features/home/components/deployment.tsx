import { ArrowRight, CircleCheck, Cloud, Cpu, Mail, Search, type LucideIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { SectionHeading } from './section-heading';

const points = ['local', 'noTracking', 'ownInfrastructure'] as const;

// Payments join this list with subscriptions (the home page promises only what exists).
const integrations: { id: 'llm' | 'webSearch' | 'email' | 'storage'; icon: LucideIcon }[] = [
  { id: 'llm', icon: Cpu },
  { id: 'webSearch', icon: Search },
  { id: 'email', icon: Mail },
  { id: 'storage', icon: Cloud },
];

export function Deployment() {
  const { t } = useTranslation('home');

  return (
    <section aria-labelledby="home-deployment-title" className="bg-white py-16 sm:py-24">
      <div className="mx-auto grid max-w-7xl gap-12 px-4 sm:px-6 lg:grid-cols-2 lg:items-start lg:gap-16 lg:px-8">
        <div>
          <SectionHeading
            id="home-deployment-title"
            align="left"
            eyebrow={t('deployment.eyebrow')}
            title={t('deployment.title')}
            lead={t('deployment.lead')}
          />
          <ul className="mt-8 space-y-4">
            {points.map((point) => (
              <li key={point} className="flex gap-3">
                <CircleCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-secondary-600" />
                <span className="leading-relaxed text-neutral-700">{t(`deployment.points.${point}`)}</span>
              </li>
            ))}
          </ul>
          <Link
            to={paths.legal.privacyPolicy.getHref()}
            className="mt-8 inline-flex items-center gap-1.5 font-semibold text-primary-700 hover:text-primary-800 hover:underline hover:underline-offset-4"
          >
            {t('deployment.privacyLink')}
            <ArrowRight aria-hidden="true" className="size-4" />
          </Link>
        </div>

        <div className="rounded-2xl bg-secondary-50 p-6 ring-1 ring-secondary-100 sm:p-8">
          <h3 className="text-lg font-semibold text-neutral-900">{t('deployment.optional.title')}</h3>
          <p className="mt-2 leading-relaxed text-neutral-700">{t('deployment.optional.lead')}</p>
          <ul className="mt-6 space-y-3">
            {integrations.map(({ id, icon: Icon }) => (
              <li key={id} className="flex gap-4 rounded-xl bg-white p-4 shadow-sm ring-1 ring-secondary-100">
                <span
                  aria-hidden="true"
                  className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-secondary-100 text-secondary-800"
                >
                  <Icon className="size-5" />
                </span>
                <div className="min-w-0">
                  <p className="font-semibold text-neutral-900">{t(`deployment.optional.items.${id}.title`)}</p>
                  <p className="mt-0.5 text-sm leading-relaxed text-neutral-600">
                    {t(`deployment.optional.items.${id}.text`)}
                  </p>
                </div>
              </li>
            ))}
          </ul>
        </div>
      </div>
    </section>
  );
}
