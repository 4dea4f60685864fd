import type { ReviewCard } from '@compliance/shared/courses';
import { Check, PartyPopper, RotateCcw, X } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { MarkdownText } from '@/components/markdown.tsx';
import { Button, buttonClasses } from '@/components/ui/button.tsx';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { paths } from '@/config/paths.ts';
import { errorMessageKey } from '@/lib/api-client.ts';
import { formatDate } from '@/lib/format.ts';
import type { RouteHandle } from '@/lib/route-handle.ts';
import { useReviewCard, useReviewSession } from '../api/practice.ts';
import { BackToCourse, LoadingOrError } from '../components/course-page-parts.tsx';
import { SourceLink } from '../components/source-list.tsx';
import { useCourseLanguage } from '../hooks/use-course-language.ts';
import { intervalLabel, LEARN_AHEAD_DAYS } from '../utils/intervals.ts';

export const handle = { title: 'courses:review.title' } satisfies RouteHandle;

/** A flashcard review (/courses/:slug/review): flip, then 'I got it' or 'I did not get it'. */
export function Component() {
  const { slug = '' } = useParams();
  const { t, i18n } = useTranslation(['courses', 'errors']);
  const lang = useCourseLanguage();
  const session = useReviewSession(slug, lang);
  const review = useReviewCard(slug);
  // The session's cards, then what the learner's answers leave of them.
  const [answeredQueue, setQueue] = useState<ReviewCard[] | null>(null);
  const queue = answeredQueue ?? session.data?.cards ?? null;
  const [flipped, setFlipped] = useState(false);
  const [announcement, setAnnouncement] = useState('');
  const [reviewed, setReviewed] = useState(0);
  const flipButton = useRef<HTMLButtonElement>(null);
  const answerHeading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (flipped) answerHeading.current?.focus();
    else flipButton.current?.focus();
  }, [flipped, queue]);

  const header = (
    <PageHeader
      eyebrow={<BackToCourse slug={slug} />}
      title={t('courses:review.title')}
      description={queue && queue.length > 0 ? t('courses:review.left', { count: queue.length }) : undefined}
    />
  );
  if (session.isPending || queue === null) {
    return (
      <div className="mx-auto max-w-2xl">
        {header}
        <LoadingOrError error={session.error} className="h-72" />
      </div>
    );
  }

  const card = queue[0];
  if (!card) {
    const nextDue = session.data?.nextDue;
    return (
      <div className="mx-auto max-w-2xl">
        {header}
        <p aria-live="polite" className="sr-only">
          {announcement}
        </p>
        <EmptyState
          icon={PartyPopper}
          title={reviewed > 0 ? t('courses:review.doneTitle', { count: reviewed }) : t('courses:review.nothingTitle')}
          description={
            reviewed === 0 && (session.data?.dueCount ?? 0) === 0 && !nextDue
              ? t('courses:review.nothingDescription')
              : nextDue
                ? t('courses:review.nextDue', { date: formatDate(nextDue, i18n.language) })
                : t('courses:review.doneDescription')
          }
          action={
            <Link to={paths.courses.course.getHref(slug)} className={buttonClasses({})}>
              {t('courses:backToCourse')}
            </Link>
          }
        />
      </div>
    );
  }

  const answer = (result: 'got' | 'missed') =>
    review.mutate(
      { cardId: card.id, result },
      {
        onSuccess: (outcome) => {
          const { key, count } = intervalLabel(outcome.intervalDays);
          setAnnouncement(t(`courses:review.again.${key}`, { count }));
          setReviewed((value) => value + 1);
          setFlipped(false);
          // A card due again within minutes comes back in this sitting, after the others.
          setQueue((current) => {
            const rest = (current ?? queue).slice(1);
            return outcome.intervalDays <= LEARN_AHEAD_DAYS ? [...rest, { ...card, isNew: false }] : rest;
          });
        },
      },
    );

  return (
    <div className="mx-auto max-w-2xl">
      {header}
      <p aria-live="polite" className="mb-2 min-h-5 text-sm text-neutral-600">
        {announcement}
      </p>
      <section
        aria-label={t('courses:review.cardLabel')}
        className="rounded-2xl border border-neutral-200 bg-white p-6 shadow-sm sm:p-8"
      >
        <div className="mb-4 flex items-center gap-2 text-xs font-medium tracking-wide text-neutral-500 uppercase">
          <span>{t(`courses:review.origin.${card.origin}`)}</span>
          {card.isNew && (
            <span className="rounded bg-primary-50 px-1.5 py-0.5 text-primary-700">{t('courses:review.new')}</span>
          )}
        </div>
        <MarkdownText content={card.front} className="text-lg" />
        {flipped ? (
          <div className="mt-6 border-t border-neutral-200 pt-6">
            <h2 ref={answerHeading} tabIndex={-1} className="mb-2 text-sm font-semibold text-neutral-500 outline-none">
              {t('courses:review.answer')}
            </h2>
            <MarkdownText content={card.back} />
            {card.source && (
              <p className="mt-4 text-sm">
                <SourceLink source={card.source} />
              </p>
            )}
            <div className="mt-6 grid gap-3 sm:grid-cols-2">
              <Button
                size="lg"
                color="danger"
                variant="outline"
                icon={X}
                loading={review.isPending}
                onClick={() => answer('missed')}
              >
                {t('courses:review.missed')}
              </Button>
              <Button size="lg" icon={Check} loading={review.isPending} onClick={() => answer('got')}>
                {t('courses:review.got')}
              </Button>
            </div>
            {review.isError && (
              <p role="alert" className="mt-3 text-sm text-red-700">
                {t(errorMessageKey(review.error))}
              </p>
            )}
          </div>
        ) : (
          <Button ref={flipButton} size="lg" block className="mt-8" icon={RotateCcw} onClick={() => setFlipped(true)}>
            {t('courses:review.show')}
          </Button>
        )}
      </section>
    </div>
  );
}
