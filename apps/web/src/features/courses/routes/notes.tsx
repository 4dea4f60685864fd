import { NotebookPen, Search } from 'lucide-react';
import { useDeferredValue } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { FormField } from '@/components/ui/form-field.tsx';
import { Input } from '@/components/ui/input.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { paths } from '@/config/paths.ts';
import { errorMessageKey } from '@/lib/api-client.ts';
import { formatDate } from '@/lib/format.ts';
import type { RouteHandle } from '@/lib/route-handle.ts';
import { useNoteSearch } from '../api/notes.ts';
import { useCourseLanguage } from '../hooks/use-course-language.ts';

export const handle = { title: 'courses:notesSearch.title' } satisfies RouteHandle;

/** The learner's notes across every course (/courses/notes?q=), newest first. */
export function Component() {
  const { t, i18n } = useTranslation(['courses', 'errors']);
  const lang = useCourseLanguage();
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const deferred = useDeferredValue(q);
  const notes = useNoteSearch(deferred.trim(), lang);
  return (
    <div className="mx-auto max-w-4xl">
      <PageHeader
        eyebrow={
          <Link to={paths.courses.list.getHref()} className="hover:underline">
            {t('courses:catalogue.title')}
          </Link>
        }
        title={t('courses:notesSearch.title')}
        description={t('courses:notesSearch.description')}
      />
      <FormField label={t('courses:notesSearch.label')} hideLabel className="mb-4">
        <Input
          type="search"
          icon={Search}
          maxLength={200}
          placeholder={t('courses:notesSearch.placeholder')}
          value={q}
          onChange={(event) => setParams(event.target.value ? { q: event.target.value } : {}, { replace: true })}
        />
      </FormField>
      {notes.isPending ? (
        <Skeleton className="h-40" />
      ) : notes.isError ? (
        <p role="alert" className="text-sm text-red-700">
          {t(errorMessageKey(notes.error))}
        </p>
      ) : notes.data.notes.length === 0 ? (
        <EmptyState
          icon={NotebookPen}
          title={q ? t('courses:notesSearch.noMatch') : t('courses:notesSearch.emptyTitle')}
          description={q ? undefined : t('courses:notesSearch.emptyDescription')}
        />
      ) : (
        <ul aria-live="polite" className="space-y-3">
          {notes.data.notes.map((note) => (
            <li key={note.id} className="rounded-xl border border-neutral-200 bg-white p-4 shadow-sm">
              <p className="mb-1 text-xs text-neutral-500">
                <Link
                  to={paths.courses.lesson.getHref(note.courseSlug, note.lessonSlug)}
                  className="font-medium text-primary-700 hover:underline"
                >
                  {note.courseTitle} › {note.lessonTitle}
                </Link>
                <span className="ml-2">{formatDate(note.updatedAt, i18n.language)}</span>
              </p>
              {note.quote && (
                <blockquote className="mb-1 border-l-2 border-accent-400 pl-2 text-sm text-neutral-600 italic">
                  {note.quote}
                </blockquote>
              )}
              <p className="text-sm whitespace-pre-wrap text-neutral-800">
                {note.body || t('courses:notesSearch.emptyNote')}
              </p>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
