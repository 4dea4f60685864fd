import { ArrowLeft, FileText } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { paths } from '@/config/paths.ts';
import type { RouteHandle } from '@/lib/route-handle.ts';

export const handle = { title: 'common:pages.knowledgeFile.title' } satisfies RouteHandle;

/** A knowledge-base file (admin layout, /admin/knowledge-base/file/:fileId). */
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
        title={t('common:pages.knowledgeFile.title')}
        description={t('common:pages.knowledgeFile.description')}
      />
      <EmptyState
        icon={FileText}
        title={t('common:pages.knowledgeFile.emptyTitle')}
        description={t('common:pages.knowledgeFile.emptyDescription')}
      />
    </>
  );
}
