import { Users } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';
import type { RouteHandle } from '@/lib/route-handle.ts';

export const handle = { title: 'common:pages.adminUsers.title' } satisfies RouteHandle;

/** User administration (admin layout, /admin/users). */
export function Component() {
  const { t } = useTranslation('common');
  return (
    <>
      <PageHeader title={t('common:pages.adminUsers.title')} description={t('common:pages.adminUsers.description')} />
      <EmptyState
        icon={Users}
        title={t('common:pages.adminUsers.emptyTitle')}
        description={t('common:pages.adminUsers.emptyDescription')}
      />
    </>
  );
}
