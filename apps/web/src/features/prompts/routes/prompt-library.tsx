import { Library } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';
import type { RouteHandle } from '@/lib/route-handle.ts';

export const handle = { title: 'common:pages.promptLibrary.title' } satisfies RouteHandle;

/** The personal prompt library (authenticated layout, /prompt-library). */
export function Component() {
  const { t } = useTranslation('common');
  return (
    <>
      <PageHeader
        title={t('common:pages.promptLibrary.title')}
        description={t('common:pages.promptLibrary.description')}
      />
      <EmptyState
        icon={Library}
        title={t('common:pages.promptLibrary.emptyTitle')}
        description={t('common:pages.promptLibrary.emptyDescription')}
      />
    </>
  );
}
