import type { ResolveReportInput } from '@compliance/shared/marketplace';
import { CircleAlert, Flag, Undo2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { toast } from '@/components/toaster/toast-store.ts';
import { Badge } from '@/components/ui/badge.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Card, CardBody, CardHeader } from '@/components/ui/card.tsx';
import { ConfirmDialog } from '@/components/ui/confirm-dialog.tsx';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { paths } from '@/config/paths.ts';
import { errorMessageKey } from '@/lib/api-client.ts';
import { formatMoney, useFormatters } from '@/lib/format.ts';
import type { RouteHandle } from '@/lib/route-handle.ts';
import { useModeration, useRefundPurchase, useResolveReport } from '../api/moderation.ts';

export const handle = { title: 'marketplace:admin.title' } satisfies RouteHandle;

/** Marketplace moderation (/admin/marketplace): reported listings and reviews, and refunds. */
export function Component() {
  const { t, i18n } = useTranslation(['marketplace', 'errors']);
  const { formatDate } = useFormatters();
  const moderation = useModeration();
  const resolve = useResolveReport();
  const refund = useRefundPurchase();
  const [refunding, setRefunding] = useState<{ id: string; title: string; buyer: string } | null>(null);

  const act = (id: string, action: ResolveReportInput['action']) =>
    resolve.mutate(
      { id, action },
      {
        onSuccess: () => toast.add({ title: t(`marketplace:admin.done.${action}`), color: 'success' }),
        onError: (error) => toast.add({ title: t(errorMessageKey(error)), color: 'danger' }),
      },
    );

  let content;
  if (moderation.isError) {
    content = (
      <EmptyState
        role="alert"
        icon={CircleAlert}
        title={t('errors:prompts.marketplaceFailed')}
        action={
          <Button variant="outline" onClick={() => void moderation.refetch()}>
            {t('marketplace:actions.retry')}
          </Button>
        }
      />
    );
  } else if (!moderation.data) {
    content = <Skeleton className="h-80" />;
  } else {
    const { reports, purchases } = moderation.data;
    content = (
      <div className="flex flex-col gap-6">
        <Card>
          <CardHeader title={t('marketplace:admin.reports', { count: reports.length })} />
          <CardBody>
            {reports.length === 0 ? (
              <p className="text-sm text-neutral-600">{t('marketplace:admin.noReports')}</p>
            ) : (
              <ul className="flex flex-col gap-3">
                {reports.map((report) => (
                  <li key={report.id} data-testid="report" className="rounded-lg border border-neutral-200 p-3">
                    <p className="flex flex-wrap items-center gap-2 text-sm">
                      <Flag aria-hidden="true" className="size-4 text-red-600" />
                      <Link
                        to={paths.app.promptListing.getHref(report.listing.id)}
                        className="font-medium text-primary-700 hover:underline"
                      >
                        {report.listing.title}
                      </Link>
                      <Badge color={report.duplicateOf ? 'warning' : 'neutral'}>
                        {t(
                          report.duplicateOf
                            ? 'marketplace:admin.aboutDuplicate'
                            : report.review
                              ? 'marketplace:admin.aboutReview'
                              : 'marketplace:admin.aboutListing',
                        )}
                      </Badge>
                      <span className="text-neutral-500">
                        {report.reporter
                          ? t('marketplace:admin.reportedBy', {
                              name: report.reporter.name,
                              date: formatDate(report.createdAt, { dateStyle: 'medium', timeStyle: 'short' }),
                            })
                          : t('marketplace:admin.flaggedOn', {
                              date: formatDate(report.createdAt, { dateStyle: 'medium', timeStyle: 'short' }),
                            })}
                      </span>
                    </p>
                    {report.review && (
                      <blockquote className="mt-2 border-l-4 border-neutral-200 pl-3 text-sm text-neutral-700">
                        {t('marketplace:reviews.stars', { count: report.review.rating })} — {report.review.text}
                      </blockquote>
                    )}
                    {report.duplicateOf ? (
                      <p className="mt-2 text-sm text-neutral-800" data-testid="duplicate-of">
                        <span className="font-medium">{t('marketplace:admin.reason')}</span>{' '}
                        {t('marketplace:admin.nearDuplicate', {
                          similarity: report.duplicateOf.similarity,
                          author: report.duplicateOf.authorName,
                        })}{' '}
                        <Link
                          to={paths.app.promptListing.getHref(report.duplicateOf.id)}
                          className="font-medium text-primary-700 hover:underline"
                        >
                          {report.duplicateOf.title}
                        </Link>
                      </p>
                    ) : (
                      <p className="mt-2 text-sm text-neutral-800">
                        <span className="font-medium">{t('marketplace:admin.reason')}</span> {report.reason}
                      </p>
                    )}
                    <div className="mt-3 flex flex-wrap gap-2">
                      <Button size="sm" variant="outline" color="neutral" onClick={() => act(report.id, 'dismiss')}>
                        {t('marketplace:admin.dismiss')}
                      </Button>
                      {report.review ? (
                        <Button size="sm" color="danger" onClick={() => act(report.id, 'removeReview')}>
                          {t('marketplace:admin.removeReview')}
                        </Button>
                      ) : (
                        <Button size="sm" color="danger" onClick={() => act(report.id, 'removeListing')}>
                          {t('marketplace:admin.removeListing')}
                        </Button>
                      )}
                    </div>
                  </li>
                ))}
              </ul>
            )}
          </CardBody>
        </Card>
        <Card>
          <CardHeader
            title={t('marketplace:admin.purchases')}
            description={t('marketplace:admin.purchasesDescription')}
          />
          <CardBody className="relative overflow-x-auto">
            {purchases.length === 0 ? (
              <p className="text-sm text-neutral-600">{t('marketplace:admin.noPurchases')}</p>
            ) : (
              <table className="w-full min-w-[44rem] text-left text-sm">
                <caption className="sr-only">{t('marketplace:admin.purchases')}</caption>
                <thead className="text-xs text-neutral-500 uppercase">
                  <tr>
                    <th scope="col" className="py-2 pr-3 font-medium">
                      {t('marketplace:admin.listing')}
                    </th>
                    <th scope="col" className="py-2 pr-3 font-medium">
                      {t('marketplace:admin.buyer')}
                    </th>
                    <th scope="col" className="py-2 pr-3 font-medium">
                      {t('marketplace:admin.amount')}
                    </th>
                    <th scope="col" className="py-2 pr-3 font-medium">
                      {t('marketplace:admin.date')}
                    </th>
                    <th scope="col" className="py-2 font-medium">
                      <span className="sr-only">{t('marketplace:admin.actions')}</span>
                    </th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-neutral-100">
                  {purchases.map((purchase) => (
                    <tr key={purchase.id} data-testid="purchase-row">
                      <td className="py-2 pr-3">{purchase.listing.title}</td>
                      <td className="py-2 pr-3">
                        {purchase.buyer.name} <span className="text-neutral-500">{purchase.buyer.email}</span>
                      </td>
                      <td className="py-2 pr-3">{formatMoney(purchase.amount, purchase.currency, i18n.language)}</td>
                      <td className="py-2 pr-3">
                        {formatDate(purchase.paidAt ?? purchase.createdAt, { dateStyle: 'medium' })}
                      </td>
                      <td className="py-2 text-right">
                        {purchase.status === 'refunded' ? (
                          <Badge>{t('marketplace:admin.refunded')}</Badge>
                        ) : (
                          <Button
                            size="sm"
                            variant="outline"
                            color="danger"
                            icon={Undo2}
                            onClick={() =>
                              setRefunding({
                                id: purchase.id,
                                title: purchase.listing.title,
                                buyer: purchase.buyer.name,
                              })
                            }
                          >
                            {t('marketplace:admin.refund')}
                          </Button>
                        )}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
          </CardBody>
        </Card>
      </div>
    );
  }

  return (
    <>
      <PageHeader title={t('marketplace:admin.title')} description={t('marketplace:admin.description')} />
      {content}
      <ConfirmDialog
        open={refunding !== null}
        onOpenChange={(open) => !open && setRefunding(null)}
        title={t('marketplace:admin.refundTitle', { title: refunding?.title ?? '' })}
        description={t('marketplace:admin.refundDescription', { buyer: refunding?.buyer ?? '' })}
        confirmLabel={t('marketplace:admin.refund')}
        pending={refund.isPending}
        onConfirm={() => {
          if (!refunding) return;
          refund.mutate(refunding.id, {
            onSuccess: () => {
              setRefunding(null);
              toast.add({ title: t('marketplace:admin.refundDone'), color: 'success' });
            },
          });
        }}
      />
    </>
  );
}
