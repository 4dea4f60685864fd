import { Store } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';
import type { RouteHandle } from '@/lib/route-handle.ts';

export const handle = { title: 'common:pages.promptMarketplace.title' } satisfies RouteHandle;

/** The prompt marketplace (authenticated layout, /prompt-marketplace). */
export function Component() {
  const { t } = useTranslation('common');
  return (
    <>
      <PageHeader
        title={t('common:pages.promptMarketplace.title')}
        description={t('common:pages.promptMarketplace.description')}
      />
      <EmptyState
        icon={Store}
        title={t('common:pages.promptMarketplace.emptyTitle')}
        description={t('common:pages.promptMarketplace.emptyDescription')}
      />
    </>
  );
}
