import type { CourseSummary } from '@compliance/shared/courses';
import { Download, GraduationCap, Layers, NotebookPen } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge.tsx';
import { Button, buttonClasses } from '@/components/ui/button.tsx';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { paths } from '@/config/paths.ts';
import { errorMessageKey } from '@/lib/api-client.ts';
import type { RouteHandle } from '@/lib/route-handle.ts';
import { useDownloadLearningRecord } from '../api/certificates.ts';
import { useCourses } from '../api/courses.ts';
import { CourseProgressSummary } from '../components/course-progress.tsx';
import { LearningSettingsDialog } from '../components/learning-settings-dialog.tsx';
import { useCourseLanguage } from '../hooks/use-course-language.ts';

export const handle = { title: 'courses:catalogue.title' } satisfies RouteHandle;

function CourseCard({ course }: { course: CourseSummary }) {
  const { t } = useTranslation('courses');
  return (
    <li className="flex flex-col rounded-2xl border border-neutral-200 bg-white p-5 shadow-sm">
      <div className="mb-2 flex flex-wrap items-center gap-2">
        <Badge color="primary" variant="soft">
          {t(`courses:level.${course.level}`)}
        </Badge>
        <span className="text-xs text-neutral-500">{t('courses:minutes', { count: course.minutes })}</span>
        {!course.published && <Badge color="warning">{t('courses:draft')}</Badge>}
        {course.progress.completed && <Badge color="success">{t('courses:progress.completed')}</Badge>}
      </div>
      <h2 className="text-lg font-semibold text-neutral-900">
        <Link to={paths.courses.course.getHref(course.slug)} className="hover:underline">
          {course.title}
        </Link>
      </h2>
      <p className="mt-1 mb-4 flex-1 text-sm text-neutral-600">{course.summary}</p>
      <CourseProgressSummary progress={course.progress} passMark={course.passMark} />
      <div className="mt-4 flex flex-wrap gap-2">
        <Link to={paths.courses.course.getHref(course.slug)} className={buttonClasses({})}>
          {course.progress.lessonsRead > 0 ? t('courses:catalogue.continue') : t('courses:catalogue.start')}
        </Link>
        {course.progress.cardsDue > 0 && (
          <Link
            to={paths.courses.review.getHref(course.slug)}
            className={buttonClasses({ variant: 'outline', color: 'neutral' })}
          >
            <Layers aria-hidden="true" className="size-4" />
            {t('courses:catalogue.review', { count: course.progress.cardsDue })}
          </Link>
        )}
      </div>
    </li>
  );
}

/** The course catalogue (/courses): every published course with the learner's progress. */
export function Component() {
  const { t } = useTranslation(['courses', 'errors']);
  const lang = useCourseLanguage();
  const courses = useCourses(lang);
  const record = useDownloadLearningRecord();
  return (
    <div className="mx-auto max-w-6xl">
      <PageHeader
        title={t('courses:catalogue.title')}
        description={t('courses:catalogue.description')}
        actions={
          <>
            <Link
              to={paths.courses.notes.getHref()}
              className={buttonClasses({ variant: 'outline', color: 'neutral' })}
            >
              <NotebookPen aria-hidden="true" className="size-4" />
              {t('courses:catalogue.notes')}
            </Link>
            <Button
              variant="outline"
              color="neutral"
              icon={Download}
              loading={record.isPending}
              onClick={() => record.mutate(lang)}
            >
              {t('courses:catalogue.record')}
            </Button>
            <LearningSettingsDialog />
          </>
        }
      />
      {courses.isPending ? (
        <div className="grid grid-cols-1 gap-4 md:grid-cols-2 xl:grid-cols-3">
          <Skeleton className="h-64" />
          <Skeleton className="h-64" />
          <Skeleton className="h-64" />
        </div>
      ) : courses.isError ? (
        <p role="alert" className="text-sm text-red-700">
          {t(errorMessageKey(courses.error))}
        </p>
      ) : courses.data.courses.length === 0 ? (
        <EmptyState
          icon={GraduationCap}
          title={t('courses:catalogue.emptyTitle')}
          description={t('courses:catalogue.emptyDescription')}
        />
      ) : (
        <ul className="grid grid-cols-1 gap-4 md:grid-cols-2 xl:grid-cols-3">
          {courses.data.courses.map((course) => (
            <CourseCard key={course.slug} course={course} />
          ))}
        </ul>
      )}
    </div>
  );
}
