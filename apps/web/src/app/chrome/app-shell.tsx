import { Menu, PanelLeftClose, PanelLeftOpen } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { useEffect, useEffectEvent, useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useMatch, useNavigate, useResolvedPath } from 'react-router';
import { Badge } from '@/components/ui/badge.tsx';
import { Button } from '@/components/ui/button.tsx';
import { CloseButton } from '@/components/ui/close-button.tsx';
import { Tooltip } from '@/components/ui/tooltip.tsx';
import { paths } from '@/config/paths.ts';
import { AUTH_TOKEN_KEY, getAuthToken } from '@/lib/auth-token.ts';
import { cn } from '@/lib/cn.ts';
import { LanguageSwitcher } from './language-switcher.tsx';
import { Logo } from './logo.tsx';
import type { NavItem, NavSection } from './navigation.ts';
import { usePageTitle } from './page-title.ts';
import { MAIN_CONTENT_ID, SkipLink } from './skip-link.tsx';
import { UserMenu } from './user-menu.tsx';
import { useCountriesRealtime } from '@/features/countries/hooks/use-countries-realtime.ts';
import { BillingBanner } from '@/features/billing/components/billing-banner.tsx';

/** localStorage key remembering a collapsed desktop sidebar. */
export const SIDEBAR_COLLAPSED_KEY = 'sidebar_collapsed';
const DESKTOP_QUERY = '(min-width: 64rem)'; // Tailwind's lg

function readCollapsed(): boolean {
  try {
    return window.localStorage.getItem(SIDEBAR_COLLAPSED_KEY) === 'true';
  } catch {
    return false;
  }
}

function writeCollapsed(collapsed: boolean): void {
  try {
    window.localStorage.setItem(SIDEBAR_COLLAPSED_KEY, String(collapsed));
  } catch {
    // Not remembered; harmless.
  }
}

/** Signing out in another tab ends this tab's session too. */
function useSignOutFromOtherTabs(): void {
  const navigate = useNavigate();
  const location = useLocation();
  const onSignedOut = useEffectEvent(() => {
    void navigate(paths.auth.login.getHref(`${location.pathname}${location.search}`), { replace: true });
  });
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if ((event.key === AUTH_TOKEN_KEY || event.key === null) && getAuthToken() === null) onSignedOut();
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);
}

interface SidebarNavProps {
  navigation: NavSection[];
  label: string;
  collapsed?: boolean;
  onNavigate?: () => void;
}

function SidebarLink({ item, collapsed, onNavigate }: { item: NavItem; collapsed: boolean; onNavigate?: () => void }) {
  const { t } = useTranslation('common');
  const label = t(item.label);
  const Icon = item.icon;
  const resolved = useResolvedPath(item.to);
  const match = useMatch({ path: resolved.pathname, end: item.end ?? false });
  const active = !item.plain && match !== null;
  // A Link with a computed state rather than a NavLink: NavLink's function-valued className would
  // not survive the tooltip's Slot, which merges class names as strings.
  const link = (
    <Link
      to={item.to}
      onClick={onNavigate}
      aria-current={active ? 'page' : undefined}
      className={cn(
        'group flex items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium transition-colors',
        collapsed && 'justify-center px-0',
        active ? 'bg-primary-50 text-primary-800' : 'text-neutral-700 hover:bg-neutral-100 hover:text-neutral-900',
      )}
    >
      <Icon
        aria-hidden="true"
        className={cn('size-5 shrink-0', active ? 'text-primary-600' : 'text-neutral-400 group-hover:text-neutral-600')}
      />
      <span className={cn('truncate', collapsed && 'sr-only')}>{label}</span>
    </Link>
  );
  return collapsed ? (
    <Tooltip content={label} side="right">
      {link}
    </Tooltip>
  ) : (
    link
  );
}

function SidebarNav({ navigation, label, collapsed = false, onNavigate }: SidebarNavProps) {
  const { t } = useTranslation('common');
  const baseId = useId();
  return (
    <nav aria-label={label} className="flex-1 overflow-y-auto px-3 py-4">
      {navigation.map((section, index) => {
        const headingId = `${baseId}-section-${index}`;
        return (
          <div
            key={section.label}
            className={cn(index > 0 && 'mt-6', collapsed && index > 0 && 'border-t border-neutral-200 pt-4 mt-4')}
          >
            <p
              id={headingId}
              className={cn(
                'mb-1 px-3 text-xs font-semibold tracking-wide text-neutral-500 uppercase',
                collapsed && 'sr-only',
              )}
            >
              {t(section.label)}
            </p>
            <ul aria-labelledby={headingId} className="space-y-0.5">
              {section.items.map((item) => (
                <li key={item.to}>
                  <SidebarLink item={item} collapsed={collapsed} onNavigate={onNavigate} />
                </li>
              ))}
            </ul>
          </div>
        );
      })}
    </nav>
  );
}

export interface AppShellProps {
  /** The layout's name (SPEC §2), exposed as data-layout for tests and styling hooks. */
  layout: 'user' | 'assistant' | 'authenticated' | 'admin';
  navigation: NavSection[];
  /** i18n key naming the navigation landmark. */
  navLabel: string;
  /** Where the logo leads. */
  homeHref: string;
  /** A small label before the page title in the top bar (e.g. "Admin"). */
  badge?: string;
  /** 'page': padded, centred content. 'fill': the content gets the whole area below the top bar (chat). */
  content?: 'page' | 'fill';
  children: ReactNode;
}

/**
 * The signed-in chrome shared by the user, authenticated, assistant and admin layouts: a sidebar
 * (collapsible on desktop, a drawer on phones and tablets), a top bar with the page title, the
 * language switcher and the account menu, and the main landmark.
 */
export function AppShell({ layout, navigation, navLabel, homeHref, badge, content = 'page', children }: AppShellProps) {
  // Signed-in users hear about FATF list changes wherever they are (and the open socket lets the
  // server end a session at once: an account disabled by an admin leaves every open tab).
  useCountriesRealtime();
  const { t } = useTranslation('common');
  const pageTitle = usePageTitle();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [collapsed, setCollapsed] = useState(readCollapsed);
  const label = t(navLabel);
  useSignOutFromOtherTabs();

  // The drawer is for small screens only: close it when the window grows to desktop width.
  useEffect(() => {
    if (typeof window.matchMedia !== 'function') return;
    const query = window.matchMedia(DESKTOP_QUERY);
    const onChange = () => {
      if (query.matches) setDrawerOpen(false);
    };
    query.addEventListener('change', onChange);
    return () => query.removeEventListener('change', onChange);
  }, []);

  const toggleCollapsed = () => {
    setCollapsed((value) => {
      writeCollapsed(!value);
      return !value;
    });
  };

  const brand = (hideText: boolean) => <Logo to={homeHref} hideText={hideText} />;

  return (
    <div data-layout={layout} className="min-h-dvh bg-neutral-50">
      <SkipLink />

      {/* Desktop sidebar */}
      <aside
        className={cn(
          'fixed inset-y-0 left-0 z-30 hidden flex-col border-r border-neutral-200 bg-white transition-[width] duration-200 motion-reduce:transition-none lg:flex',
          collapsed ? 'w-[4.5rem]' : 'w-68',
        )}
      >
        <div
          className={cn(
            'flex h-16 shrink-0 items-center border-b border-neutral-200',
            collapsed ? 'justify-center px-2' : 'px-5',
          )}
        >
          {brand(collapsed)}
        </div>
        <SidebarNav navigation={navigation} label={label} collapsed={collapsed} />
        <div className={cn('border-t border-neutral-200 p-3', collapsed && 'flex justify-center')}>
          <Button
            variant="ghost"
            color="neutral"
            icon={collapsed ? PanelLeftOpen : PanelLeftClose}
            aria-label={collapsed ? t('common:a11y.expandSidebar') : t('common:a11y.collapseSidebar')}
            aria-pressed={collapsed}
            onClick={toggleCollapsed}
          />
        </div>
      </aside>

      {/* Phone and tablet drawer */}
      <Dialog.Root open={drawerOpen} onOpenChange={setDrawerOpen}>
        <Dialog.Portal>
          <Dialog.Overlay className="fixed inset-0 z-50 bg-neutral-900/50 backdrop-blur-[2px] lg:hidden" />
          <Dialog.Content
            aria-describedby={undefined}
            className="fixed inset-y-0 left-0 z-50 flex w-72 max-w-[85vw] flex-col bg-white shadow-xl focus:outline-none lg:hidden"
          >
            <Dialog.Title className="sr-only">{label}</Dialog.Title>
            <div className="flex h-16 shrink-0 items-center justify-between gap-2 border-b border-neutral-200 px-4">
              {brand(false)}
              <Dialog.Close asChild>
                <CloseButton aria-label={t('common:a11y.closeNavigation')} />
              </Dialog.Close>
            </div>
            <SidebarNav navigation={navigation} label={label} onNavigate={() => setDrawerOpen(false)} />
          </Dialog.Content>
        </Dialog.Portal>

        <div
          className={cn(
            'flex flex-col transition-[padding] duration-200 motion-reduce:transition-none',
            content === 'fill' ? 'h-dvh' : 'min-h-dvh',
            collapsed ? 'lg:pl-[4.5rem]' : 'lg:pl-68',
          )}
        >
          <header className="sticky top-0 z-20 flex h-16 shrink-0 items-center gap-2 border-b border-neutral-200 bg-white/95 px-3 backdrop-blur sm:gap-3 sm:px-6">
            <Dialog.Trigger asChild>
              <Button
                variant="ghost"
                color="neutral"
                size="md"
                icon={Menu}
                aria-label={t('common:a11y.openNavigation')}
                className="lg:hidden"
              />
            </Dialog.Trigger>
            <div className="flex min-w-0 flex-1 items-center gap-2">
              {badge && (
                <Badge color="primary" size="sm" className="shrink-0">
                  {badge}
                </Badge>
              )}
              {pageTitle && <p className="truncate text-sm font-semibold text-neutral-900 sm:text-base">{pageTitle}</p>}
            </div>
            <div className="flex shrink-0 items-center gap-1 sm:gap-2">
              <LanguageSwitcher />
              <UserMenu />
            </div>
          </header>
          <main
            id={MAIN_CONTENT_ID}
            tabIndex={-1}
            className={cn(
              'flex-1 focus:outline-none',
              content === 'page'
                ? 'mx-auto w-full max-w-7xl px-4 py-6 sm:px-6 sm:py-8 lg:px-8'
                : 'flex min-h-0 flex-col overflow-hidden',
            )}
          >
            <BillingBanner className={content === 'fill' ? 'mx-4 mt-4 mb-0' : undefined} />
            {children}
          </main>
        </div>
      </Dialog.Root>
    </div>
  );
}
