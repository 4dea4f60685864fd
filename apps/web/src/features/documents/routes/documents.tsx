import { ChevronRight, FolderOpen } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { paths } from '@/config/paths.ts';
import type { RouteHandle } from '@/lib/route-handle.ts';

export const handle = { title: 'common:pages.documents.title' } satisfies RouteHandle;

/** The document library: the root (/documents) and a folder (/documents/:folderId), user layout. */
export function Component() {
  const { t } = useTranslation('common');
  const { folderId } = useParams();
  return (
    <>
      <PageHeader
        eyebrow={
          folderId ? (
            <nav aria-label={t('common:pages.documents.breadcrumb')}>
              <ol className="flex items-center gap-1.5">
                <li>
                  <Link
                    to={paths.app.documents.getHref()}
                    className="rounded-sm font-medium text-primary-700 hover:text-primary-800 hover:underline"
                  >
                    {t('common:pages.documents.title')}
                  </Link>
                </li>
                <li aria-hidden="true">
                  <ChevronRight className="size-4 text-neutral-400" />
                </li>
                <li aria-current="page" className="text-neutral-500">
                  {t('common:pages.documents.folderLabel')}
                </li>
              </ol>
            </nav>
          ) : undefined
        }
        title={t('common:pages.documents.title')}
        description={t('common:pages.documents.description')}
      />
      <EmptyState
        icon={FolderOpen}
        title={t('common:pages.documents.emptyTitle')}
        description={t('common:pages.documents.emptyDescription')}
      />
    </>
  );
}
