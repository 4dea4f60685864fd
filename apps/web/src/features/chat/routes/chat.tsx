import { MessagesSquare } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';
import type { RouteHandle } from '@/lib/route-handle.ts';

export const handle = { title: 'common:pages.chat.title' } satisfies RouteHandle;

/** The chat with an assistant picker (assistant layout, /chat). */
export function Component() {
  const { t } = useTranslation('common');
  return (
    <>
      <PageHeader title={t('common:pages.chat.title')} description={t('common:pages.chat.description')} />
      <EmptyState
        icon={MessagesSquare}
        title={t('common:pages.chat.emptyTitle')}
        description={t('common:pages.chat.emptyDescription')}
      />
    </>
  );
}
