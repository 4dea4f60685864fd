import type { ListingSummary } from '@compliance/shared/marketplace';
import { CheckCircle2, FolderOpen, Languages, ShoppingBag, UserRound } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge.tsx';
import { paths } from '@/config/paths.ts';
import { useFormatters } from '@/lib/format.ts';
import { Price } from './price.tsx';
import { Rating } from './rating.tsx';

/** A listing in a grid: what it is, who wrote it, its rating, buyers and price; the title opens its page. */
export function ListingCard({ listing }: { listing: ListingSummary }) {
  const { t } = useTranslation('marketplace');
  const { formatNumber } = useFormatters();
  const titleId = useId();
  return (
    <article
      aria-labelledby={titleId}
      data-testid="listing-card"
      className="relative flex h-full flex-col gap-3 rounded-lg border border-neutral-200 bg-white p-4 shadow-xs focus-within:ring-2 focus-within:ring-primary-500 hover:border-primary-300"
    >
      <div className="flex flex-wrap items-center gap-1.5">
        <Badge color="primary">{t(`marketplace:topics.${listing.topic}`)}</Badge>
        {listing.kind === 'category' && (
          <Badge icon={FolderOpen}>{t('marketplace:card.promptCount', { count: listing.promptCount })}</Badge>
        )}
        <Badge icon={Languages}>{t(`marketplace:languages.${listing.language}`)}</Badge>
        {listing.owned && (
          <Badge color="success" icon={CheckCircle2}>
            {t('marketplace:card.owned')}
          </Badge>
        )}
        {listing.mine && <Badge color="secondary">{t('marketplace:card.mine')}</Badge>}
      </div>
      <h3 id={titleId} className="text-base font-semibold break-words text-neutral-900">
        <Link
          to={paths.app.promptListing.getHref(listing.id)}
          className="after:absolute after:inset-0 after:content-[''] focus-visible:outline-none"
        >
          {listing.title}
        </Link>
      </h3>
      <p className="line-clamp-3 text-sm break-words text-neutral-600">{listing.teaser}</p>
      <div className="mt-auto flex flex-wrap items-center justify-between gap-2 pt-1">
        <span className="inline-flex min-w-0 items-center gap-1 text-sm text-neutral-600">
          <UserRound aria-hidden="true" className="size-4 shrink-0" />
          <span className="truncate">{listing.author.name}</span>
        </span>
        <Rating rating={listing.rating} count={listing.reviewCount} />
      </div>
      <div className="flex items-center justify-between gap-2 border-t border-neutral-100 pt-2">
        <span className="inline-flex items-center gap-1 text-xs text-neutral-500">
          <ShoppingBag aria-hidden="true" className="size-3.5" />
          {t('marketplace:card.buyers', { count: listing.buyerCount, formatted: formatNumber(listing.buyerCount) })}
        </span>
        <span className="text-base font-semibold text-neutral-900">
          <Price price={listing.price} />
        </span>
      </div>
    </article>
  );
}
