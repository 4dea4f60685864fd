import { CreditCard } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';
import type { RouteHandle } from '@/lib/route-handle.ts';

export const handle = { title: 'common:pages.subscription.title' } satisfies RouteHandle;

/** Plan choice and checkout (onboarding layout, /subscription). */
export function Component() {
  const { t } = useTranslation('common');
  return (
    <>
      <PageHeader
        title={t('common:pages.subscription.title')}
        description={t('common:pages.subscription.description')}
      />
      <EmptyState
        icon={CreditCard}
        title={t('common:pages.subscription.emptyTitle')}
        description={t('common:pages.subscription.emptyDescription')}
      />
    </>
  );
}
