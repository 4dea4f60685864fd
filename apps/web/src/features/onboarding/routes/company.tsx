import { Building2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';
import type { RouteHandle } from '@/lib/route-handle.ts';

export const handle = { title: 'common:pages.onboardingCompany.title' } satisfies RouteHandle;

/** Onboarding: the company (onboarding layout, /onboarding/company). */
export function Component() {
  const { t } = useTranslation('common');
  return (
    <>
      <PageHeader
        title={t('common:pages.onboardingCompany.title')}
        description={t('common:pages.onboardingCompany.description')}
      />
      <EmptyState
        icon={Building2}
        title={t('common:pages.onboardingCompany.emptyTitle')}
        description={t('common:pages.onboardingCompany.emptyDescription')}
      />
    </>
  );
}
