import type { ListingDetail } from '@compliance/shared/marketplace';
import {
  ArrowLeft,
  Ban,
  CheckCircle2,
  CircleAlert,
  Flag,
  Info,
  Languages,
  Library,
  Pencil,
  ShoppingCart,
  Store,
  UserRound,
} from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { toast } from '@/components/toaster/toast-store.ts';
import { Badge } from '@/components/ui/badge.tsx';
import { Button, buttonClasses } from '@/components/ui/button.tsx';
import { Card, CardBody } from '@/components/ui/card.tsx';
import { ConfirmDialog } from '@/components/ui/confirm-dialog.tsx';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { paths } from '@/config/paths.ts';
import { errorMessageKey, isApiError } from '@/lib/api-client.ts';
import { useFormatters } from '@/lib/format.ts';
import type { RouteHandle } from '@/lib/route-handle.ts';
import { useListing } from '../api/listings.ts';
import { useRemoveListing } from '../api/moderation.ts';
import { usePurchaseListing, useVerifyPurchase } from '../api/purchases.ts';
import { Price } from '../components/price.tsx';
import { Rating } from '../components/rating.tsx';
import { ReportDialog, type ReportTarget } from '../components/report-dialog.tsx';
import { Reviews } from '../components/reviews.tsx';

export const handle = { title: 'marketplace:listing.pageTitle' } satisfies RouteHandle;

const purchasedHref = `${paths.app.promptLibrary.getHref()}?category=purchased`;

function BackLink() {
  const { t } = useTranslation('marketplace');
  return (
    <Link
      to={paths.app.promptMarketplace.getHref()}
      className="inline-flex items-center gap-1.5 rounded-sm font-medium text-primary-700 hover:text-primary-800 hover:underline"
    >
      <ArrowLeft aria-hidden="true" className="size-4" />
      {t('marketplace:listing.back')}
    </Link>
  );
}

/**
 * Back from the checkout with ?session_id=: the server asks the payment provider whether the
 * purchase is paid (never trusting the redirect), then the parameter is dropped.
 */
function useCheckoutReturn() {
  const { t } = useTranslation(['marketplace', 'errors']);
  const [params, setParams] = useSearchParams();
  const verify = useVerifyPurchase();
  const sessionId = params.get('session_id');
  const cancelled = params.get('checkout') === 'cancelled';
  const [notice, setNotice] = useState<{ tone: 'info' | 'success' | 'error'; text: string } | null>(() =>
    cancelled ? { tone: 'info', text: t('marketplace:purchase.cancelled') } : null,
  );
  const asked = useRef<string | null>(null);
  const { mutate } = verify;

  useEffect(() => {
    if (cancelled) {
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          next.delete('checkout');
          return next;
        },
        { replace: true },
      );
    }
  }, [cancelled, setParams]);

  useEffect(() => {
    if (!sessionId || asked.current === sessionId) return;
    asked.current = sessionId;
    mutate(sessionId, {
      onSuccess: (result) => {
        if (result.status === 'paid') {
          setNotice({ tone: 'success', text: t('marketplace:purchase.paid') });
        } else if (result.status === 'pending') {
          setNotice({ tone: 'info', text: t('marketplace:purchase.pending') });
        } else {
          setNotice({ tone: 'error', text: t('marketplace:purchase.failed') });
        }
      },
      onError: (error) => setNotice({ tone: 'error', text: t(errorMessageKey(error)) }),
      onSettled: () =>
        setParams(
          (current) => {
            const next = new URLSearchParams(current);
            next.delete('session_id');
            return next;
          },
          { replace: true },
        ),
    });
  }, [sessionId, mutate, setParams, t]);

  return { notice, verifying: verify.isPending };
}

function BuyBox({ listing }: { listing: ListingDetail }) {
  const { t } = useTranslation(['marketplace', 'errors']);
  const navigate = useNavigate();
  const purchase = usePurchaseListing();
  const [failure, setFailure] = useState<string | null>(null);

  async function buy() {
    setFailure(null);
    try {
      const result = await purchase.mutateAsync(listing.id);
      if (result.status === 'owned') toast.add({ title: t('marketplace:purchase.owned'), color: 'success' });
      else if (result.checkoutUrl) {
        // The TEST MODE checkout is a page of this app; Stripe's is another site.
        if (result.checkoutUrl.startsWith('/')) void navigate(result.checkoutUrl);
        else window.location.assign(result.checkoutUrl);
      }
    } catch (error) {
      setFailure(errorMessageKey(error));
    }
  }

  return (
    <Card>
      <CardBody className="flex flex-col gap-3">
        <p className="text-2xl font-semibold text-neutral-900">
          <Price price={listing.price} />
        </p>
        {listing.mine ? (
          <>
            <p className="text-sm text-neutral-600">{t('marketplace:listing.yours')}</p>
            <Link
              to={`${paths.app.promptMarketplace.getHref()}?tab=mine`}
              className={buttonClasses({ variant: 'outline', color: 'neutral' })}
            >
              <Pencil aria-hidden="true" className="size-4" />
              {t('marketplace:listing.manage')}
            </Link>
          </>
        ) : listing.owned ? (
          <>
            <p className="flex items-center gap-1.5 text-sm font-medium text-green-800">
              <CheckCircle2 aria-hidden="true" className="size-4" />
              {t('marketplace:listing.owned')}
            </p>
            <Link to={purchasedHref} className={buttonClasses()}>
              <Library aria-hidden="true" className="size-4" />
              {t('marketplace:listing.openInLibrary')}
            </Link>
          </>
        ) : listing.status !== 'published' ? (
          <p className="text-sm text-neutral-600">{t('marketplace:listing.notForSale')}</p>
        ) : (
          <Button icon={ShoppingCart} loading={purchase.isPending} onClick={() => void buy()}>
            {listing.price.amount === 0 ? t('marketplace:listing.getFree') : t('marketplace:listing.buy')}
          </Button>
        )}
        {failure && (
          <p role="alert" className="text-sm text-red-700">
            {t(failure)}
          </p>
        )}
        <p className="text-xs text-neutral-500">
          {t(listing.kind === 'category' ? 'marketplace:listing.licenceCategory' : 'marketplace:listing.licencePrompt')}
        </p>
      </CardBody>
    </Card>
  );
}

/** A listing's page (/prompt-marketplace/listings/:id): what it asks, an example, reviews — never the instructions. */
export function Component() {
  const { t } = useTranslation(['marketplace', 'prompts', 'errors']);
  const { formatDate, formatNumber } = useFormatters();
  const { id = '' } = useParams();
  const listing = useListing(id);
  const { notice, verifying } = useCheckoutReturn();
  const [report, setReport] = useState<ReportTarget | null>(null);
  const [removing, setRemoving] = useState(false);
  const remove = useRemoveListing();

  if (listing.isPending) return <Skeleton className="h-96" />;
  if (listing.isError) {
    const missing = isApiError(listing.error) && listing.error.status === 404;
    return (
      <>
        <PageHeader
          eyebrow={<BackLink />}
          title={t(missing ? 'marketplace:listing.notFound' : 'errors:prompts.marketplaceFailed')}
        />
        <EmptyState
          role="alert"
          icon={missing ? Store : CircleAlert}
          title={t(missing ? 'marketplace:listing.notFoundDescription' : 'errors:prompts.marketplaceFailed')}
          action={
            missing ? undefined : (
              <Button variant="outline" onClick={() => void listing.refetch()}>
                {t('marketplace:actions.retry')}
              </Button>
            )
          }
        />
      </>
    );
  }
  const data = listing.data;

  return (
    <>
      <PageHeader
        eyebrow={<BackLink />}
        title={data.title}
        description={data.teaser}
        actions={
          <>
            {!data.mine && (
              <Button variant="ghost" color="neutral" icon={Flag} onClick={() => setReport({ kind: 'listing' })}>
                {t('marketplace:report.listingButton')}
              </Button>
            )}
            {data.canModerate && data.status !== 'removed' && (
              <Button variant="outline" color="danger" icon={Ban} onClick={() => setRemoving(true)}>
                {t('marketplace:admin.removeListing')}
              </Button>
            )}
          </>
        }
      />
      {(notice || verifying) && (
        <p
          role="status"
          className={
            notice?.tone === 'error'
              ? 'mb-4 rounded-lg bg-red-50 p-3 text-sm text-red-800'
              : notice?.tone === 'success'
                ? 'mb-4 rounded-lg bg-green-50 p-3 text-sm text-green-900'
                : 'mb-4 flex items-center gap-2 rounded-lg bg-primary-50 p-3 text-sm text-primary-900'
          }
        >
          {verifying ? t('marketplace:purchase.verifying') : notice?.text}
        </p>
      )}
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_18rem]">
        <div className="flex min-w-0 flex-col gap-6">
          <div className="flex flex-wrap items-center gap-2 text-sm text-neutral-600">
            <Badge color="primary">{t(`marketplace:topics.${data.topic}`)}</Badge>
            <Badge icon={Languages}>{t(`marketplace:languages.${data.language}`)}</Badge>
            {data.status !== 'published' && <Badge color="warning">{t(`marketplace:status.${data.status}`)}</Badge>}
            <Link
              to={paths.app.promptAuthor.getHref(data.author.id)}
              className="inline-flex items-center gap-1 font-medium text-primary-700 hover:underline"
            >
              <UserRound aria-hidden="true" className="size-4" />
              {data.author.name}
            </Link>
            <Rating rating={data.rating} count={data.reviewCount} />
            <span>
              {t('marketplace:card.buyers', { count: data.buyerCount, formatted: formatNumber(data.buyerCount) })}
            </span>
            <span>
              {t('marketplace:listing.versionUpdated', {
                version: data.version,
                date: formatDate(data.updatedAt, { dateStyle: 'medium' }),
              })}
            </span>
          </div>

          {data.description && (
            <section aria-labelledby="listing-about">
              <h2 id="listing-about" className="text-lg font-semibold text-neutral-900">
                {t('marketplace:listing.about')}
              </h2>
              <p className="mt-2 text-sm whitespace-pre-line text-neutral-700">{data.description}</p>
            </section>
          )}

          <section aria-labelledby="listing-contents">
            <h2 id="listing-contents" className="text-lg font-semibold text-neutral-900">
              {t('marketplace:listing.contents', { count: data.items.length })}
            </h2>
            <p className="mt-1 flex items-start gap-1.5 text-sm text-neutral-600">
              <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
              {t('marketplace:listing.instructionsHidden')}
            </p>
            <ul className="mt-3 flex flex-col gap-3">
              {data.items.map((item) => (
                <li
                  key={item.id}
                  data-testid="listing-item"
                  className="rounded-lg border border-neutral-200 bg-white p-4"
                >
                  <h3 className="font-semibold text-neutral-900">{item.title}</h3>
                  {item.placeholders.length === 0 ? (
                    <p className="mt-1 text-sm text-neutral-600">{t('marketplace:listing.noPlaceholders')}</p>
                  ) : (
                    <ul
                      aria-label={t('marketplace:listing.placeholdersCaption', { title: item.title })}
                      className="mt-2 divide-y divide-neutral-100"
                    >
                      {item.placeholders.map((placeholder) => (
                        <li key={placeholder.name} className="flex flex-col gap-0.5 py-2 sm:flex-row sm:gap-4">
                          <span className="flex flex-wrap items-center gap-2 sm:w-64 sm:shrink-0">
                            <code className="font-mono text-xs text-neutral-800">{`{{${placeholder.name}}}`}</code>
                            <span className="text-xs text-neutral-500">
                              {t(`prompts:placeholderTypes.${placeholder.type}`)}
                              {placeholder.required && ` · ${t('marketplace:listing.required')}`}
                            </span>
                          </span>
                          <span className="text-sm text-neutral-700">{placeholder.description}</span>
                        </li>
                      ))}
                    </ul>
                  )}
                </li>
              ))}
            </ul>
          </section>

          {data.exampleOutput && (
            <section aria-labelledby="listing-example">
              <h2 id="listing-example" className="text-lg font-semibold text-neutral-900">
                {t('marketplace:listing.example')}
              </h2>
              <pre className="mt-2 rounded-lg border border-neutral-200 bg-neutral-50 p-4 font-sans text-sm whitespace-pre-wrap text-neutral-800">
                {data.exampleOutput}
              </pre>
            </section>
          )}

          <Reviews listing={data} onReport={(reviewId) => setReport({ kind: 'review', reviewId })} />
        </div>
        {/* On a phone the price and the buy button come first, before the details. */}
        <div className="order-first lg:sticky lg:top-4 lg:order-none lg:self-start">
          <BuyBox listing={data} />
        </div>
      </div>
      <ReportDialog listingId={data.id} target={report} onOpenChange={(open) => !open && setReport(null)} />
      <ConfirmDialog
        open={removing}
        onOpenChange={setRemoving}
        title={t('marketplace:admin.removeTitle', { title: data.title })}
        description={t('marketplace:admin.removeDescription')}
        confirmLabel={t('marketplace:admin.removeListing')}
        pending={remove.isPending}
        onConfirm={() =>
          remove.mutate(data.id, {
            onSuccess: () => {
              setRemoving(false);
              toast.add({ title: t('marketplace:admin.done.removeListing'), color: 'success' });
            },
          })
        }
      />
    </>
  );
}
