import { CircleSlash } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/button.tsx';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { paths } from '@/config/paths.ts';
import type { RouteHandle } from '@/lib/route-handle.ts';

export const handle = { title: 'common:pages.subscriptionCancel.title' } satisfies RouteHandle;

/** Back from a cancelled checkout (default layout, /subscription/cancel). */
export function Component() {
  const { t } = useTranslation('common');
  return (
    <div className="mx-auto max-w-2xl">
      <PageHeader
        title={t('common:pages.subscriptionCancel.title')}
        description={t('common:pages.subscriptionCancel.description')}
      />
      <EmptyState
        icon={CircleSlash}
        title={t('common:pages.subscriptionCancel.emptyTitle')}
        description={t('common:pages.subscriptionCancel.emptyDescription')}
        action={
          <Link to={paths.billing.subscription.getHref()} className={buttonClasses({ size: 'md' })}>
            {t('common:pages.subscriptionCancel.backToPlans')}
          </Link>
        }
      />
    </div>
  );
}
