import { Database } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';
import type { RouteHandle } from '@/lib/route-handle.ts';

export const handle = { title: 'common:pages.knowledgeBase.title' } satisfies RouteHandle;

/** The knowledge base by regulatory function (admin layout, /admin/knowledge-base). */
export function Component() {
  const { t } = useTranslation('common');
  return (
    <>
      <PageHeader
        title={t('common:pages.knowledgeBase.title')}
        description={t('common:pages.knowledgeBase.description')}
      />
      <EmptyState
        icon={Database}
        title={t('common:pages.knowledgeBase.emptyTitle')}
        description={t('common:pages.knowledgeBase.emptyDescription')}
      />
    </>
  );
}
