import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { errorMessageKey } from '@/lib/api-client.ts';
import type { RouteHandle } from '@/lib/route-handle.ts';
import { useAdminPlans } from '../api/get-admin-plans.ts';
import { PlanEditor } from '../components/plan-editor.tsx';

export const handle = { title: 'billing:admin.title' } satisfies RouteHandle;

/** Admin: every plan's name, prices and limits (admin layout, /admin/plans). */
export function Component() {
  const { t } = useTranslation(['billing', 'errors']);
  const plans = useAdminPlans();
  return (
    <>
      <PageHeader title={t('billing:admin.title')} description={t('billing:admin.description')} />
      {plans.isPending ? (
        <Skeleton className="h-96" />
      ) : plans.isError ? (
        <p role="alert" className="text-sm text-red-700">
          {t(errorMessageKey(plans.error))}
        </p>
      ) : (
        <div className="space-y-5">
          {plans.data.map((plan) => (
            <PlanEditor key={plan.id} plan={plan} />
          ))}
        </div>
      )}
    </>
  );
}
