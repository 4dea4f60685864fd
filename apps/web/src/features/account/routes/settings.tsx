import { Settings } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';
import type { RouteHandle } from '@/lib/route-handle.ts';

export const handle = { title: 'common:pages.settings.title' } satisfies RouteHandle;

/** Settings for language, theme, session and general options (user layout, /settings). */
export function Component() {
  const { t } = useTranslation('common');
  return (
    <>
      <PageHeader title={t('common:pages.settings.title')} description={t('common:pages.settings.description')} />
      <EmptyState
        icon={Settings}
        title={t('common:pages.settings.emptyTitle')}
        description={t('common:pages.settings.emptyDescription')}
      />
    </>
  );
}
