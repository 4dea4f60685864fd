import { Outlet } from 'react-router';
import { LanguageSwitcher } from '../chrome/language-switcher.tsx';
import { Logo } from '../chrome/logo.tsx';
import { CompactFooter } from '../chrome/site-footer.tsx';
import { MAIN_CONTENT_ID, SkipLink } from '../chrome/skip-link.tsx';

/** "public" (SPEC §2): sign-in, sign-up, password reset, legal pages and the trial chat. */
export function Component() {
  return (
    <div data-layout="public" className="flex min-h-dvh flex-col bg-gradient-to-b from-white to-neutral-100">
      <SkipLink />
      <header>
        <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-3 px-4 sm:px-6 lg:px-8">
          <Logo />
          <LanguageSwitcher />
        </div>
      </header>
      <main
        id={MAIN_CONTENT_ID}
        tabIndex={-1}
        className="flex flex-1 flex-col items-center px-4 py-8 focus:outline-none sm:px-6 sm:py-14"
      >
        <div className="w-full max-w-3xl">
          <Outlet />
        </div>
      </main>
      <CompactFooter />
    </div>
  );
}
