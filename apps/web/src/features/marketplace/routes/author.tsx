import { ArrowLeft, CircleAlert, Pencil, Store, UserRound } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { Button, buttonClasses } from '@/components/ui/button.tsx';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { paths } from '@/config/paths.ts';
import { isApiError } from '@/lib/api-client.ts';
import type { RouteHandle } from '@/lib/route-handle.ts';
import { useAuthor } from '../api/authors.ts';
import { ListingCard } from '../components/listing-card.tsx';
import { Rating } from '../components/rating.tsx';

export const handle = { title: 'common:pages.promptAuthor.title' } satisfies RouteHandle;

function BackLink() {
  const { t } = useTranslation('common');
  return (
    <Link
      to={paths.app.promptMarketplace.getHref()}
      className="inline-flex items-center gap-1.5 rounded-sm font-medium text-primary-700 hover:text-primary-800 hover:underline"
    >
      <ArrowLeft aria-hidden="true" className="size-4" />
      {t('common:pages.promptAuthor.backToMarketplace')}
    </Link>
  );
}

/** A prompt author's page (/prompt-marketplace/author/:id): name, bio, average rating, published listings. */
export function Component() {
  const { t } = useTranslation(['marketplace', 'common', 'errors']);
  const { id = '' } = useParams();
  const author = useAuthor(id);

  if (author.isPending) return <Skeleton className="h-80" />;
  if (author.isError) {
    const missing = isApiError(author.error) && author.error.status === 404;
    return (
      <>
        <PageHeader
          eyebrow={<BackLink />}
          title={t(missing ? 'common:pages.promptAuthor.notFoundTitle' : 'errors:prompts.marketplaceFailed')}
        />
        <EmptyState
          role="alert"
          icon={missing ? UserRound : CircleAlert}
          title={t(missing ? 'common:pages.promptAuthor.notFound' : 'errors:prompts.marketplaceFailed')}
          description={missing ? t('common:pages.promptAuthor.notFoundDescription') : undefined}
          action={
            missing ? undefined : (
              <Button variant="outline" onClick={() => void author.refetch()}>
                {t('marketplace:actions.retry')}
              </Button>
            )
          }
        />
      </>
    );
  }
  const data = author.data;
  return (
    <>
      <PageHeader
        eyebrow={<BackLink />}
        title={data.name}
        description={<Rating rating={data.rating} count={data.reviewCount} />}
        actions={
          data.mine && (
            <Link
              to={`${paths.app.promptMarketplace.getHref()}?tab=mine`}
              className={buttonClasses({ variant: 'outline', color: 'neutral' })}
            >
              <Pencil aria-hidden="true" className="size-4" />
              {t('marketplace:author.edit')}
            </Link>
          )
        }
      />
      <section aria-labelledby="author-about" className="mb-6">
        <h2 id="author-about" className="sr-only">
          {t('marketplace:author.about')}
        </h2>
        <p className="max-w-prose text-sm whitespace-pre-line text-neutral-700">
          {data.bio || t('marketplace:author.noBio')}
        </p>
      </section>
      <section aria-labelledby="author-listings">
        <h2 id="author-listings" className="mb-3 text-lg font-semibold text-neutral-900">
          {t('marketplace:author.listings', { count: data.listings.length })}
        </h2>
        {data.listings.length === 0 ? (
          <EmptyState icon={Store} title={t('marketplace:author.noListings')} />
        ) : (
          <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2 xl:grid-cols-3">
            {data.listings.map((listing) => (
              <li key={listing.id} className="min-w-0">
                <ListingCard listing={listing} />
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}
