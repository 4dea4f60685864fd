import { ArrowLeft, FolderOpen } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { paths } from '@/config/paths.ts';
import type { RouteHandle } from '@/lib/route-handle.ts';

export const handle = { title: 'common:pages.knowledgeFolder.title' } satisfies RouteHandle;

/** A knowledge-base folder (admin layout, /admin/knowledge-base/folder/:folderId). */
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
        title={t('common:pages.knowledgeFolder.title')}
        description={t('common:pages.knowledgeFolder.description')}
      />
      <EmptyState
        icon={FolderOpen}
        title={t('common:pages.knowledgeFolder.emptyTitle')}
        description={t('common:pages.knowledgeFolder.emptyDescription')}
      />
    </>
  );
}
