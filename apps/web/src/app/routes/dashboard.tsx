import { GraduationCap, LayoutDashboard } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';
import type { RouteHandle } from '@/lib/route-handle.ts';

export const handle = { title: 'common:pages.dashboard.title' } satisfies RouteHandle;

/**
 * The dashboard (user layout, /dashboard). It lives in app/ because it will bring several features
 * together (conversations, documents, courses, usage), and features never import each other.
 */
export function Component() {
  const { t } = useTranslation('common');
  return (
    <>
      <PageHeader title={t('common:pages.dashboard.title')} description={t('common:pages.dashboard.description')} />
      <EmptyState
        icon={LayoutDashboard}
        title={t('common:pages.dashboard.emptyTitle')}
        description={t('common:pages.dashboard.emptyDescription')}
      />
      <section id="courses" aria-labelledby="dashboard-courses-title" className="mt-10 scroll-mt-24">
        <h2 id="dashboard-courses-title" className="mb-4 text-lg font-semibold text-neutral-900">
          {t('common:pages.dashboard.coursesTitle')}
        </h2>
        <EmptyState
          titleAs="h3"
          icon={GraduationCap}
          title={t('common:pages.dashboard.coursesEmptyTitle')}
          description={t('common:pages.dashboard.coursesEmptyDescription')}
        />
      </section>
    </>
  );
}
