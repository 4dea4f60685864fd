import { UserRound } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';
import type { RouteHandle } from '@/lib/route-handle.ts';

export const handle = { title: 'common:pages.profile.title' } satisfies RouteHandle;

/** The user's profile (user layout, /profile). */
export function Component() {
  const { t } = useTranslation('common');
  return (
    <>
      <PageHeader title={t('common:pages.profile.title')} description={t('common:pages.profile.description')} />
      <EmptyState
        icon={UserRound}
        title={t('common:pages.profile.emptyTitle')}
        description={t('common:pages.profile.emptyDescription')}
      />
    </>
  );
}
