import { Languages, Quote, WifiOff, type LucideIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';

const items: { id: 'offline' | 'cited' | 'languages'; icon: LucideIcon }[] = [
  { id: 'offline', icon: WifiOff },
  { id: 'cited', icon: Quote },
  { id: 'languages', icon: Languages },
];

export function TrustStrip() {
  const { t } = useTranslation('home');

  return (
    <section aria-labelledby="home-trust-title" className="border-y border-neutral-200 bg-white">
      <h2 id="home-trust-title" className="sr-only">
        {t('trust.title')}
      </h2>
      <ul className="mx-auto grid max-w-7xl gap-6 px-4 py-8 sm:grid-cols-3 sm:px-6 lg:px-8">
        {items.map(({ id, icon: Icon }) => (
          <li key={id} className="flex items-start gap-4">
            <span
              aria-hidden="true"
              className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-secondary-50 text-secondary-700 ring-1 ring-secondary-100"
            >
              <Icon className="size-5" />
            </span>
            <div>
              <p className="font-semibold text-neutral-900">{t(`trust.${id}.title`)}</p>
              <p className="mt-1 text-sm leading-relaxed text-neutral-600">{t(`trust.${id}.text`)}</p>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
