import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { paths } from '@/config/paths.ts';
import { errorMessageKey } from '@/lib/api-client.ts';

/** The way back above a course screen's title: the course's name, or "Back to the course". */
export function BackToCourse({ slug, label }: { slug: string; label?: string }) {
  const { t } = useTranslation('courses');
  return (
    <Link to={paths.courses.course.getHref(slug)} className="hover:underline">
      {label ?? t('courses:backToCourse')}
    </Link>
  );
}

/** What a course screen shows before its data arrives: the failure, translated, or a placeholder of its size. */
export function LoadingOrError({ error, className }: { error: unknown; className: string }) {
  const { t } = useTranslation('errors');
  return error ? (
    <p role="alert" className="text-sm text-red-700">
      {t(errorMessageKey(error))}
    </p>
  ) : (
    <Skeleton className={className} />
  );
}
