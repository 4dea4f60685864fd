import {
  REVIEW_TEXT_MAX_LENGTH,
  reviewInputSchema,
  type ListingDetail,
  type Review,
} from '@compliance/shared/marketplace';
import { Flag, MessageSquareReply, Star } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '@/components/toaster/toast-store.ts';
import { Button } from '@/components/ui/button.tsx';
import { FormField } from '@/components/ui/form-field.tsx';
import { Textarea } from '@/components/ui/textarea.tsx';
import { errorMessageKey } from '@/lib/api-client.ts';
import { cn } from '@/lib/cn.ts';
import { useFormatters } from '@/lib/format.ts';
import { useReplyToReview, useSaveReview } from '../api/reviews.ts';
import { Rating } from './rating.tsx';

/** Choosing 1–5 stars: a radio group, so arrow keys move between the stars. */
function StarInput({ value, onChange, error }: { value: number; onChange: (value: number) => void; error?: string }) {
  const { t } = useTranslation('marketplace');
  const legendId = useId();
  return (
    <fieldset aria-labelledby={legendId} className="flex flex-col gap-1">
      <legend id={legendId} className="text-sm font-medium text-neutral-800">
        {t('marketplace:reviews.rating')} <span aria-hidden="true">*</span>
      </legend>
      <div className="flex gap-1">
        {[1, 2, 3, 4, 5].map((star) => (
          <label key={star} className="cursor-pointer rounded p-0.5 focus-within:ring-2 focus-within:ring-primary-500">
            <input
              type="radio"
              name={legendId}
              value={star}
              checked={value === star}
              onChange={() => onChange(star)}
              className="sr-only"
              aria-label={t('marketplace:reviews.stars', { count: star })}
            />
            <Star
              aria-hidden="true"
              className={cn('size-6', star <= value ? 'fill-accent-400 text-accent-500' : 'text-neutral-300')}
            />
          </label>
        ))}
      </div>
      {error && (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
    </fieldset>
  );
}

function ReviewForm({ listing }: { listing: ListingDetail }) {
  const { t } = useTranslation(['marketplace', 'errors']);
  const own = listing.reviews.find((review) => review.mine);
  const [rating, setRating] = useState(own?.rating ?? 0);
  const [text, setText] = useState(own?.text ?? '');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useSaveReview(listing.id);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = reviewInputSchema.safeParse({ rating, text });
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((issue) => [String(issue.path[0]), issue.message])));
      return;
    }
    setErrors({});
    try {
      await save.mutateAsync(parsed.data);
      toast.add({ title: t('marketplace:reviews.saved'), color: 'success' });
    } catch (error) {
      setErrors({ form: errorMessageKey(error) });
    }
  }

  return (
    <form
      noValidate
      onSubmit={(event) => void submit(event)}
      aria-label={t(own ? 'marketplace:reviews.editTitle' : 'marketplace:reviews.writeTitle')}
      className="flex flex-col gap-3 rounded-lg border border-neutral-200 bg-neutral-50 p-4"
    >
      <h3 className="font-semibold text-neutral-900">
        {t(own ? 'marketplace:reviews.editTitle' : 'marketplace:reviews.writeTitle')}
      </h3>
      <StarInput value={rating} onChange={setRating} error={errors.rating ? t(errors.rating) : undefined} />
      <FormField label={t('marketplace:reviews.text')} error={errors.text ? t(errors.text) : undefined}>
        <Textarea rows={3} maxLength={REVIEW_TEXT_MAX_LENGTH} value={text} onChange={(e) => setText(e.target.value)} />
      </FormField>
      {errors.form && (
        <p role="alert" className="text-sm text-red-700">
          {t(errors.form)}
        </p>
      )}
      <div>
        <Button type="submit" loading={save.isPending}>
          {t(own ? 'marketplace:reviews.update' : 'marketplace:reviews.submit')}
        </Button>
      </div>
    </form>
  );
}

function ReplyForm({ review }: { review: Review }) {
  const { t } = useTranslation(['marketplace', 'errors']);
  const [open, setOpen] = useState(false);
  const [text, setText] = useState(review.reply ?? '');
  const [error, setError] = useState<string | null>(null);
  const reply = useReplyToReview();
  if (!open) {
    return (
      <Button variant="ghost" size="sm" icon={MessageSquareReply} onClick={() => setOpen(true)}>
        {t(review.reply ? 'marketplace:reviews.editReply' : 'marketplace:reviews.reply')}
      </Button>
    );
  }
  return (
    <form
      noValidate
      className="mt-2 flex flex-col gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        if (text.trim() === '') {
          setError('errors:validation.required');
          return;
        }
        reply.mutate(
          { reviewId: review.id, text },
          { onSuccess: () => setOpen(false), onError: (failure) => setError(errorMessageKey(failure)) },
        );
      }}
    >
      <FormField label={t('marketplace:reviews.replyLabel')} required error={error ? t(error) : undefined}>
        <Textarea rows={2} maxLength={REVIEW_TEXT_MAX_LENGTH} value={text} onChange={(e) => setText(e.target.value)} />
      </FormField>
      <div className="flex gap-2">
        <Button type="submit" size="sm" loading={reply.isPending}>
          {t('marketplace:reviews.sendReply')}
        </Button>
        <Button variant="ghost" color="neutral" size="sm" onClick={() => setOpen(false)}>
          {t('marketplace:reviews.cancel')}
        </Button>
      </div>
    </form>
  );
}

/** The listing's reviews, the buyer's own review form, the author's replies, and "report" on each. */
export function Reviews({ listing, onReport }: { listing: ListingDetail; onReport: (reviewId: string) => void }) {
  const { t } = useTranslation('marketplace');
  const { formatDate } = useFormatters();
  return (
    <section aria-labelledby="reviews-heading" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center gap-3">
        <h2 id="reviews-heading" className="text-lg font-semibold text-neutral-900">
          {t('marketplace:reviews.title')}
        </h2>
        <Rating rating={listing.rating} count={listing.reviewCount} />
      </div>
      {listing.canReview ? (
        <ReviewForm listing={listing} />
      ) : (
        !listing.mine && <p className="text-sm text-neutral-600">{t('marketplace:reviews.buyersOnly')}</p>
      )}
      {listing.reviews.length === 0 ? (
        <p className="text-sm text-neutral-600">{t('marketplace:reviews.none')}</p>
      ) : (
        <ul className="flex flex-col gap-3">
          {listing.reviews.map((review) => (
            <li key={review.id} data-testid="review" className="rounded-lg border border-neutral-200 bg-white p-4">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <span className="flex flex-wrap items-center gap-2">
                  <Rating rating={review.rating} count={1} className="[&>span:last-child]:hidden" />
                  <span className="text-sm font-medium text-neutral-900">{review.reviewer.name}</span>
                  <span className="text-xs text-neutral-500">
                    {formatDate(review.updatedAt, { dateStyle: 'medium' })}
                  </span>
                </span>
                {!review.mine && (
                  <Button
                    variant="ghost"
                    color="neutral"
                    size="xs"
                    icon={Flag}
                    aria-label={t('marketplace:report.reviewLabel', { name: review.reviewer.name })}
                    onClick={() => onReport(review.id)}
                  />
                )}
              </div>
              {review.text && <p className="mt-2 text-sm whitespace-pre-line text-neutral-700">{review.text}</p>}
              {review.reply && (
                <div className="mt-3 rounded-md border-l-4 border-primary-300 bg-primary-50 p-3 text-sm">
                  <p className="font-medium text-primary-900">
                    {t('marketplace:reviews.authorReply', { name: listing.author.name })}
                  </p>
                  <p className="mt-1 whitespace-pre-line text-neutral-800">{review.reply}</p>
                </div>
              )}
              {listing.mine && <ReplyForm review={review} />}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
