import { MutationCache, QueryCache, QueryClient, type QueryClientConfig } from '@tanstack/react-query';
import { CircleAlert } from 'lucide-react';
import { toast } from '@/components/toaster/toast-store.ts';
import { errorMessageKey, isApiError, type ApiError } from './api-error.ts';
import { i18n, whenNamespaceLoaded } from './i18n.ts';

/** Options every query and mutation may carry in `meta`. */
export interface RequestMeta extends Record<string, unknown> {
  /** `false`: the screen shows the failure itself, no toast. */
  errorToast?: boolean;
  /** i18n key of a more specific toast title than the error code's text, e.g. 'errors:catalogue.deleteFile'. */
  errorTitle?: string;
}

declare module '@tanstack/react-query' {
  interface Register {
    defaultError: ApiError | Error;
    queryMeta: RequestMeta;
    mutationMeta: RequestMeta;
  }
}

function notifyError(error: unknown, meta: RequestMeta | undefined): void {
  if (meta?.errorToast === false) return;
  // A 401 already sends the user to /login; a toast on top would only add noise.
  if (isApiError(error) && error.code === 'UNAUTHENTICATED') return;
  whenNamespaceLoaded('errors', () => {
    const message = i18n.t(errorMessageKey(error));
    toast.add({
      title: meta?.errorTitle ? i18n.t(meta.errorTitle) : message,
      ...(meta?.errorTitle ? { description: message } : {}),
      icon: CircleAlert,
      color: 'danger',
    });
  });
}

function shouldRetry(failureCount: number, error: unknown): boolean {
  // Client errors will not fix themselves; network and server errors get two more tries.
  if (isApiError(error) && error.status >= 400 && error.status < 500) return false;
  return failureCount < 2;
}

export function createQueryClient(config: QueryClientConfig = {}): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        // A first load that fails shows its error in place; a failed background refresh of data that
        // is already on screen would go unnoticed, so it raises a toast.
        if (query.state.data !== undefined) notifyError(error, query.meta);
      },
    }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => notifyError(error, mutation.meta),
    }),
    defaultOptions: {
      queries: {
        retry: shouldRetry,
        staleTime: 30_000,
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
    ...config,
  });
}

export const queryClient = createQueryClient();
