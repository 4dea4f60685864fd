import { CircleSlash } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/button.tsx';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { paths } from '@/config/paths.ts';
import type { RouteHandle } from '@/lib/route-handle.ts';

export const handle = { title: 'common:pages.subscriptionCancel.title' } satisfies RouteHandle;

/** Back from a cancelled checkout (default layout, /subscription/cancel): nothing was charged. */
export function Component() {
  const { t } = useTranslation(['common', 'billing']);
  return (
    <div className="mx-auto max-w-2xl">
      <PageHeader
        title={t('common:pages.subscriptionCancel.title')}
        description={t('common:pages.subscriptionCancel.description')}
      />
      <EmptyState
        icon={CircleSlash}
        title={t('billing:cancel.title')}
        description={t('billing:cancel.description')}
        action={
          <div className="flex flex-wrap justify-center gap-3">
            <Link to={paths.billing.subscription.getHref()} className={buttonClasses({ size: 'md' })}>
              {t('billing:cancel.back')}
            </Link>
            <Link to={paths.app.dashboard.getHref()} className={buttonClasses({ size: 'md', variant: 'outline' })}>
              {t('billing:cancel.dashboard')}
            </Link>
          </div>
        }
      />
    </div>
  );
}
