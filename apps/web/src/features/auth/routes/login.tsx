import { LogIn } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { paths } from '@/config/paths.ts';
import type { RouteHandle } from '@/lib/route-handle.ts';

export const handle = { title: 'common:pages.login.title' } satisfies RouteHandle;

/** Sign-in (public layout, /login). */
export function Component() {
  const { t } = useTranslation('common');
  return (
    <div className="mx-auto w-full max-w-md">
      <div className="rounded-2xl border border-neutral-200 bg-white p-6 shadow-sm sm:p-8">
        <PageHeader
          className="pb-6"
          title={t('common:pages.login.title')}
          description={t('common:pages.login.description')}
        />
        <EmptyState
          icon={LogIn}
          title={t('common:pages.login.emptyTitle')}
          description={t('common:pages.login.emptyDescription')}
        />
      </div>
      <div className="mt-6 flex flex-col items-center gap-2 text-sm text-neutral-600">
        <p>
          {t('common:pages.login.noAccount')}{' '}
          <Link
            to={paths.auth.signup.getHref()}
            className="rounded-sm font-medium text-primary-700 hover:text-primary-800 hover:underline"
          >
            {t('common:header.createAccount')}
          </Link>
        </p>
        <Link
          to={paths.auth.forgottenPassword.getHref()}
          className="rounded-sm font-medium text-primary-700 hover:text-primary-800 hover:underline"
        >
          {t('common:pages.login.forgotPassword')}
        </Link>
      </div>
    </div>
  );
}
