import type { CourseProgress } from '@compliance/shared/courses';
import { useTranslation } from 'react-i18next';
import { ProgressBar } from './progress-bar.tsx';

/** Lessons read, cards due and the final test, in one line each. */
export function CourseProgressSummary({ progress, passMark }: { progress: CourseProgress; passMark: number }) {
  const { t } = useTranslation('courses');
  return (
    <div className="space-y-2 text-sm text-neutral-700">
      <ProgressBar value={progress.lessonsRead} max={progress.lessonCount} label={t('courses:progress.lessonsLabel')} />
      <p>{t('courses:progress.lessons', { read: progress.lessonsRead, total: progress.lessonCount })}</p>
      <p>{t('courses:progress.cardsDue', { count: progress.cardsDue })}</p>
      <p>
        {progress.bestScore === null
          ? t('courses:progress.noTest', { passMark })
          : t(progress.passed ? 'courses:progress.testPassed' : 'courses:progress.testNotPassed', {
              score: Math.round(progress.bestScore),
              passMark,
            })}
      </p>
    </div>
  );
}
