import { UserRoundPen } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';
import type { RouteHandle } from '@/lib/route-handle.ts';

export const handle = { title: 'common:pages.onboardingUser.title' } satisfies RouteHandle;

/** Onboarding: the user (onboarding layout, /onboarding/user). */
export function Component() {
  const { t } = useTranslation('common');
  return (
    <>
      <PageHeader
        title={t('common:pages.onboardingUser.title')}
        description={t('common:pages.onboardingUser.description')}
      />
      <EmptyState
        icon={UserRoundPen}
        title={t('common:pages.onboardingUser.emptyTitle')}
        description={t('common:pages.onboardingUser.emptyDescription')}
      />
    </>
  );
}
