import { House, RotateCw } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, buttonClasses } from '@/components/ui/button.tsx';
import { env } from '@/config/env.ts';
import { useDocumentTitle } from '../chrome/page-title.ts';
import { LogoAnchor } from '../chrome/logo.tsx';
import { PublicCleanLayout } from '../layouts/public-clean-layout.tsx';

interface ErrorPageProps {
  status: number;
  title: string;
  message: ReactNode;
  description: string;
  /** Shown to developers only (dev builds). */
  error?: unknown;
}

/**
 * The error screen (SPEC §2, §8): status code, a status message and a description, with a way home
 * and a reload. It uses no router hooks, so it also renders when the router itself is gone.
 */
function ErrorPage({ status, title, message, description, error }: ErrorPageProps) {
  const { t } = useTranslation('errors');
  useDocumentTitle(title);
  const details = env.DEV && error instanceof Error ? (error.stack ?? error.message) : null;

  return (
    <PublicCleanLayout>
      <section
        data-testid="error-page"
        aria-labelledby="error-page-title"
        className="w-full max-w-xl rounded-2xl border border-neutral-200 bg-white px-6 py-10 text-center shadow-sm sm:px-10"
      >
        <LogoAnchor className="mx-auto" />
        <p className="mt-8 text-sm font-semibold tracking-wide text-primary-700 uppercase">
          {t('errors:pages.statusLabel')}{' '}
          <span data-testid="error-status" className="tabular-nums">
            {status}
          </span>
        </p>
        <h1 id="error-page-title" className="mt-2 text-3xl font-semibold tracking-tight text-neutral-900 sm:text-4xl">
          {title}
        </h1>
        <p className="mt-4 text-base font-medium break-words text-neutral-800">{message}</p>
        <p className="mx-auto mt-2 max-w-md text-sm leading-6 text-neutral-600">{description}</p>
        <div className="mt-8 flex flex-col-reverse justify-center gap-3 sm:flex-row">
          <Button variant="outline" color="neutral" size="md" icon={RotateCw} onClick={() => window.location.reload()}>
            {t('errors:pages.actions.reload')}
          </Button>
          <a href="/" className={buttonClasses({ size: 'md' })}>
            <House aria-hidden="true" className="size-4" />
            {t('errors:pages.actions.home')}
          </a>
        </div>
        {details && (
          <details className="mt-8 text-left">
            <summary className="cursor-pointer text-sm font-medium text-neutral-600">
              {t('errors:pages.technicalDetails')}
            </summary>
            <pre className="mt-2 max-h-64 overflow-auto rounded-lg bg-neutral-900 p-3 text-xs text-neutral-100">
              {details}
            </pre>
          </details>
        )}
      </section>
    </PublicCleanLayout>
  );
}

/** 404: titled 'Page Not Found', message 'Page Not Found: {path}'. */
export function NotFoundPage({ path }: { path: string }) {
  const { t } = useTranslation('errors');
  return (
    <ErrorPage
      status={404}
      title={t('errors:pages.notFound.title')}
      message={t('errors:pages.notFound.message', { path })}
      description={t('errors:pages.notFound.description')}
    />
  );
}

/** Every other failure: 'Internal Server Error' with the status code (default 500). */
export function InternalErrorPage({ status = 500, error }: { status?: number; error?: unknown }) {
  const { t } = useTranslation('errors');
  return (
    <ErrorPage
      status={status}
      title={t('errors:pages.serverError.title')}
      message={t('errors:pages.serverError.message')}
      description={t('errors:pages.serverError.description')}
      error={error}
    />
  );
}
