import { Award, CheckCircle2, Circle, ClipboardCheck, Download, Layers, PenLine } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { Badge } from '@/components/ui/badge.tsx';
import { Button, buttonClasses } from '@/components/ui/button.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { paths } from '@/config/paths.ts';
import { errorMessageKey } from '@/lib/api-client.ts';
import { formatDate } from '@/lib/format.ts';
import type { RouteHandle } from '@/lib/route-handle.ts';
import { useCourseCertificate, useDownloadAnkiDeck, useDownloadCertificate } from '../api/certificates.ts';
import { useCourse } from '../api/courses.ts';
import { CourseProgressSummary } from '../components/course-progress.tsx';
import { useCourseLanguage } from '../hooks/use-course-language.ts';

export const handle = { title: 'courses:course.title' } satisfies RouteHandle;

const card = 'rounded-2xl border border-neutral-200 bg-white p-5 shadow-sm';

function CertificateCard({ slug }: { slug: string }) {
  const { t, i18n } = useTranslation('courses');
  const lang = useCourseLanguage();
  const certificate = useCourseCertificate(slug, true);
  const download = useDownloadCertificate(slug);
  if (!certificate.data) return null;
  return (
    <section aria-labelledby="course-certificate" className={`${card} border-green-200 bg-green-50`}>
      <h2 id="course-certificate" className="mb-1 flex items-center gap-2 text-base font-semibold text-neutral-900">
        <Award aria-hidden="true" className="size-5 text-green-700" />
        {t('courses:certificate.title')}
      </h2>
      <p className="mb-3 text-sm text-neutral-700">
        {t('courses:certificate.issued', { date: formatDate(certificate.data.issuedAt, i18n.language) })}
      </p>
      <div className="flex flex-wrap gap-2">
        <Button icon={Download} loading={download.isPending} onClick={() => download.mutate(lang)}>
          {t('courses:certificate.download')}
        </Button>
        <a href={certificate.data.verificationUrl} className={buttonClasses({ variant: 'outline', color: 'neutral' })}>
          {t('courses:certificate.verify')}
        </a>
      </div>
    </section>
  );
}

/** A course (/courses/:slug): its lessons, practice, final test, essays, progress and certificate. */
export function Component() {
  const { slug = '' } = useParams();
  const { t } = useTranslation(['courses', 'errors']);
  const lang = useCourseLanguage();
  const course = useCourse(slug, lang);
  const anki = useDownloadAnkiDeck(slug);

  if (course.isPending) return <Skeleton className="mx-auto h-96 max-w-5xl" />;
  if (course.isError) {
    return (
      <div className="mx-auto max-w-5xl">
        <PageHeader title={t('courses:course.unavailable')} />
        <p role="alert" className="text-sm text-red-700">
          {t(errorMessageKey(course.error))}
        </p>
        <Link to={paths.courses.list.getHref()} className="mt-4 inline-block text-sm text-primary-700 hover:underline">
          {t('courses:backToCatalogue')}
        </Link>
      </div>
    );
  }
  const data = course.data;
  const nextLesson = data.lessons.find((lesson) => !lesson.read) ?? data.lessons[0];
  return (
    <div className="mx-auto max-w-5xl">
      <PageHeader
        eyebrow={
          <Link to={paths.courses.list.getHref()} className="hover:underline">
            {t('courses:catalogue.title')}
          </Link>
        }
        title={data.title}
        description={data.summary}
        actions={
          nextLesson && (
            <Link to={paths.courses.lesson.getHref(slug, nextLesson.slug)} className={buttonClasses({ size: 'md' })}>
              {data.progress.lessonsRead === 0 ? t('courses:catalogue.start') : t('courses:catalogue.continue')}
            </Link>
          )
        }
      />
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[1fr_20rem]">
        <div className="space-y-6">
          <section aria-labelledby="course-lessons" className={card}>
            <h2 id="course-lessons" className="mb-3 text-base font-semibold text-neutral-900">
              {t('courses:course.lessons')}
            </h2>
            <ol className="divide-y divide-neutral-100">
              {data.lessons.map((lesson, index) => (
                <li key={lesson.slug} className="flex flex-wrap items-center gap-3 py-3">
                  {lesson.read ? (
                    <CheckCircle2 aria-label={t('courses:course.read')} className="size-5 shrink-0 text-green-600" />
                  ) : (
                    <Circle aria-label={t('courses:course.unread')} className="size-5 shrink-0 text-neutral-300" />
                  )}
                  <Link
                    to={paths.courses.lesson.getHref(slug, lesson.slug)}
                    className="min-w-0 flex-1 font-medium text-neutral-900 hover:text-primary-800 hover:underline"
                  >
                    {index + 1}. {lesson.title}
                  </Link>
                  <span className="text-xs text-neutral-500">{t('courses:minutes', { count: lesson.minutes })}</span>
                  {lesson.questionCount > 0 && (
                    <Link
                      to={paths.courses.test.getHref(slug, lesson.slug)}
                      className="text-xs font-medium text-primary-700 hover:underline"
                    >
                      {t('courses:course.lessonTest')}
                    </Link>
                  )}
                </li>
              ))}
            </ol>
          </section>
          {data.essays.length > 0 && (
            <section aria-labelledby="course-essays" className={card}>
              <h2 id="course-essays" className="mb-3 text-base font-semibold text-neutral-900">
                {t('courses:course.essays')}
              </h2>
              <ul className="space-y-3">
                {data.essays.map((essay) => (
                  <li key={essay.id} className="flex flex-wrap items-start gap-3">
                    <PenLine aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-neutral-400" />
                    <p className="min-w-0 flex-1 text-sm text-neutral-800">{essay.prompt}</p>
                    {essay.bestScore !== null && (
                      <Badge color="neutral">
                        {t('courses:course.bestScore', { score: Math.round(essay.bestScore) })}
                      </Badge>
                    )}
                    <Link
                      to={paths.courses.essay.getHref(slug, essay.id)}
                      className={buttonClasses({ variant: 'outline', color: 'neutral', size: 'xs' })}
                    >
                      {t('courses:course.writeEssay')}
                    </Link>
                  </li>
                ))}
              </ul>
            </section>
          )}
        </div>
        <aside className="space-y-4">
          <section aria-labelledby="course-progress" className={card}>
            <h2 id="course-progress" className="mb-3 text-base font-semibold text-neutral-900">
              {t('courses:course.progress')}
            </h2>
            <CourseProgressSummary progress={data.progress} passMark={data.passMark} />
            <div className="mt-4 flex flex-col gap-2">
              <Link
                to={paths.courses.review.getHref(slug)}
                className={buttonClasses({
                  variant: data.progress.cardsDue > 0 ? 'solid' : 'outline',
                  color: 'primary',
                  block: true,
                })}
              >
                <Layers aria-hidden="true" className="size-4" />
                {t('courses:course.reviewCards')}
              </Link>
              <Link
                to={paths.courses.test.getHref(slug)}
                className={buttonClasses({ variant: 'outline', color: 'neutral', block: true })}
              >
                <ClipboardCheck aria-hidden="true" className="size-4" />
                {t('courses:course.finalTest')}
              </Link>
              <Button
                variant="ghost"
                color="neutral"
                block
                icon={Download}
                loading={anki.isPending}
                onClick={() => anki.mutate(lang)}
              >
                {t('courses:course.exportAnki')}
              </Button>
            </div>
          </section>
          {data.progress.certificateId && <CertificateCard slug={slug} />}
        </aside>
      </div>
    </div>
  );
}
