import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { Suspense, useEffect, type ReactNode } from 'react';
import { Toaster } from '@/components/toaster/toaster.tsx';
import { env } from '@/config/env.ts';
import { startBuildVersionCheck } from '@/lib/build-version.ts';
import { queryClient as defaultQueryClient } from '@/lib/query-client.ts';
import { FullPageSpinner } from './chrome/full-page-spinner.tsx';
import { AppErrorBoundary } from './errors/app-error-boundary.tsx';
import { InternalErrorPage } from './errors/error-page.tsx';
import { useFatalError } from './errors/fatal-error.ts';

export interface AppProviderProps {
  children: ReactNode;
  queryClient?: QueryClient;
  /** Check /version.json every hour (SPEC §7). Off in development, where every start is a new build. */
  checkBuildVersion?: boolean;
}

/**
 * Everything around the router: the query client, a loading fallback, the root error boundary,
 * the switch to the error page on a fatal error, and the one notification area of every page.
 */
export function AppProvider({
  children,
  queryClient = defaultQueryClient,
  checkBuildVersion = !env.DEV,
}: AppProviderProps) {
  const fatal = useFatalError();

  useEffect(() => (checkBuildVersion ? startBuildVersionCheck() : undefined), [checkBuildVersion]);

  return (
    <Suspense fallback={<FullPageSpinner />}>
      <AppErrorBoundary>
        <QueryClientProvider client={queryClient}>
          {fatal ? <InternalErrorPage error={fatal.error} /> : children}
        </QueryClientProvider>
      </AppErrorBoundary>
      {/* Separate boundary: a broken notification must not take the page down, nor the reverse. */}
      <AppErrorBoundary fallback={null}>
        <Toaster />
      </AppErrorBoundary>
    </Suspense>
  );
}
