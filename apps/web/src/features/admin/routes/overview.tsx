import { Gauge } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';
import type { RouteHandle } from '@/lib/route-handle.ts';

export const handle = { title: 'common:pages.adminOverview.title' } satisfies RouteHandle;

/** The admin overview (admin layout, /admin). */
export function Component() {
  const { t } = useTranslation('common');
  return (
    <>
      <PageHeader
        title={t('common:pages.adminOverview.title')}
        description={t('common:pages.adminOverview.description')}
      />
      <EmptyState
        icon={Gauge}
        title={t('common:pages.adminOverview.emptyTitle')}
        description={t('common:pages.adminOverview.emptyDescription')}
      />
    </>
  );
}
