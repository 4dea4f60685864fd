import { Globe2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';
import type { RouteHandle } from '@/lib/route-handle.ts';

export const handle = { title: 'common:pages.countries.title' } satisfies RouteHandle;

/** The FATF country list (default layout, /fatf/countries). */
export function Component() {
  const { t } = useTranslation('common');
  return (
    <>
      <PageHeader title={t('common:pages.countries.title')} description={t('common:pages.countries.description')} />
      <EmptyState
        icon={Globe2}
        title={t('common:pages.countries.emptyTitle')}
        description={t('common:pages.countries.emptyDescription')}
      />
    </>
  );
}
