import { Menu, X } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, Outlet } from 'react-router';
import { Button, buttonClasses } from '@/components/ui/button.tsx';
import { paths } from '@/config/paths.ts';
import { useAuthToken } from '@/lib/auth-token.ts';
import { cn } from '@/lib/cn.ts';
import { LanguageSwitcher } from '../chrome/language-switcher.tsx';
import { Logo } from '../chrome/logo.tsx';
import { MarketingFooter } from '../chrome/site-footer.tsx';
import { MAIN_CONTENT_ID, SkipLink } from '../chrome/skip-link.tsx';

const MOBILE_MENU_ID = 'home-mobile-menu';

const navLinkClasses = ({ isActive }: { isActive: boolean }) =>
  cn(
    'block rounded-lg px-3 py-2 text-sm font-medium transition-colors',
    isActive ? 'text-primary-700' : 'text-neutral-700 hover:bg-neutral-100 hover:text-neutral-900',
  );

/** "home" (SPEC §2): the landing page's marketing header and footer. */
export function Component() {
  const { t } = useTranslation('common');
  const signedIn = useAuthToken() !== null;
  const [menuOpen, setMenuOpen] = useState(false);
  const closeMenu = () => setMenuOpen(false);

  const links = [
    { to: paths.try.getHref(), label: t('common:header.tryAssistant') },
    { to: paths.countries.list.getHref(), label: t('common:nav.countries') },
  ];

  const actions = (layout: 'row' | 'column') =>
    signedIn ? (
      <Link
        to={paths.app.dashboard.getHref()}
        onClick={closeMenu}
        className={buttonClasses({ size: 'md', block: layout === 'column' })}
      >
        {t('common:header.openDashboard')}
      </Link>
    ) : (
      <>
        <Link
          to={paths.auth.login.getHref()}
          onClick={closeMenu}
          className={buttonClasses({
            size: 'md',
            variant: layout === 'row' ? 'ghost' : 'outline',
            color: 'neutral',
            block: layout === 'column',
          })}
        >
          {t('common:header.signIn')}
        </Link>
        <Link
          to={paths.try.getHref()}
          onClick={closeMenu}
          className={buttonClasses({ size: 'md', block: layout === 'column' })}
        >
          {t('common:header.tryFree')}
        </Link>
      </>
    );

  return (
    <div data-layout="home" className="flex min-h-dvh flex-col bg-white">
      <SkipLink />
      <header className="sticky top-0 z-30 border-b border-neutral-200/80 bg-white/90 backdrop-blur">
        <div className="mx-auto flex h-16 max-w-7xl items-center gap-4 px-4 sm:px-6 lg:px-8">
          <Logo />
          <nav aria-label={t('common:a11y.siteNavigation')} className="hidden flex-1 md:block">
            <ul className="flex items-center gap-1">
              {links.map((link) => (
                <li key={link.to}>
                  <NavLink to={link.to} className={navLinkClasses}>
                    {link.label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
          <div className="ml-auto flex items-center gap-2">
            <div className="hidden items-center gap-2 md:flex">
              <LanguageSwitcher />
              {actions('row')}
            </div>
            <Button
              variant="ghost"
              color="neutral"
              size="md"
              icon={menuOpen ? X : Menu}
              className="md:hidden"
              aria-label={menuOpen ? t('common:a11y.closeMenu') : t('common:a11y.openMenu')}
              aria-expanded={menuOpen}
              aria-controls={MOBILE_MENU_ID}
              onClick={() => setMenuOpen((open) => !open)}
            />
          </div>
        </div>
        <div
          id={MOBILE_MENU_ID}
          hidden={!menuOpen}
          className="border-t border-neutral-200 bg-white px-4 pt-3 pb-5 shadow-sm md:hidden"
        >
          <nav aria-label={t('common:a11y.siteNavigation')}>
            <ul className="space-y-1">
              {links.map((link) => (
                <li key={link.to}>
                  <NavLink to={link.to} onClick={closeMenu} className={navLinkClasses}>
                    {link.label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
          <div className="mt-4 flex flex-col gap-2">{actions('column')}</div>
          <div className="mt-4 border-t border-neutral-200 pt-4">
            <LanguageSwitcher appearance="boxed" />
          </div>
        </div>
      </header>
      <main id={MAIN_CONTENT_ID} tabIndex={-1} className="flex-1 focus:outline-none">
        <Outlet />
      </main>
      <MarketingFooter />
    </div>
  );
}
