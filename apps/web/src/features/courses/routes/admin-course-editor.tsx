import type { CourseContent, LessonContent } from '@compliance/shared/courses';
import { locales, type Locale } from '@compliance/shared/locales';
import { Plus, Save } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { toast } from '@/components/toaster/toast-store.ts';
import { Button } from '@/components/ui/button.tsx';
import { FormField } from '@/components/ui/form-field.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { Textarea } from '@/components/ui/textarea.tsx';
import { paths } from '@/config/paths.ts';
import { errorMessageKey, isApiError } from '@/lib/api-client.ts';
import { cn } from '@/lib/cn.ts';
import { languageNames } from '@/lib/i18n.ts';
import type { RouteHandle } from '@/lib/route-handle.ts';
import { useAdminCourseContent, useSaveCourse } from '../api/admin.ts';
import { CourseIssuesProvider, useHasCourseIssuesUnder, useIssueMessage } from '../components/course-issues.tsx';
import { EssaysEditor } from '../components/essays-editor.tsx';
import { FlashcardsEditor } from '../components/flashcards-editor.tsx';
import { LocalizedMarkdownField, LocalizedTextFields } from '../components/localized-markdown-field.tsx';
import { NumberField } from '../components/number-field.tsx';
import { QuestionsEditor } from '../components/questions-editor.tsx';
import { courseSchemaIssues, liveCourseIssues, serverOnlyIssues, type CourseIssue } from '../utils/course-issues.ts';
import { freeLessonSlug, newLesson } from '../utils/course-template.ts';

export const handle = { title: 'courses:editor.title' } satisfies RouteHandle;

/**
 * The course file as JSON, for what has no form (lesson sources, level, catalogue position) and for
 * pasting whole parts: the same course object the forms edit, applied when it parses.
 */
function CourseFileEditor({ course, onApply }: { course: CourseContent; onApply: (course: CourseContent) => void }) {
  const { t } = useTranslation('courses');
  const [edit, setEdit] = useState<{ text: string; base: CourseContent } | null>(null);
  const [error, setError] = useState<string | undefined>();
  const shown = edit?.text ?? JSON.stringify(course, null, 2);
  return (
    <details className="rounded-2xl border border-neutral-200 bg-white p-4 shadow-sm sm:p-5">
      <summary className="cursor-pointer font-semibold text-neutral-900">{t('courses:editor.fileTitle')}</summary>
      <p className="mt-2 mb-3 text-sm text-neutral-600">{t('courses:editor.fileDescription')}</p>
      {edit && edit.base !== course && <p className="mb-3 text-sm text-amber-800">{t('courses:editor.fileStale')}</p>}
      <FormField label={t('courses:editor.file')} hideLabel error={error}>
        <Textarea
          rows={24}
          className="font-mono text-xs"
          value={shown}
          onChange={(event) => setEdit({ text: event.target.value, base: edit?.base ?? course })}
        />
      </FormField>
      <div className="mt-3 flex flex-wrap gap-2">
        <Button
          variant="outline"
          color="neutral"
          disabled={edit === null}
          onClick={() => {
            try {
              onApply(JSON.parse(shown) as CourseContent);
              setEdit(null);
              setError(undefined);
            } catch {
              setError(t('courses:admin.notJson'));
            }
          }}
        >
          {t('courses:editor.applyFile')}
        </Button>
        <Button
          variant="ghost"
          color="neutral"
          disabled={edit === null}
          onClick={() => {
            setEdit(null);
            setError(undefined);
          }}
        >
          {t('courses:editor.discardFile')}
        </Button>
      </div>
    </details>
  );
}

/** Where an issue is, readable: "Lesson 2 › Question 3 › correct". */
function useIssuePlace(): (path: string) => string {
  const { t } = useTranslation('courses');
  const numbered: Record<string, (number: number) => string> = {
    lessons: (number) => t('courses:editor.lessonNumber', { number }),
    flashcards: (number) => t('courses:editor.card', { number }),
    questions: (number) => t('courses:editor.question', { number }),
    options: (number) => t('courses:editor.option', { number }),
    essays: (number) => t('courses:editor.essay', { number }),
    criteria: (number) => t('courses:editor.criterion', { number }),
    concepts: (number) => t('courses:editor.concept', { number }),
    misconceptions: (number) => t('courses:editor.misconception', { number }),
  };
  const fields: Record<string, string> = {
    title: t('courses:editor.courseTitle'),
    summary: t('courses:editor.summary'),
    body: t('courses:editor.lessonBody'),
    front: t('courses:cards.front'),
    back: t('courses:cards.back'),
    prompt: t('courses:editor.prompt'),
    options: t('courses:editor.options'),
    correct: t('courses:editor.rightAnswer'),
    accepted: t('courses:editor.accepted'),
    explanation: t('courses:editor.explanation'),
    source: t('courses:editor.source'),
    document: t('courses:editor.sourceDocument'),
    section: t('courses:editor.sourceSection'),
    minWords: t('courses:editor.minWords'),
    maxWords: t('courses:editor.maxWords'),
    weight: t('courses:editor.weight'),
    label: t('courses:editor.conceptLabel'),
    terms: t('courses:editor.terms'),
    correction: t('courses:editor.correction'),
    passMark: t('courses:editor.passMark'),
    minutes: t('courses:editor.minutes'),
  };
  return (path) => {
    const parts = path.split('.');
    const place: string[] = [];
    for (let index = 0; index < parts.length; index += 1) {
      const part = parts[index] ?? '';
      const next = parts[index + 1];
      const name = numbered[part];
      if (name && next !== undefined && /^\d+$/.test(next)) {
        place.push(name(Number(next) + 1));
        index += 1;
      } else {
        place.push(
          (locales as readonly string[]).includes(part) ? languageNames[part as Locale] : (fields[part] ?? part),
        );
      }
    }
    return place.join(' › ');
  };
}

/** Lists the course's problems after a refused save; each field shows its own too. */
function SaveErrors({ message, issues }: { message: string; issues: readonly CourseIssue[] }) {
  const issueMessage = useIssueMessage();
  const place = useIssuePlace();
  return (
    <div role="alert" className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800">
      <p className="font-medium">{message}</p>
      {issues.length > 0 && (
        <ul className="mt-1 list-disc pl-5">
          {issues.slice(0, 30).map((issue) => (
            <li key={issue.path}>
              {place(issue.path)}: {issueMessage(issue)}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** Admin: edit a course (/admin/courses/:slug): texts in four languages with a Markdown preview, lessons with their cards and questions, essays with their rubrics, the course file. */
export function Component() {
  const { slug = '' } = useParams();
  const { t } = useTranslation(['courses', 'errors']);
  const loaded = useAdminCourseContent(slug);
  const save = useSaveCourse(slug);
  const [draft, setDraft] = useState<CourseContent | null>(null);
  const [lessonIndex, setLessonIndex] = useState(0);
  // After a refused save: the server's message, and what only the server found (the rest is checked here as the admin edits).
  const [refused, setRefused] = useState<{ message: string; serverOnly: CourseIssue[] } | null>(null);
  const course = draft ?? loaded.data ?? null;
  const issues = useMemo(() => {
    if (!course) return [];
    const all = [
      ...(refused ? [...refused.serverOnly, ...courseSchemaIssues(course)] : []),
      ...liveCourseIssues(course),
    ];
    const seen = new Set<string>();
    return all.filter((issue) => !seen.has(issue.path) && Boolean(seen.add(issue.path)));
  }, [course, refused]);

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
                  setRefused(null);
                  setDraft(null);
                  toast.add({ title: t('courses:editor.saved'), color: 'success' });
                },
                onError: (error) =>
                  setRefused({
                    message: t(errorMessageKey(error)),
                    serverOnly: isApiError(error) && error.fields ? serverOnlyIssues(course, error.fields) : [],
                  }),
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
  const currentLesson = Math.min(lessonIndex, course.lessons.length - 1);
  const lesson = course.lessons[currentLesson]!;
  const takenIds = new Set([
    ...course.lessons.flatMap((entry) => [
      ...entry.flashcards.map((card) => card.id),
      ...entry.questions.map((question) => question.id),
    ]),
    ...course.essays.map((essay) => essay.id),
  ]);
  const changeLesson = (next: LessonContent) =>
    change({ ...course, lessons: course.lessons.map((entry) => (entry === lesson ? next : entry)) });

  return (
    <CourseIssuesProvider issues={issues}>
      <div className="mx-auto max-w-6xl space-y-6">
        {header}
        {draft && <p className="text-sm text-amber-800">{t('courses:editor.unsaved')}</p>}
        {refused && <SaveErrors message={refused.message} issues={issues} />}
        <section
          aria-labelledby="editor-course"
          className="space-y-4 rounded-2xl border border-neutral-200 bg-white p-4 shadow-sm sm:p-5"
        >
          <h2 id="editor-course" className="font-semibold text-neutral-900">
            {t('courses:editor.course')}
          </h2>
          <LocalizedTextFields
            label={t('courses:editor.courseTitle')}
            value={course.title}
            path="title"
            onChange={(title) => change({ ...course, title })}
          />
          <LocalizedMarkdownField
            label={t('courses:editor.summary')}
            rows={3}
            value={course.summary}
            path="summary"
            onChange={(summary) => change({ ...course, summary })}
          />
          <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
            <NumberField
              className=""
              label={t('courses:editor.passMark')}
              path="passMark"
              min={1}
              max={100}
              value={course.passMark}
              onChange={(passMark) => change({ ...course, passMark })}
            />
            <NumberField
              className=""
              label={t('courses:editor.minutes')}
              path="minutes"
              min={1}
              value={course.minutes}
              onChange={(minutes) => change({ ...course, minutes })}
            />
          </div>
        </section>

        <div className="grid grid-cols-1 gap-6 lg:grid-cols-[16rem_minmax(0,1fr)]">
          <LessonNav
            course={course}
            current={currentLesson}
            onSelect={setLessonIndex}
            onAdd={() => {
              change({ ...course, lessons: [...course.lessons, newLesson(freeLessonSlug(course))] });
              setLessonIndex(course.lessons.length);
            }}
          />
          <section
            aria-label={t('courses:editor.lesson')}
            className="min-w-0 space-y-6 rounded-2xl border border-neutral-200 bg-white p-4 shadow-sm sm:p-5"
          >
            <p className="text-xs text-neutral-500">{t('courses:editor.lessonSlug', { slug: lesson.slug })}</p>
            <LocalizedTextFields
              label={t('courses:editor.lessonTitle')}
              value={lesson.title}
              path={`lessons.${currentLesson}.title`}
              onChange={(title) => changeLesson({ ...lesson, title })}
            />
            <LocalizedMarkdownField
              label={t('courses:editor.lessonBody')}
              value={lesson.body}
              path={`lessons.${currentLesson}.body`}
              onChange={(body) => changeLesson({ ...lesson, body })}
            />
            <FlashcardsEditor
              lesson={lesson}
              lessonIndex={currentLesson}
              takenIds={takenIds}
              onChange={(flashcards) => changeLesson({ ...lesson, flashcards })}
            />
            <QuestionsEditor
              lesson={lesson}
              lessonIndex={currentLesson}
              takenIds={takenIds}
              onChange={(questions) => changeLesson({ ...lesson, questions })}
            />
          </section>
        </div>
        <EssaysEditor course={course} takenIds={takenIds} onChange={(essays) => change({ ...course, essays })} />
        <CourseFileEditor course={course} onApply={change} />
      </div>
    </CourseIssuesProvider>
  );
}

/** The course's lessons to pick one to edit; a lesson with problems is marked. */
function LessonNav({
  course,
  current,
  onSelect,
  onAdd,
}: {
  course: CourseContent;
  current: number;
  onSelect: (index: number) => void;
  onAdd: () => void;
}) {
  const { t } = useTranslation('courses');
  const hasIssuesUnder = useHasCourseIssuesUnder();
  return (
    <nav aria-label={t('courses:editor.lessons')} className="space-y-2">
      <h2 className="font-semibold text-neutral-900">{t('courses:editor.lessons')}</h2>
      <ol className="space-y-1">
        {course.lessons.map((entry, index) => (
          <li key={entry.slug}>
            <button
              type="button"
              aria-current={index === current ? 'true' : undefined}
              onClick={() => onSelect(index)}
              className={cn(
                'flex w-full items-start gap-2 rounded-lg px-3 py-2 text-left text-sm',
                index === current
                  ? 'bg-primary-50 font-medium text-primary-800'
                  : 'text-neutral-700 hover:bg-neutral-100',
              )}
            >
              <span className="flex-1">
                {index + 1}. {entry.title.en}
              </span>
              {hasIssuesUnder(`lessons.${index}`) && (
                <span className="shrink-0 font-semibold text-red-700">
                  <span aria-hidden="true">!</span>
                  <span className="sr-only">{t('courses:editor.hasProblem')}</span>
                </span>
              )}
            </button>
          </li>
        ))}
      </ol>
      <Button size="xs" variant="outline" color="neutral" icon={Plus} onClick={onAdd}>
        {t('courses:editor.addLesson')}
      </Button>
    </nav>
  );
}
