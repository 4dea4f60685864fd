import { ArrowLeft, Layers } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { paths } from '@/config/paths.ts';
import type { RouteHandle } from '@/lib/route-handle.ts';

export const handle = { title: 'common:pages.resourceType.title' } satisfies RouteHandle;

/** A resource type within a regulatory function (admin layout, /admin/knowledge-base/:regulatoryFunctionId/:resourceTypeId). */
export function Component() {
  const { t } = useTranslation('common');
  return (
    <>
      <PageHeader
        eyebrow={
          <Link
            to={paths.admin.knowledgeBase.getHref()}
            className="inline-flex items-center gap-1.5 rounded-sm font-medium text-primary-700 hover:text-primary-800 hover:underline"
          >
            <ArrowLeft aria-hidden="true" className="size-4" />
            {t('common:pages.knowledgeBase.backToKnowledgeBase')}
          </Link>
        }
        title={t('common:pages.resourceType.title')}
        description={t('common:pages.resourceType.description')}
      />
      <EmptyState
        icon={Layers}
        title={t('common:pages.resourceType.emptyTitle')}
        description={t('common:pages.resourceType.emptyDescription')}
      />
    </>
  );
}
