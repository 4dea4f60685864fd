import { StrictMode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { App } from './app/index.tsx';
import { InternalErrorPage } from './app/errors/error-page.tsx';
import { installGlobalErrorHandlers, reportFatalError } from './app/errors/fatal-error.ts';
import { createAppRouter } from './app/router.tsx';
import { AppProvider } from './app/provider.tsx';
import { initI18n } from './lib/i18n.ts';
import './index.css';

/**
 * Start-up (SPEC §8): errors that escape React switch the app to the error page; start-up and mount
 * errors are logged to the console. The router is created first so the first page's chunks load
 * while the translations do.
 */
installGlobalErrorHandlers();

function renderFatal(root: Root, error: unknown): void {
  root.render(
    <AppProvider>
      <InternalErrorPage error={error} />
    </AppProvider>,
  );
}

function mount(router: ReturnType<typeof createAppRouter>): void {
  const container = document.getElementById('root');
  if (!container) throw new Error('The #root element is missing from index.html');
  const root = createRoot(container, {
    onUncaughtError(error, info) {
      // Nothing caught it: React has unmounted the tree. Show the error page in its place.
      console.error('[app] uncaught render error', error, info.componentStack);
      reportFatalError(error);
      queueMicrotask(() => renderFatal(root, error));
    },
  });
  root.render(
    <StrictMode>
      <App router={router} />
    </StrictMode>,
  );
}

async function start(): Promise<void> {
  const router = createAppRouter();
  try {
    await initI18n();
  } catch (error) {
    // The interface can still render: missing strings fall back to English or their keys.
    console.error('[app] failed to load translations', error);
  }
  mount(router);
}

start().catch((error: unknown) => {
  console.error('[app] failed to start', error);
});
