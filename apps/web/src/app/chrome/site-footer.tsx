import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/config/paths.ts';
import { cn } from '@/lib/cn.ts';
import { Logo } from './logo.tsx';

const linkClasses = 'rounded-sm text-neutral-600 underline-offset-4 hover:text-neutral-900 hover:underline';

/** The legal links every public page carries. */
export function LegalLinks({ className }: { className?: string }) {
  const { t } = useTranslation('common');
  return (
    <nav aria-label={t('common:a11y.legalNavigation')} className={className}>
      <ul className="flex flex-wrap items-center gap-x-5 gap-y-2 text-sm">
        <li>
          <Link to={paths.legal.disclaimer.getHref()} className={linkClasses}>
            {t('common:footer.disclaimer')}
          </Link>
        </li>
        <li>
          <Link to={paths.legal.privacyPolicy.getHref()} className={linkClasses}>
            {t('common:footer.privacyPolicy')}
          </Link>
        </li>
      </ul>
    </nav>
  );
}

function Copyright() {
  const { t } = useTranslation('common');
  return <p className="text-sm text-neutral-500">{t('common:footer.copyright', { year: new Date().getFullYear() })}</p>;
}

/** A one-line footer: copyright and legal links (public and default layouts). */
export function CompactFooter({ className }: { className?: string }) {
  return (
    <footer className={cn('border-t border-neutral-200 bg-white', className)}>
      <div className="mx-auto flex max-w-7xl flex-col gap-3 px-4 py-6 sm:flex-row sm:items-center sm:justify-between sm:px-6 lg:px-8">
        <Copyright />
        <LegalLinks />
      </div>
    </footer>
  );
}

/** The landing page's footer: brand, a short description, product and legal links. */
export function MarketingFooter() {
  const { t } = useTranslation('common');
  return (
    <footer className="border-t border-neutral-200 bg-white">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:px-6 md:grid-cols-[2fr_1fr_1fr] lg:px-8">
        <div className="max-w-sm">
          <Logo />
          <p className="mt-4 text-sm leading-6 text-neutral-600">{t('common:footer.about')}</p>
        </div>
        <nav aria-label={t('common:a11y.productNavigation')}>
          <h2 className="text-sm font-semibold text-neutral-900">{t('common:footer.product')}</h2>
          <ul className="mt-3 space-y-2 text-sm">
            <li>
              <Link to={paths.try.getHref()} className={linkClasses}>
                {t('common:header.tryAssistant')}
              </Link>
            </li>
            <li>
              <Link to={paths.countries.list.getHref()} className={linkClasses}>
                {t('common:nav.countries')}
              </Link>
            </li>
            <li>
              <Link to={paths.auth.signup.getHref()} className={linkClasses}>
                {t('common:header.createAccount')}
              </Link>
            </li>
          </ul>
        </nav>
        <div>
          <h2 className="text-sm font-semibold text-neutral-900">{t('common:footer.legal')}</h2>
          <LegalLinks className="mt-3 [&_ul]:flex-col [&_ul]:items-start [&_ul]:gap-2" />
        </div>
      </div>
      <div className="border-t border-neutral-200">
        <div className="mx-auto max-w-7xl px-4 py-6 sm:px-6 lg:px-8">
          <Copyright />
        </div>
      </div>
    </footer>
  );
}
