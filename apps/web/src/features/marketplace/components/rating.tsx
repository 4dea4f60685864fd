import { Star } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/cn.ts';
import { useFormatters } from '@/lib/format.ts';

/** Five stars filled to the rating, with the figure and the number of reviews in words for screen readers. */
export function Rating({ rating, count, className }: { rating: number | null; count: number; className?: string }) {
  const { t } = useTranslation('marketplace');
  const { formatNumber } = useFormatters();
  if (rating === null) {
    return <span className={cn('text-sm text-neutral-500', className)}>{t('marketplace:rating.none')}</span>;
  }
  const label = t('marketplace:rating.label', {
    rating: formatNumber(rating, { maximumFractionDigits: 1 }),
    count,
  });
  return (
    <span className={cn('inline-flex items-center gap-1 text-sm text-neutral-700', className)} title={label}>
      <span role="img" aria-label={label} className="inline-flex">
        {[1, 2, 3, 4, 5].map((star) => (
          <Star
            key={star}
            aria-hidden="true"
            className={cn(
              'size-4',
              star <= Math.round(rating) ? 'fill-accent-400 text-accent-500' : 'text-neutral-300',
            )}
          />
        ))}
      </span>
      <span aria-hidden="true">
        {formatNumber(rating, { maximumFractionDigits: 1 })} ({formatNumber(count)})
      </span>
    </span>
  );
}
