import fp from 'fastify-plugin';
import { defaultCoursesDir, loadShippedCourses } from './course-content.ts';
import { coursesRoutes } from './courses.routes.ts';
import { createCoursesRepository } from './courses.repository.ts';
import { createCoursesService, type CoursesService } from './courses.service.ts';
import { createLlmEssayReviewer } from './essay-llm-review.ts';

declare module 'fastify' {
  interface FastifyInstance {
    courses: CoursesService;
  }
}

export interface CoursesModuleOptions {
  /** Where the shipped courses are (content/courses). */
  coursesDir?: string;
  /** The clock reviews are scheduled by (tests move it by days). */
  now?: () => Date;
}

/** Courses (issue 16): lessons, notes, flashcards on FSRS, self-tests, essays, progress, certificates. */
export const coursesModule = fp<CoursesModuleOptions>(
  async (app, options) => {
    const repository = createCoursesRepository(app.db);
    const courses = createCoursesService({
      access: app.access,
      repository,
      knowledge: app.knowledge,
      now: options.now ?? (() => new Date()),
      certificateKey: () => app.installationSecret('course-certificates'),
      publicUrl: app.config.publicUrl,
      essayReviewer: app.config.llm ? createLlmEssayReviewer(app.config.llm) : null,
    });
    // The shipped courses: new ones added, unchanged-by-admins ones refreshed; learners' records stay.
    const shipped = await loadShippedCourses(options.coursesDir ?? defaultCoursesDir);
    const outcomes = await Promise.all(shipped.map((course) => repository.upsertSeeded(course)));
    const changed = outcomes.filter((outcome) => outcome !== 'kept').length;
    if (changed > 0) app.log.info({ courses: changed }, 'Imported the shipped courses');
    app.decorate('courses', courses);
    await app.register(coursesRoutes, { prefix: '/api', courses });
  },
  { name: 'courses', dependencies: ['db', 'auth', 'settings', 'library'] },
);
