import type { CourseContent, LessonContent } from '@compliance/shared/courses';
import { Plus, Save } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { toast } from '@/components/toaster/toast-store.ts';
import { Button } from '@/components/ui/button.tsx';
import { FormField } from '@/components/ui/form-field.tsx';
import { Input } from '@/components/ui/input.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { Textarea } from '@/components/ui/textarea.tsx';
import { paths } from '@/config/paths.ts';
import { errorMessageKey, isApiError } from '@/lib/api-client.ts';
import { cn } from '@/lib/cn.ts';
import type { RouteHandle } from '@/lib/route-handle.ts';
import { useAdminCourseContent, useSaveCourse } from '../api/admin.ts';
import { FlashcardsEditor } from '../components/flashcards-editor.tsx';
import { LocalizedMarkdownField, LocalizedTextFields } from '../components/localized-markdown-field.tsx';
import { freeLessonSlug, newLesson } from '../utils/course-template.ts';

export const handle = { title: 'courses:editor.title' } satisfies RouteHandle;

/** The course file as JSON, for what has no form yet (cards, questions, rubrics): applied when it parses. */
function CourseFileEditor({ course, onApply }: { course: CourseContent; onApply: (course: CourseContent) => void }) {
  const { t } = useTranslation('courses');
  const [text, setText] = useState<string | null>(null);
  const [error, setError] = useState<string | undefined>();
  const shown = text ?? JSON.stringify(course, null, 2);
  return (
    <details className="rounded-2xl border border-neutral-200 bg-white p-5 shadow-sm">
      <summary className="cursor-pointer font-semibold text-neutral-900">{t('courses:editor.fileTitle')}</summary>
      <p className="mt-2 mb-3 text-sm text-neutral-600">{t('courses:editor.fileDescription')}</p>
      <FormField label={t('courses:editor.file')} hideLabel error={error}>
        <Textarea
          rows={24}
          className="font-mono text-xs"
          value={shown}
          onChange={(event) => setText(event.target.value)}
        />
      </FormField>
      <div className="mt-3 flex gap-2">
        <Button
          variant="outline"
          color="neutral"
          disabled={text === null}
          onClick={() => {
            try {
              onApply(JSON.parse(shown) as CourseContent);
              setText(null);
              setError(undefined);
            } catch {
              setError(t('courses:admin.notJson'));
            }
          }}
        >
          {t('courses:editor.applyFile')}
        </Button>
        <Button variant="ghost" color="neutral" disabled={text === null} onClick={() => setText(null)}>
          {t('courses:editor.discardFile')}
        </Button>
      </div>
    </details>
  );
}

/** Admin: edit a course (/admin/courses/:slug): texts in four languages with a Markdown preview, lessons, the course file. */
export function Component() {
  const { slug = '' } = useParams();
  const { t } = useTranslation(['courses', 'errors']);
  const loaded = useAdminCourseContent(slug);
  const save = useSaveCourse(slug);
  const [draft, setDraft] = useState<CourseContent | null>(null);
  const [lessonIndex, setLessonIndex] = useState(0);
  const [errors, setErrors] = useState<string[]>([]);
  const course = draft ?? loaded.data ?? null;

  const header = (
    <PageHeader
      eyebrow={
        <Link to={paths.admin.courses.getHref()} className="hover:underline">
          {t('courses:admin.title')}
        </Link>
      }
      title={course ? course.title.en : t('courses:editor.title')}
      actions={
        course && (
          <Button
            icon={Save}
            loading={save.isPending}
            disabled={draft === null}
            onClick={() =>
              save.mutate(course, {
                onSuccess: () => {
                  setErrors([]);
                  setDraft(null);
                  toast.add({ title: t('courses:editor.saved'), color: 'success' });
                },
                onError: (error) =>
                  setErrors([
                    t(errorMessageKey(error)),
                    ...(isApiError(error) && error.fields
                      ? Object.entries(error.fields).map(([path, message]) => `${path}: ${message}`)
                      : []),
                  ]),
              })
            }
          >
            {t('courses:editor.save')}
          </Button>
        )
      }
    />
  );
  if (!course) {
    return (
      <div className="mx-auto max-w-6xl">
        {header}
        {loaded.isError ? (
          <p role="alert" className="text-sm text-red-700">
            {t(errorMessageKey(loaded.error))}
          </p>
        ) : (
          <Skeleton className="h-96" />
        )}
      </div>
    );
  }
  const change = (next: CourseContent) => setDraft(next);
  const lesson = course.lessons[Math.min(lessonIndex, course.lessons.length - 1)]!;
  const takenIds = new Set(
    course.lessons.flatMap((entry) => [
      ...entry.flashcards.map((card) => card.id),
      ...entry.questions.map((question) => question.id),
    ]),
  );
  const changeLesson = (next: LessonContent) =>
    change({ ...course, lessons: course.lessons.map((entry) => (entry === lesson ? next : entry)) });

  return (
    <div className="mx-auto max-w-6xl space-y-6">
      {header}
      {draft && <p className="text-sm text-amber-800">{t('courses:editor.unsaved')}</p>}
      {errors.length > 0 && (
        <div role="alert" className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800">
          <ul className="list-disc pl-5">
            {errors.map((error) => (
              <li key={error}>{error}</li>
            ))}
          </ul>
        </div>
      )}
      <section
        aria-labelledby="editor-course"
        className="space-y-4 rounded-2xl border border-neutral-200 bg-white p-5 shadow-sm"
      >
        <h2 id="editor-course" className="font-semibold text-neutral-900">
          {t('courses:editor.course')}
        </h2>
        <LocalizedTextFields
          label={t('courses:editor.courseTitle')}
          value={course.title}
          onChange={(title) => change({ ...course, title })}
        />
        <LocalizedMarkdownField
          label={t('courses:editor.summary')}
          rows={3}
          value={course.summary}
          onChange={(summary) => change({ ...course, summary })}
        />
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <FormField label={t('courses:editor.passMark')}>
            <Input
              type="number"
              min={1}
              max={100}
              value={course.passMark}
              onChange={(event) => change({ ...course, passMark: Number(event.target.value) })}
            />
          </FormField>
          <FormField label={t('courses:editor.minutes')}>
            <Input
              type="number"
              min={1}
              value={course.minutes}
              onChange={(event) => change({ ...course, minutes: Number(event.target.value) })}
            />
          </FormField>
        </div>
      </section>

      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[16rem_1fr]">
        <nav aria-label={t('courses:editor.lessons')} className="space-y-2">
          <h2 className="font-semibold text-neutral-900">{t('courses:editor.lessons')}</h2>
          <ol className="space-y-1">
            {course.lessons.map((entry, index) => (
              <li key={entry.slug}>
                <button
                  type="button"
                  aria-current={entry === lesson ? 'true' : undefined}
                  onClick={() => setLessonIndex(index)}
                  className={cn(
                    'w-full rounded-lg px-3 py-2 text-left text-sm',
                    entry === lesson
                      ? 'bg-primary-50 font-medium text-primary-800'
                      : 'text-neutral-700 hover:bg-neutral-100',
                  )}
                >
                  {index + 1}. {entry.title.en}
                </button>
              </li>
            ))}
          </ol>
          <Button
            size="xs"
            variant="outline"
            color="neutral"
            icon={Plus}
            onClick={() => {
              change({ ...course, lessons: [...course.lessons, newLesson(freeLessonSlug(course))] });
              setLessonIndex(course.lessons.length);
            }}
          >
            {t('courses:editor.addLesson')}
          </Button>
        </nav>
        <section
          aria-label={t('courses:editor.lesson')}
          className="space-y-4 rounded-2xl border border-neutral-200 bg-white p-5 shadow-sm"
        >
          <p className="text-xs text-neutral-500">{t('courses:editor.lessonSlug', { slug: lesson.slug })}</p>
          <LocalizedTextFields
            label={t('courses:editor.lessonTitle')}
            value={lesson.title}
            onChange={(title) => changeLesson({ ...lesson, title })}
          />
          <LocalizedMarkdownField
            label={t('courses:editor.lessonBody')}
            value={lesson.body}
            onChange={(body) => changeLesson({ ...lesson, body })}
          />
          <FlashcardsEditor
            lesson={lesson}
            takenIds={takenIds}
            onChange={(flashcards) => changeLesson({ ...lesson, flashcards })}
          />
          <p className="text-sm text-neutral-600">
            {t('courses:editor.lessonCounts', { questions: lesson.questions.length })}
          </p>
        </section>
      </div>
      <CourseFileEditor course={course} onApply={change} />
    </div>
  );
}
