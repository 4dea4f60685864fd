import { CheckCheck, CircleAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { toast } from '@/components/toaster/toast-store.ts';
import { Button } from '@/components/ui/button.tsx';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { useFormatters } from '@/lib/format.ts';
import type { RouteHandle } from '@/lib/route-handle.ts';
import { useAdminCountries } from '../api/get-admin-countries.ts';
import { useReviewCountries } from '../api/review-countries.ts';
import { ImportPanel } from '../components/import-panel.tsx';
import { StatusChangeForm } from '../components/status-change-form.tsx';

export const handle = { title: 'countries:admin.title' } satisfies RouteHandle;

/** Admin: keep the FATF lists current (admin layout, /admin/fatf). */
export function Component() {
  const { t } = useTranslation(['countries', 'errors']);
  const { formatDate } = useFormatters();
  const { data, isPending, isError, refetch } = useAdminCountries();
  const review = useReviewCountries();

  return (
    <>
      <PageHeader
        title={t('countries:admin.title')}
        description={t('countries:admin.description')}
        actions={
          <Button
            variant="outline"
            icon={CheckCheck}
            loading={review.isPending}
            onClick={() =>
              review.mutate(undefined, {
                onSuccess: () =>
                  toast.add({ title: t('countries:admin.reviewed'), color: 'success', icon: CheckCheck }),
              })
            }
          >
            {t('countries:admin.review')}
          </Button>
        }
      />
      {isPending ? (
        <Skeleton className="h-64" />
      ) : isError ? (
        <EmptyState
          role="alert"
          icon={CircleAlert}
          title={t('errors:countries.listFailed')}
          action={
            <Button variant="outline" onClick={() => void refetch()}>
              {t('countries:list.retry')}
            </Button>
          }
        />
      ) : (
        <div className="space-y-6">
          <p className="text-sm text-neutral-700" data-testid="admin-summary">
            {t('countries:admin.summary', {
              date: formatDate(`${data.meta.asOf}T00:00:00Z`, { dateStyle: 'long', timeZone: 'UTC' }),
              checked: formatDate(data.meta.lastCheckedAt, { dateStyle: 'long' }),
            })}
          </p>
          <ImportPanel />
          <StatusChangeForm countries={data.countries} />
        </div>
      )}
    </>
  );
}
