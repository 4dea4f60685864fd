import { locales } from '@compliance/shared/locales';
import {
  AUTHOR_BIO_MAX_LENGTH,
  listingTopics,
  marketplaceSorts,
  type AuthorListing,
  type ListingKind,
  type MarketplaceQuery,
  type MarketplaceSort,
} from '@compliance/shared/marketplace';
import { CircleAlert, Eye, EyeOff, Pencil, Search, SearchX, Store, UserRound } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { toast } from '@/components/toaster/toast-store.ts';
import { Badge } from '@/components/ui/badge.tsx';
import { Button, buttonClasses } from '@/components/ui/button.tsx';
import { Card, CardBody, CardHeader } from '@/components/ui/card.tsx';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { FormField } from '@/components/ui/form-field.tsx';
import { Input } from '@/components/ui/input.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { Select } from '@/components/ui/select.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { Textarea } from '@/components/ui/textarea.tsx';
import { paths } from '@/config/paths.ts';
import { errorMessageKey } from '@/lib/api-client.ts';
import { formatMoney, useFormatters } from '@/lib/format.ts';
import type { RouteHandle } from '@/lib/route-handle.ts';
import { sessionQueryOptions } from '@/lib/session.ts';
import { useMyListings, useSaveBio } from '../api/authors.ts';
import { useListings, useUpdateListing } from '../api/listings.ts';
import { ListingCard } from '../components/listing-card.tsx';
import { ListingDialog, type ListingDialogTarget } from '../components/listing-dialog.tsx';
import { Price } from '../components/price.tsx';
import { Rating } from '../components/rating.tsx';

export const handle = { title: 'common:pages.promptMarketplace.title' } satisfies RouteHandle;

const SEARCH_DELAY_MS = 250;
type Tab = 'browse' | 'mine';

const isOneOf = <T extends string>(values: readonly T[], value: string | null): value is T =>
  value !== null && (values as readonly string[]).includes(value);

/** The browse filters live in the URL, so a filtered view can be shared and restored. */
function useBrowseQuery() {
  const [params, setParams] = useSearchParams();
  const query: MarketplaceQuery = {};
  const q = params.get('q');
  if (q) query.q = q;
  const topic = params.get('topic');
  if (isOneOf(listingTopics, topic)) query.topic = topic;
  const language = params.get('language');
  if (isOneOf(locales, language)) query.language = language;
  const price = params.get('price');
  if (price === 'free' || price === 'paid') query.price = price;
  const minRating = Number(params.get('minRating'));
  if (minRating >= 1 && minRating <= 5) query.minRating = Math.floor(minRating);
  const sort = params.get('sort');
  if (isOneOf(marketplaceSorts, sort)) query.sort = sort;
  const page = Number(params.get('page'));
  if (page > 1) query.page = Math.floor(page);
  const update = (changes: Record<string, string | null>) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(changes)) {
          if (value === null || value === '') next.delete(key);
          else next.set(key, value);
        }
        if (!('page' in changes)) next.delete('page');
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
  return { query, params, update };
}

/** The prompt marketplace (authenticated layout, /prompt-marketplace): browse, and the caller's own listings. */
export function Component() {
  const { t } = useTranslation(['marketplace', 'common', 'errors']);
  const navigate = useNavigate();
  const { query, params, update } = useBrowseQuery();
  const tab: Tab = params.get('tab') === 'mine' ? 'mine' : 'browse';
  const mine = useMyListings();
  const [dialog, setDialog] = useState<ListingDialogTarget | null>(null);

  // "Publish to marketplace" from the library arrives as ?publish=prompt:<id> or category:<id>: the
  // dialog opens once for it (state adjusted while rendering), and the parameter is then dropped.
  const publish = params.get('publish');
  const [seenPublish, setSeenPublish] = useState<string | null>(null);
  if (publish && publish !== seenPublish) {
    setSeenPublish(publish);
    const [kind, id] = publish.split(':');
    if ((kind === 'prompt' || kind === 'category') && id) {
      setDialog({ mode: 'publish', kind: kind as ListingKind, sourceId: id });
    }
  }
  useEffect(() => {
    if (publish) update({ publish: null, tab: 'mine' });
  }, [publish, update]);

  const tabs: { id: Tab; label: string }[] = [
    { id: 'browse', label: t('marketplace:tabs.browse') },
    { id: 'mine', label: t('marketplace:tabs.mine') },
  ];

  return (
    <>
      <PageHeader
        title={t('common:pages.promptMarketplace.title')}
        description={t('common:pages.promptMarketplace.description')}
        actions={
          <Link
            to={paths.app.promptLibrary.getHref()}
            className={buttonClasses({ variant: 'outline', color: 'neutral' })}
          >
            {t('marketplace:actions.sellFromLibrary')}
          </Link>
        }
      />
      <div
        role="tablist"
        aria-label={t('marketplace:tabs.label')}
        className="mb-4 flex gap-1 border-b border-neutral-200"
      >
        {tabs.map((item) => (
          <button
            key={item.id}
            type="button"
            role="tab"
            id={`marketplace-tab-${item.id}`}
            aria-selected={tab === item.id}
            aria-controls={`marketplace-panel-${item.id}`}
            onClick={() => update({ tab: item.id === 'browse' ? null : item.id })}
            className={
              tab === item.id
                ? '-mb-px border-b-2 border-primary-600 px-3 py-2 text-sm font-semibold text-primary-800'
                : '-mb-px border-b-2 border-transparent px-3 py-2 text-sm font-medium text-neutral-600 hover:text-neutral-900'
            }
          >
            {item.label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`marketplace-panel-${tab}`} aria-labelledby={`marketplace-tab-${tab}`}>
        {tab === 'browse' ? (
          <Browse query={query} update={update} />
        ) : (
          <MyListings onEdit={(listing) => setDialog({ mode: 'edit', listing })} />
        )}
      </div>
      <ListingDialog
        target={dialog}
        canSell={mine.data?.canSell ?? false}
        onOpenChange={(open) => !open && setDialog(null)}
        onDone={(listing, mode) => {
          setDialog(null);
          toast.add({
            title: t(mode === 'edit' ? 'marketplace:publish.saved' : 'marketplace:publish.published', {
              title: listing.title,
            }),
            color: 'success',
          });
          if (mode === 'publish') void navigate(paths.app.promptListing.getHref(listing.id));
        }}
      />
    </>
  );
}

function Browse({
  query,
  update,
}: {
  query: MarketplaceQuery;
  update: (changes: Record<string, string | null>) => void;
}) {
  const { t } = useTranslation(['marketplace', 'errors']);
  const { formatNumber } = useFormatters();
  const listings = useListings(query);
  const [searchInput, setSearchInput] = useState(query.q ?? '');
  useEffect(() => {
    const wanted = searchInput.trim();
    if (wanted === (query.q ?? '')) return;
    const timer = setTimeout(() => update({ q: wanted || null }), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [searchInput, query.q, update]);

  const data = listings.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  const filtered = Boolean(query.q || query.topic || query.language || query.price || query.minRating);

  return (
    <div className="flex flex-col gap-4">
      <div
        role="search"
        className="grid grid-cols-2 gap-3 rounded-lg border border-neutral-200 bg-white p-3 shadow-xs sm:grid-cols-3 2xl:grid-cols-[minmax(0,2fr)_repeat(5,minmax(0,1fr))]"
      >
        <FormField label={t('marketplace:browse.search')} className="col-span-2 sm:col-span-3 2xl:col-span-1">
          <Input
            type="search"
            icon={Search}
            value={searchInput}
            autoComplete="off"
            placeholder={t('marketplace:browse.searchPlaceholder')}
            onChange={(event) => setSearchInput(event.target.value)}
          />
        </FormField>
        <FormField label={t('marketplace:browse.topic')}>
          <Select
            value={query.topic ?? ''}
            onChange={(event) => update({ topic: event.target.value || null })}
            options={[
              { value: '', label: t('marketplace:browse.anyTopic') },
              ...listingTopics.map((topic) => ({ value: topic, label: t(`marketplace:topics.${topic}`) })),
            ]}
          />
        </FormField>
        <FormField label={t('marketplace:browse.language')}>
          <Select
            value={query.language ?? ''}
            onChange={(event) => update({ language: event.target.value || null })}
            options={[
              { value: '', label: t('marketplace:browse.anyLanguage') },
              ...locales.map((locale) => ({ value: locale, label: t(`marketplace:languages.${locale}`) })),
            ]}
          />
        </FormField>
        <FormField label={t('marketplace:browse.price')}>
          <Select
            value={query.price ?? ''}
            onChange={(event) => update({ price: event.target.value || null })}
            options={[
              { value: '', label: t('marketplace:browse.anyPrice') },
              { value: 'free', label: t('marketplace:browse.free') },
              { value: 'paid', label: t('marketplace:browse.paid') },
            ]}
          />
        </FormField>
        <FormField label={t('marketplace:browse.rating')}>
          <Select
            value={query.minRating ? String(query.minRating) : ''}
            onChange={(event) => update({ minRating: event.target.value || null })}
            options={[
              { value: '', label: t('marketplace:browse.anyRating') },
              ...[4, 3, 2].map((stars) => ({
                value: String(stars),
                label: t('marketplace:browse.atLeast', { count: stars }),
              })),
            ]}
          />
        </FormField>
        <FormField label={t('marketplace:browse.sort')}>
          <Select
            value={query.sort ?? 'popular'}
            onChange={(event) => update({ sort: event.target.value === 'popular' ? null : event.target.value })}
            options={marketplaceSorts.map((sort: MarketplaceSort) => ({
              value: sort,
              label: t(`marketplace:sorts.${sort}`),
            }))}
          />
        </FormField>
      </div>

      {listings.isError && !data ? (
        <EmptyState
          role="alert"
          icon={CircleAlert}
          title={t('errors:prompts.marketplaceFailed')}
          action={
            <Button variant="outline" loading={listings.isRefetching} onClick={() => void listings.refetch()}>
              {t('marketplace:actions.retry')}
            </Button>
          }
        />
      ) : !data ? (
        <div aria-hidden="true" className="grid grid-cols-1 gap-3 sm:grid-cols-2 xl:grid-cols-3">
          {[0, 1, 2].map((index) => (
            <Skeleton key={index} className="h-56" />
          ))}
        </div>
      ) : (
        <>
          <p aria-live="polite" className="text-sm text-neutral-600">
            {t('marketplace:browse.count', { count: data.total, formatted: formatNumber(data.total) })}
          </p>
          {data.listings.length === 0 ? (
            filtered ? (
              <EmptyState
                icon={SearchX}
                title={t('marketplace:browse.noMatch')}
                action={
                  <Button
                    variant="outline"
                    color="neutral"
                    onClick={() => {
                      setSearchInput('');
                      update({ q: null, topic: null, language: null, price: null, minRating: null });
                    }}
                  >
                    {t('marketplace:browse.clearFilters')}
                  </Button>
                }
              />
            ) : (
              <EmptyState
                icon={Store}
                title={t('marketplace:browse.emptyTitle')}
                description={t('marketplace:browse.emptyDescription')}
              />
            )
          ) : (
            <ul
              className="grid grid-cols-1 gap-3 sm:grid-cols-2 xl:grid-cols-3"
              aria-busy={listings.isFetching || undefined}
            >
              {data.listings.map((listing) => (
                <li key={listing.id} className="min-w-0">
                  <ListingCard listing={listing} />
                </li>
              ))}
            </ul>
          )}
          {pages > 1 && (
            <nav aria-label={t('marketplace:browse.pages')} className="flex items-center justify-center gap-3">
              <Button
                variant="outline"
                color="neutral"
                disabled={data.page <= 1}
                onClick={() => update({ page: data.page - 1 > 1 ? String(data.page - 1) : null })}
              >
                {t('marketplace:browse.previous')}
              </Button>
              <span className="text-sm text-neutral-600">
                {t('marketplace:browse.page', { page: data.page, pages })}
              </span>
              <Button
                variant="outline"
                color="neutral"
                disabled={data.page >= pages}
                onClick={() => update({ page: String(data.page + 1) })}
              >
                {t('marketplace:browse.next')}
              </Button>
            </nav>
          )}
        </>
      )}
    </div>
  );
}

function MyListings({ onEdit }: { onEdit: (listing: AuthorListing) => void }) {
  const { t, i18n } = useTranslation(['marketplace', 'errors']);
  const { formatNumber } = useFormatters();
  const mine = useMyListings();
  const update = useUpdateListing();

  if (mine.isError) {
    return (
      <EmptyState
        role="alert"
        icon={CircleAlert}
        title={t('errors:prompts.marketplaceFailed')}
        action={
          <Button variant="outline" onClick={() => void mine.refetch()}>
            {t('marketplace:actions.retry')}
          </Button>
        }
      />
    );
  }
  if (!mine.data) return <Skeleton className="h-64" />;
  const { listings } = mine.data;

  return (
    <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
      <section aria-labelledby="my-listings-heading" className="flex min-w-0 flex-col gap-3">
        <h2 id="my-listings-heading" className="text-lg font-semibold text-neutral-900">
          {t('marketplace:mine.title')}
        </h2>
        {!mine.data.canSell && (
          <p className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
            {t('marketplace:mine.freeOnly')}{' '}
            <Link to={paths.billing.subscription.getHref()} className="font-medium underline">
              {t('marketplace:publish.upgrade')}
            </Link>
          </p>
        )}
        {listings.length === 0 ? (
          <EmptyState
            icon={Store}
            title={t('marketplace:mine.emptyTitle')}
            description={t('marketplace:mine.emptyDescription')}
            action={
              <Link to={paths.app.promptLibrary.getHref()} className={buttonClasses({ variant: 'outline' })}>
                {t('marketplace:actions.sellFromLibrary')}
              </Link>
            }
          />
        ) : (
          <ul className="flex flex-col gap-3">
            {listings.map((listing) => (
              <li key={listing.id}>
                <Card data-testid="my-listing">
                  <CardHeader
                    titleAs="h3"
                    title={
                      <Link to={paths.app.promptListing.getHref(listing.id)} className="hover:underline">
                        {listing.title}
                      </Link>
                    }
                    description={listing.teaser}
                    actions={
                      <Badge
                        color={
                          listing.status === 'published'
                            ? 'success'
                            : listing.status === 'removed'
                              ? 'danger'
                              : 'neutral'
                        }
                      >
                        {t(`marketplace:status.${listing.status}`)}
                      </Badge>
                    }
                  />
                  <CardBody className="flex flex-col gap-3">
                    <dl className="grid grid-cols-2 gap-2 text-sm sm:grid-cols-4">
                      <div>
                        <dt className="text-neutral-500">{t('marketplace:mine.price')}</dt>
                        <dd className="font-medium text-neutral-900">
                          <Price price={listing.price} />
                        </dd>
                      </div>
                      <div>
                        <dt className="text-neutral-500">{t('marketplace:mine.sales')}</dt>
                        <dd className="font-medium text-neutral-900">{formatNumber(listing.sales)}</dd>
                      </div>
                      <div>
                        <dt className="text-neutral-500">{t('marketplace:mine.revenue')}</dt>
                        <dd className="font-medium text-neutral-900">
                          {formatMoney(listing.revenue, listing.price.currency, i18n.language)}
                        </dd>
                      </div>
                      <div>
                        <dt className="text-neutral-500">{t('marketplace:mine.version')}</dt>
                        <dd className="font-medium text-neutral-900">{listing.version}</dd>
                      </div>
                    </dl>
                    <Rating rating={listing.rating} count={listing.reviewCount} />
                    {listing.status !== 'removed' && (
                      <div className="flex flex-wrap gap-2">
                        <Button
                          variant="outline"
                          color="neutral"
                          icon={Pencil}
                          onClick={() => onEdit(listing)}
                          aria-label={t('marketplace:mine.editLabel', { title: listing.title })}
                        >
                          {t('marketplace:mine.edit')}
                        </Button>
                        <Button
                          variant="ghost"
                          color="neutral"
                          icon={listing.status === 'published' ? EyeOff : Eye}
                          loading={update.isPending && update.variables?.id === listing.id}
                          onClick={() =>
                            update.mutate(
                              { id: listing.id, status: listing.status === 'published' ? 'unpublished' : 'published' },
                              { onError: (error) => toast.add({ title: t(errorMessageKey(error)), color: 'danger' }) },
                            )
                          }
                        >
                          {t(
                            listing.status === 'published'
                              ? 'marketplace:mine.unpublish'
                              : 'marketplace:mine.republish',
                          )}
                        </Button>
                      </div>
                    )}
                  </CardBody>
                </Card>
              </li>
            ))}
          </ul>
        )}
      </section>
      <AuthorProfileCard bio={mine.data.bio} />
    </div>
  );
}

function AuthorProfileCard({ bio }: { bio: string }) {
  const { t } = useTranslation(['marketplace', 'errors']);
  const save = useSaveBio();
  const [value, setValue] = useState(bio);
  const [failure, setFailure] = useState<string | null>(null);
  return (
    <Card className="self-start">
      <CardHeader title={t('marketplace:profile.title')} description={t('marketplace:profile.description')} />
      <CardBody>
        <form
          noValidate
          className="flex flex-col gap-3"
          onSubmit={(event) => {
            event.preventDefault();
            setFailure(null);
            save.mutate(
              { bio: value },
              {
                onSuccess: () => toast.add({ title: t('marketplace:profile.saved'), color: 'success' }),
                onError: (error) => setFailure(errorMessageKey(error)),
              },
            );
          }}
        >
          <FormField label={t('marketplace:profile.bio')} error={failure ? t(failure) : undefined}>
            <Textarea
              rows={5}
              maxLength={AUTHOR_BIO_MAX_LENGTH}
              value={value}
              onChange={(e) => setValue(e.target.value)}
            />
          </FormField>
          <div className="flex flex-wrap items-center justify-between gap-2">
            <MyAuthorPageLink />
            <Button type="submit" loading={save.isPending}>
              {t('marketplace:profile.save')}
            </Button>
          </div>
        </form>
      </CardBody>
    </Card>
  );
}

/** One's own author page (it exists before anything is published). */
function MyAuthorPageLink() {
  const { t } = useTranslation('marketplace');
  const session = useQuery(sessionQueryOptions());
  const authorId = session.data?.user.id;
  if (!authorId) return <span />;
  return (
    <Link
      to={paths.app.promptAuthor.getHref(authorId)}
      className="inline-flex items-center gap-1 text-sm text-primary-700 hover:underline"
    >
      <UserRound aria-hidden="true" className="size-4" />
      {t('marketplace:profile.viewPage')}
    </Link>
  );
}
