import type { CourseCitation } from '@compliance/shared/courses';
import { BookOpen } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/config/paths.ts';

/** A knowledge-base passage a lesson, card, question or rubric concept rests on, opening in the viewer. */
export function SourceLink({ source }: { source: CourseCitation }) {
  const label = `${source.title} › ${source.section}`;
  if (!source.fileId) return <span className="text-neutral-600">{label}</span>;
  return (
    <Link
      to={paths.app.documentViewer.getHref(source.fileId, source.page)}
      className="inline-flex items-start gap-1.5 text-primary-700 hover:underline"
    >
      <BookOpen aria-hidden="true" className="mt-0.5 size-3.5 shrink-0" />
      <span>{label}</span>
    </Link>
  );
}

export function SourceList({ sources }: { sources: CourseCitation[] }) {
  const { t } = useTranslation('courses');
  if (sources.length === 0) return null;
  return (
    <section aria-labelledby="lesson-sources" className="rounded-lg border border-neutral-200 bg-neutral-50 p-4">
      <h2 id="lesson-sources" className="mb-2 text-sm font-semibold text-neutral-900">
        {t('courses:lesson.sources')}
      </h2>
      <ul className="space-y-1.5 text-sm">
        {sources.map((source) => (
          <li key={`${source.fileId}-${source.section}`}>
            <SourceLink source={source} />
          </li>
        ))}
      </ul>
    </section>
  );
}
