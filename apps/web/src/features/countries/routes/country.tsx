import { ArrowLeft, Flag } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { paths } from '@/config/paths.ts';
import type { RouteHandle } from '@/lib/route-handle.ts';

export const handle = { title: 'common:pages.country.title' } satisfies RouteHandle;

/** A country's FATF listing, with a way back to the list (default layout, /fatf/countries/:id). */
export function Component() {
  const { t } = useTranslation('common');
  return (
    <>
      <PageHeader
        eyebrow={
          <Link
            to={paths.countries.list.getHref()}
            className="inline-flex items-center gap-1.5 rounded-sm font-medium text-primary-700 hover:text-primary-800 hover:underline"
          >
            <ArrowLeft aria-hidden="true" className="size-4" />
            {t('common:pages.country.backToCountries')}
          </Link>
        }
        title={t('common:pages.country.title')}
        description={t('common:pages.country.description')}
      />
      <EmptyState
        icon={Flag}
        title={t('common:pages.country.emptyTitle')}
        description={t('common:pages.country.emptyDescription')}
      />
    </>
  );
}
