import { GraduationCap, Layers } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { paths } from '@/config/paths.ts';
import { errorMessageKey } from '@/lib/api-client.ts';
import { useCourses } from '../api/courses.ts';
import { useCourseLanguage } from '../hooks/use-course-language.ts';
import { ProgressBar } from './progress-bar.tsx';

/** The dashboard's courses: progress and the cards due today, each a step away. */
export function DashboardCoursesCard() {
  const { t } = useTranslation(['courses', 'errors']);
  const lang = useCourseLanguage();
  const courses = useCourses(lang);
  const due = courses.data?.courses.reduce((sum, course) => sum + course.progress.cardsDue, 0) ?? 0;
  return (
    <section
      aria-labelledby="dashboard-courses"
      className="rounded-2xl border border-neutral-200 bg-white p-5 shadow-sm"
    >
      <div className="mb-3 flex items-center justify-between gap-2">
        <h2 id="dashboard-courses" className="flex items-center gap-2 text-base font-semibold text-neutral-900">
          <GraduationCap aria-hidden="true" className="size-4 text-primary-600" />
          {t('courses:dashboard.title')}
        </h2>
        <Link to={paths.courses.list.getHref()} className="text-sm font-medium text-primary-700 hover:underline">
          {t('courses:dashboard.open')}
        </Link>
      </div>
      {courses.isPending ? (
        <Skeleton className="h-16" />
      ) : courses.isError ? (
        <p role="alert" className="text-sm text-red-700">
          {t(errorMessageKey(courses.error))}
        </p>
      ) : (
        <>
          <p className="mb-3 text-sm text-neutral-700">{t('courses:dashboard.due', { count: due })}</p>
          <ul className="space-y-3">
            {courses.data.courses.map((course) => (
              <li key={course.slug} className="text-sm">
                <div className="mb-1 flex items-center gap-2">
                  <Link
                    to={paths.courses.course.getHref(course.slug)}
                    className="min-w-0 flex-1 truncate font-medium hover:text-primary-800"
                  >
                    {course.title}
                  </Link>
                  {course.progress.cardsDue > 0 && (
                    <Link
                      to={paths.courses.review.getHref(course.slug)}
                      className="inline-flex shrink-0 items-center gap-1 text-xs font-medium text-primary-700 hover:underline"
                    >
                      <Layers aria-hidden="true" className="size-3.5" />
                      {t('courses:catalogue.review', { count: course.progress.cardsDue })}
                    </Link>
                  )}
                </div>
                <ProgressBar
                  value={course.progress.lessonsRead}
                  max={course.progress.lessonCount}
                  label={t('courses:dashboard.progressLabel', { title: course.title })}
                />
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
