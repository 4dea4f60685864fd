import { ArrowLeft, ArrowRight, CheckCircle2, ClipboardCheck } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { MarkdownText } from '@/components/markdown.tsx';
import { toast } from '@/components/toaster/toast-store.ts';
import { Button, buttonClasses } from '@/components/ui/button.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { paths } from '@/config/paths.ts';
import { COURSE_NOTE_QUOTE_MAX_LENGTH } from '@compliance/shared/courses';
import { errorMessageKey } from '@/lib/api-client.ts';
import type { RouteHandle } from '@/lib/route-handle.ts';
import { useLesson, useMarkLessonRead } from '../api/courses.ts';
import { LessonNotes } from '../components/lesson-notes.tsx';
import { SourceList } from '../components/source-list.tsx';
import { useCourseLanguage } from '../hooks/use-course-language.ts';

export const handle = { title: 'courses:lesson.title' } satisfies RouteHandle;

/** The text selected inside an element (for a note on a passage), or ''. */
function useSelectionWithin(ref: React.RefObject<HTMLElement | null>): string {
  const [selected, setSelected] = useState('');
  useEffect(() => {
    const update = () => {
      const selection = document.getSelection();
      const node = selection?.anchorNode;
      const text =
        selection && !selection.isCollapsed && node && ref.current?.contains(node) ? selection.toString().trim() : '';
      // Clicking a button clears the selection: keep the last one until another is made.
      if (text) setSelected(text.slice(0, COURSE_NOTE_QUOTE_MAX_LENGTH));
    };
    document.addEventListener('selectionchange', update);
    return () => document.removeEventListener('selectionchange', update);
  }, [ref]);
  return selected;
}

/** A lesson (/courses/:slug/lessons/:lesson): the text, its sources, the learner's notes beside it. */
export function Component() {
  const { slug = '', lesson = '' } = useParams();
  const { t } = useTranslation(['courses', 'errors']);
  const lang = useCourseLanguage();
  const navigate = useNavigate();
  const data = useLesson(slug, lesson, lang);
  const markRead = useMarkLessonRead(slug);
  const article = useRef<HTMLElement>(null);
  const selection = useSelectionWithin(article);
  const openedAt = useRef(0);
  useEffect(() => {
    openedAt.current = Date.now();
  }, [lesson]);

  if (data.isPending) return <Skeleton className="mx-auto h-96 max-w-6xl" />;
  if (data.isError) {
    return (
      <div className="mx-auto max-w-3xl">
        <PageHeader title={t('courses:lesson.unavailable')} />
        <p role="alert" className="text-sm text-red-700">
          {t(errorMessageKey(data.error))}
        </p>
        <Link
          to={paths.courses.course.getHref(slug)}
          className="mt-4 inline-block text-sm text-primary-700 hover:underline"
        >
          {t('courses:backToCourse')}
        </Link>
      </div>
    );
  }
  const current = data.data;
  const finish = () =>
    markRead.mutate(
      { lesson, seconds: Math.round((Date.now() - openedAt.current) / 1000) },
      {
        onSuccess: ({ certificateId }) => {
          if (certificateId) toast.add({ title: t('courses:certificate.earned'), color: 'success', timeout: 0 });
          void navigate(
            current.next ? paths.courses.lesson.getHref(slug, current.next.slug) : paths.courses.course.getHref(slug),
          );
        },
      },
    );
  return (
    <div className="mx-auto max-w-6xl">
      <PageHeader
        eyebrow={
          <Link to={paths.courses.course.getHref(slug)} className="hover:underline">
            {current.courseTitle}
          </Link>
        }
        title={current.title}
        description={t('courses:minutes', { count: current.minutes })}
      />
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[1fr_22rem]">
        <div className="min-w-0 space-y-6">
          <article ref={article} className="rounded-2xl border border-neutral-200 bg-white p-5 shadow-sm sm:p-8">
            <MarkdownText content={current.body} className="text-[0.95rem]" />
          </article>
          <SourceList sources={current.sources} />
          <nav aria-label={t('courses:lesson.navigation')} className="flex flex-wrap items-center gap-2">
            {current.previous && (
              <Link
                to={paths.courses.lesson.getHref(slug, current.previous.slug)}
                // A lesson title is long: the button wraps rather than pushing the page wider than a phone.
                className={buttonClasses({
                  variant: 'outline',
                  color: 'neutral',
                  className: 'h-auto min-h-8 min-w-0 shrink py-1.5 text-left whitespace-normal',
                })}
              >
                <ArrowLeft aria-hidden="true" className="size-4" />
                {current.previous.title}
              </Link>
            )}
            <span className="flex-1" />
            {current.questionCount > 0 && (
              <Link
                to={paths.courses.test.getHref(slug, lesson)}
                className={buttonClasses({ variant: 'outline', color: 'neutral' })}
              >
                <ClipboardCheck aria-hidden="true" className="size-4" />
                {t('courses:course.lessonTest')}
              </Link>
            )}
            <Button icon={current.read ? ArrowRight : CheckCircle2} loading={markRead.isPending} onClick={finish}>
              {current.next ? t('courses:lesson.readAndNext') : t('courses:lesson.readAndFinish')}
            </Button>
          </nav>
        </div>
        <aside className="lg:sticky lg:top-4 lg:self-start">
          <LessonNotes slug={slug} lesson={lesson} selection={selection} />
        </aside>
      </div>
    </div>
  );
}
