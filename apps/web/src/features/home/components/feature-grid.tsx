import {
  ArrowRight,
  BotMessageSquare,
  Database,
  FolderOpen,
  Globe,
  GraduationCap,
  Store,
  type LucideIcon,
} from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { SectionHeading } from './section-heading';

// The home page promises only what exists.
type FeatureId = 'assistants' | 'knowledgeBase' | 'documents' | 'prompts' | 'countries' | 'courses';

const features: { id: FeatureId; icon: LucideIcon; href?: string }[] = [
  { id: 'assistants', icon: BotMessageSquare },
  { id: 'knowledgeBase', icon: Database },
  { id: 'documents', icon: FolderOpen },
  { id: 'prompts', icon: Store, href: paths.app.promptMarketplace.getHref() },
  { id: 'countries', icon: Globe, href: paths.countries.list.getHref() },
  { id: 'courses', icon: GraduationCap, href: paths.courses.list.getHref() },
];

export function FeatureGrid() {
  const { t } = useTranslation('home');

  return (
    <section aria-labelledby="home-features-title" className="bg-neutral-50 py-16 sm:py-24">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <SectionHeading
          id="home-features-title"
          eyebrow={t('features.eyebrow')}
          title={t('features.title')}
          lead={t('features.lead')}
        />
        <ul className="mt-12 grid gap-4 sm:grid-cols-2 sm:gap-6 lg:grid-cols-3">
          {features.map(({ id, icon: Icon, href }) => (
            <li
              key={id}
              className="flex flex-col rounded-2xl bg-white p-6 shadow-sm ring-1 ring-neutral-200 transition-shadow hover:shadow-md"
            >
              <span
                aria-hidden="true"
                className="flex size-11 items-center justify-center rounded-xl bg-primary-50 text-primary-700 ring-1 ring-primary-100"
              >
                <Icon className="size-5" />
              </span>
              <h3 className="mt-5 text-lg font-semibold text-neutral-900">{t(`features.items.${id}.title`)}</h3>
              <p className="mt-2 flex-1 leading-relaxed text-neutral-600">{t(`features.items.${id}.text`)}</p>
              {href ? (
                <Link
                  to={href}
                  className="mt-5 inline-flex items-center gap-1.5 self-start font-semibold text-primary-700 hover:text-primary-800 hover:underline hover:underline-offset-4"
                >
                  {t(`features.items.${id}.link`)}
                  <ArrowRight aria-hidden="true" className="size-4" />
                </Link>
              ) : null}
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
