import { Upload } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';
import type { RouteHandle } from '@/lib/route-handle.ts';

export const handle = { title: 'common:pages.testUpload.title' } satisfies RouteHandle;

/** Upload test (admin layout, /test-upload). */
export function Component() {
  const { t } = useTranslation('common');
  return (
    <>
      <PageHeader title={t('common:pages.testUpload.title')} description={t('common:pages.testUpload.description')} />
      <EmptyState
        icon={Upload}
        title={t('common:pages.testUpload.emptyTitle')}
        description={t('common:pages.testUpload.emptyDescription')}
      />
    </>
  );
}
