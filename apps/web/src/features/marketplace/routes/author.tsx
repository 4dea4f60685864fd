import { ArrowLeft, UserRound } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { paths } from '@/config/paths.ts';
import type { RouteHandle } from '@/lib/route-handle.ts';

export const handle = { title: 'common:pages.promptAuthor.title' } satisfies RouteHandle;

/** A prompt author's page (authenticated layout, /prompt-marketplace/author/:id): not found until authors publish. */
export function Component() {
  const { t } = useTranslation('common');
  return (
    <>
      <PageHeader
        eyebrow={
          <Link
            to={paths.app.promptMarketplace.getHref()}
            className="inline-flex items-center gap-1.5 rounded-sm font-medium text-primary-700 hover:text-primary-800 hover:underline"
          >
            <ArrowLeft aria-hidden="true" className="size-4" />
            {t('common:pages.promptAuthor.backToMarketplace')}
          </Link>
        }
        title={t('common:pages.promptAuthor.notFoundTitle')}
        description={t('common:pages.promptAuthor.description')}
      />
      {/* No author has published yet (the marketplace is not open): every id names no one. */}
      <EmptyState
        icon={UserRound}
        title={t('common:pages.promptAuthor.notFound')}
        description={t('common:pages.promptAuthor.notFoundDescription')}
      />
    </>
  );
}
