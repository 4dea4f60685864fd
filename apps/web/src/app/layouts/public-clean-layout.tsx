import type { ReactNode } from 'react';
import { Outlet } from 'react-router';
import { LanguageSwitcher } from '../chrome/language-switcher.tsx';
import { MAIN_CONTENT_ID, SkipLink } from '../chrome/skip-link.tsx';

/**
 * "public-clean" (SPEC §2): a bare, centred page without header or footer — only the language
 * switcher in the corner. The error pages use it; it works outside the router too.
 */
export function PublicCleanLayout({ children }: { children: ReactNode }) {
  return (
    <div
      data-layout="public-clean"
      className="relative flex min-h-dvh flex-col bg-gradient-to-b from-white to-neutral-100"
    >
      <SkipLink />
      <div className="flex justify-end px-4 pt-4 sm:px-6">
        <LanguageSwitcher appearance="boxed" />
      </div>
      <main
        id={MAIN_CONTENT_ID}
        tabIndex={-1}
        className="flex flex-1 items-center justify-center px-4 pt-6 pb-16 focus:outline-none sm:px-6"
      >
        {children}
      </main>
    </div>
  );
}

/** The layout route: pages nested under it render in the bare centred frame. */
export function Component() {
  return (
    <PublicCleanLayout>
      <Outlet />
    </PublicCleanLayout>
  );
}
