import { ArrowLeft, Check, LogOut } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation } from 'react-router';
import { buttonClasses } from '@/components/ui/button.tsx';
import { paths } from '@/config/paths.ts';
import { cn } from '@/lib/cn.ts';
import { LanguageSwitcher } from '../chrome/language-switcher.tsx';
import { Logo } from '../chrome/logo.tsx';
import { CompactFooter } from '../chrome/site-footer.tsx';
import { MAIN_CONTENT_ID, SkipLink } from '../chrome/skip-link.tsx';

// In the order a new user goes through them (issue 15): about you, your company, your plan.
const steps = [
  { label: 'common:onboarding.steps.user', path: paths.onboarding.user.path },
  { label: 'common:onboarding.steps.company', path: paths.onboarding.company.path },
  { label: 'common:onboarding.steps.subscription', path: paths.billing.subscription.path },
] as const;

function OnboardingSteps({ current }: { current: number }) {
  const { t } = useTranslation('common');
  return (
    <nav aria-label={t('common:onboarding.progressLabel')}>
      <p className="mb-3 text-center text-sm text-neutral-500">
        {t('common:onboarding.stepOf', { current: current + 1, total: steps.length })}
      </p>
      <ol className="flex items-center">
        {steps.map((step, index) => {
          const done = index < current;
          const active = index === current;
          return (
            <li key={step.path} className={cn('flex items-center', index < steps.length - 1 && 'flex-1')}>
              {/* Every step can be reopened: to resume it, or to change what was entered. */}
              <Link
                to={step.path}
                aria-current={active ? 'step' : undefined}
                className="flex flex-col items-center gap-2 rounded-lg sm:flex-row"
              >
                <span
                  className={cn(
                    'flex size-8 shrink-0 items-center justify-center rounded-full text-sm font-semibold',
                    done && 'bg-primary-600 text-white',
                    active && 'bg-white text-primary-700 ring-2 ring-primary-600',
                    !done && !active && 'bg-white text-neutral-500 ring-1 ring-neutral-300',
                  )}
                >
                  {done ? <Check aria-hidden="true" className="size-4" strokeWidth={3} /> : index + 1}
                </span>
                <span
                  className={cn(
                    'text-xs font-medium whitespace-nowrap sm:text-sm',
                    active ? 'text-neutral-900' : 'text-neutral-500',
                  )}
                >
                  {t(step.label)}
                  {done && <span className="sr-only"> ({t('common:onboarding.completed')})</span>}
                </span>
              </Link>
              {index < steps.length - 1 && (
                <span
                  aria-hidden="true"
                  className={cn('mx-2 h-0.5 flex-1 rounded-full sm:mx-4', done ? 'bg-primary-600' : 'bg-neutral-200')}
                />
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}

/** "onboarding" (SPEC §2): user → company → subscription, in a centred card with progress steps. */
export function Component() {
  const { t } = useTranslation('common');
  const { pathname } = useLocation();
  const current = Math.max(
    0,
    // The test checkout (/subscription/test-checkout/…) is part of the subscription step.
    steps.findIndex((step) => pathname === step.path || pathname.startsWith(`${step.path}/`)),
  );

  return (
    <div data-layout="onboarding" className="flex min-h-dvh flex-col bg-neutral-50">
      <SkipLink />
      <header className="border-b border-neutral-200 bg-white">
        <div className="mx-auto flex h-16 max-w-5xl items-center justify-between gap-3 px-4 sm:px-6">
          <Logo to={paths.app.dashboard.getHref()} compactOnPhones />
          <div className="flex items-center gap-1 sm:gap-2">
            <Link to={paths.app.dashboard.getHref()} className={buttonClasses({ variant: 'ghost', color: 'neutral' })}>
              <ArrowLeft aria-hidden="true" className="size-4" />
              <span className="hidden sm:inline">{t('common:nav.admin.backToApp')}</span>
              <span className="sr-only sm:hidden">{t('common:nav.admin.backToApp')}</span>
            </Link>
            <LanguageSwitcher />
            <Link to={paths.auth.logout.getHref()} className={buttonClasses({ variant: 'ghost', color: 'neutral' })}>
              <LogOut aria-hidden="true" className="size-4" />
              {t('common:userMenu.signOut')}
            </Link>
          </div>
        </div>
      </header>
      <main id={MAIN_CONTENT_ID} tabIndex={-1} className="flex-1 px-4 py-8 focus:outline-none sm:px-6 sm:py-12">
        <div className="mx-auto w-full max-w-3xl">
          <OnboardingSteps current={current} />
          <div className="mt-8 rounded-2xl border border-neutral-200 bg-white p-5 shadow-sm sm:p-10">
            <Outlet />
          </div>
        </div>
      </main>
      <CompactFooter />
    </div>
  );
}
