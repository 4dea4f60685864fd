import { BadgeCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';
import type { RouteHandle } from '@/lib/route-handle.ts';

export const handle = { title: 'common:pages.subscriptionSuccess.title' } satisfies RouteHandle;

/** Back from the checkout (user layout, /subscription/success). */
export function Component() {
  const { t } = useTranslation('common');
  return (
    <>
      <PageHeader
        title={t('common:pages.subscriptionSuccess.title')}
        description={t('common:pages.subscriptionSuccess.description')}
      />
      <EmptyState
        icon={BadgeCheck}
        title={t('common:pages.subscriptionSuccess.emptyTitle')}
        description={t('common:pages.subscriptionSuccess.emptyDescription')}
      />
    </>
  );
}
