import { LayoutDashboard, LogIn } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, Outlet } from 'react-router';
import { buttonClasses } from '@/components/ui/button.tsx';
import { paths } from '@/config/paths.ts';
import { useAuthToken } from '@/lib/auth-token.ts';
import { cn } from '@/lib/cn.ts';
import { LanguageSwitcher } from '../chrome/language-switcher.tsx';
import { Logo } from '../chrome/logo.tsx';
import { CompactFooter } from '../chrome/site-footer.tsx';
import { MAIN_CONTENT_ID, SkipLink } from '../chrome/skip-link.tsx';

const navLinkClasses = ({ isActive }: { isActive: boolean }) =>
  cn(
    'rounded-lg px-3 py-2 text-sm font-medium transition-colors',
    isActive ? 'bg-primary-50 text-primary-800' : 'text-neutral-700 hover:bg-neutral-100 hover:text-neutral-900',
  );

/** "default" (SPEC §2): FATF country pages, checkout cancelled, and any page without a layout. */
export function Component() {
  const { t } = useTranslation('common');
  const signedIn = useAuthToken() !== null;

  return (
    <div data-layout="default" className="flex min-h-dvh flex-col bg-neutral-50">
      <SkipLink />
      <header className="sticky top-0 z-20 border-b border-neutral-200 bg-white/95 backdrop-blur">
        <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-2 px-4 sm:h-16 sm:flex-nowrap sm:gap-x-4 sm:px-6 lg:px-8">
          <div className="flex h-16 items-center">
            <Logo compactOnPhones />
          </div>
          {/* Beside the logo from `sm` up; a row of its own under the header bar on phones. */}
          <nav
            aria-label={t('common:a11y.siteNavigation')}
            className="order-last -mx-4 w-[calc(100%+2rem)] border-t border-neutral-200 px-2 py-1.5 sm:order-none sm:mx-0 sm:w-auto sm:flex-1 sm:border-0 sm:p-0"
          >
            <ul className="flex items-center">
              <li>
                <NavLink to={paths.countries.list.getHref()} className={navLinkClasses}>
                  {t('common:nav.countries')}
                </NavLink>
              </li>
            </ul>
          </nav>
          <div className="ml-auto flex shrink-0 items-center gap-1 sm:gap-2">
            <LanguageSwitcher />
            {signedIn ? (
              <Link to={paths.app.dashboard.getHref()} className={buttonClasses({ variant: 'soft' })}>
                <LayoutDashboard aria-hidden="true" className="size-4" />
                {t('common:nav.dashboard')}
              </Link>
            ) : (
              <Link to={paths.auth.login.getHref()} className={buttonClasses()}>
                <LogIn aria-hidden="true" className="size-4" />
                {t('common:header.signIn')}
              </Link>
            )}
          </div>
        </div>
      </header>
      <main
        id={MAIN_CONTENT_ID}
        tabIndex={-1}
        className="mx-auto w-full max-w-7xl flex-1 px-4 py-8 focus:outline-none sm:px-6 sm:py-10 lg:px-8"
      >
        <Outlet />
      </main>
      <CompactFooter />
    </div>
  );
}
