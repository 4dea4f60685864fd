import { KeyRound } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { paths } from '@/config/paths.ts';
import type { RouteHandle } from '@/lib/route-handle.ts';

export const handle = { title: 'common:pages.forgottenPasswordConfirm.title' } satisfies RouteHandle;

/** Enter the code and a new password (public layout, /forgotten-password/confirm). */
export function Component() {
  const { t } = useTranslation('common');
  return (
    <div className="mx-auto w-full max-w-md">
      <div className="rounded-2xl border border-neutral-200 bg-white p-6 shadow-sm sm:p-8">
        <PageHeader
          className="pb-6"
          title={t('common:pages.forgottenPasswordConfirm.title')}
          description={t('common:pages.forgottenPasswordConfirm.description')}
        />
        <EmptyState
          icon={KeyRound}
          title={t('common:pages.forgottenPasswordConfirm.emptyTitle')}
          description={t('common:pages.forgottenPasswordConfirm.emptyDescription')}
        />
      </div>
      <p className="mt-6 text-center text-sm">
        <Link
          to={paths.auth.login.getHref()}
          className="rounded-sm font-medium text-primary-700 hover:text-primary-800 hover:underline"
        >
          {t('common:pages.forgottenPassword.backToLogin')}
        </Link>
      </p>
    </div>
  );
}
