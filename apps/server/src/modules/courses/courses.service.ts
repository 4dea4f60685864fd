import type { Actor } from '../access/actor.ts';
import { createCourseAdminService } from './course-admin.service.ts';
import { createCourseCertificatesService } from './course-certificates.service.ts';
import type { CoursesDeps } from './course-context.ts';
import { createCourseLearningService } from './course-learning.service.ts';
import { createCoursePracticeService } from './course-practice.service.ts';

export type { CoursesDeps } from './course-context.ts';

/**
 * Courses' public face: reading and notes (course-learning), reviews, tests and essays
 * (course-practice), certificates (course-certificates) and the admin side (course-admin).
 */
export function createCoursesService(deps: CoursesDeps) {
  const certificates = createCourseCertificatesService(deps);
  const learning = createCourseLearningService(deps);
  const practice = createCoursePracticeService(deps, (caller, slug) => certificates.issueIfComplete(caller, slug));
  return {
    ...learning,
    ...practice,
    ...certificates,
    ...createCourseAdminService(deps),
    /** Reading the last lesson after passing the final test completes the course too. */
    async markRead(
      actor: Actor,
      input: { slug: string; lesson: string; seconds: number },
    ): Promise<{ certificateId: string | null }> {
      await learning.markRead(actor, input);
      if (actor.kind !== 'user') return { certificateId: null };
      return { certificateId: await certificates.issueIfComplete(actor, input.slug) };
    },
  };
}

export type CoursesService = ReturnType<typeof createCoursesService>;
