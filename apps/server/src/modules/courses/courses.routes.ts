import {
  COURSE_IMPORT_MAX_BYTES,
  adminCourseListSchema,
  adminCourseSchema,
  certificateParamsSchema,
  certificateQuerySchema,
  certificateVerificationSchema,
  checkAnswerInputSchema,
  courseDetailSchema,
  courseListResponseSchema,
  courseLocaleQuerySchema,
  courseNoteInputSchema,
  courseNoteParamsSchema,
  courseNoteSchema,
  courseNoteSearchQuerySchema,
  courseNoteSearchResponseSchema,
  courseNotesResponseSchema,
  courseNoteUpdateSchema,
  courseParamsSchema,
  essayInputSchema,
  essayPageSchema,
  essayParamsSchema,
  essaySubmissionSchema,
  giftImportInputSchema,
  giftImportResultSchema,
  learnerSettingsSchema,
  lessonParamsSchema,
  lessonSchema,
  ownCardInputSchema,
  publishCourseInputSchema,
  questionFeedbackSchema,
  reviewCardSchema,
  reviewInputSchema,
  reviewOutcomeSchema,
  reviewSessionSchema,
  submitTestInputSchema,
  testQuerySchema,
  testResponseSchema,
  testResultSchema,
} from '@compliance/shared/courses';
import { errorBodySchema } from '@compliance/shared/errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { CoursesService } from './courses.service.ts';

export interface CoursesRoutesOptions {
  courses: CoursesService;
}

const errors = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
};
const tags = ['courses'];

/** Courses' HTTP face: parse, pass the actor, map to HTTP. The service checks access. */
export const coursesRoutes: FastifyPluginAsyncZod<CoursesRoutesOptions> = async (app, { courses }) => {
  // ---- reading ----

  app.get(
    '/courses',
    {
      schema: {
        tags,
        summary: 'The published courses with the caller’s progress',
        querystring: courseLocaleQuerySchema,
        response: { 200: courseListResponseSchema, ...errors },
      },
    },
    async (request) => courses.listCourses(request.actor, request.query),
  );

  app.get(
    '/courses/:slug',
    {
      schema: {
        tags,
        summary: 'A course: lessons, essays, the caller’s progress',
        params: courseParamsSchema,
        querystring: courseLocaleQuerySchema,
        response: { 200: courseDetailSchema, ...errors },
      },
    },
    async (request) => courses.getCourse(request.actor, { ...request.params, ...request.query }),
  );

  app.get(
    '/courses/:slug/lessons/:lesson',
    {
      schema: {
        tags,
        summary: 'A lesson’s text with its knowledge-base sources',
        params: lessonParamsSchema,
        querystring: courseLocaleQuerySchema,
        response: { 200: lessonSchema, ...errors },
      },
    },
    async (request) => courses.getLesson(request.actor, { ...request.params, ...request.query }),
  );

  app.post(
    '/courses/:slug/lessons/:lesson/read',
    {
      schema: {
        tags,
        summary: 'Mark a lesson read (its cards join the reviews) and add the time spent; may complete the course',
        params: lessonParamsSchema,
        body: z.object({ seconds: z.number().min(0).max(86_400).default(0) }),
        response: { 200: z.object({ certificateId: z.uuid().nullable() }), ...errors },
      },
    },
    async (request) => courses.markRead(request.actor, { ...request.params, seconds: request.body.seconds }),
  );

  // ---- notes ----

  app.get(
    '/courses/:slug/lessons/:lesson/notes',
    {
      schema: {
        tags,
        summary: 'The caller’s notes on a lesson',
        params: lessonParamsSchema,
        response: { 200: courseNotesResponseSchema, ...errors },
      },
    },
    async (request) => courses.listNotes(request.actor, request.params),
  );

  app.post(
    '/courses/:slug/lessons/:lesson/notes',
    {
      schema: {
        tags,
        summary: 'A note on a lesson, optionally on a quoted passage',
        params: lessonParamsSchema,
        body: courseNoteInputSchema,
        response: { 201: courseNoteSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await courses.createNote(request.actor, { ...request.params, ...request.body })),
  );

  app.patch(
    '/course-notes/:id',
    {
      schema: {
        tags,
        summary: 'Save a note’s text (autosave)',
        params: courseNoteParamsSchema,
        body: courseNoteUpdateSchema,
        response: { 200: courseNoteSchema, ...errors },
      },
    },
    async (request) => courses.updateNote(request.actor, { id: request.params.id, body: request.body.body }),
  );

  app.delete(
    '/course-notes/:id',
    {
      schema: {
        tags,
        summary: 'Delete a note',
        params: courseNoteParamsSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await courses.deleteNote(request.actor, request.params);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/course-notes',
    {
      schema: {
        tags,
        summary: 'Search the caller’s notes across courses',
        querystring: courseNoteSearchQuerySchema.extend(courseLocaleQuerySchema.shape),
        response: { 200: courseNoteSearchResponseSchema, ...errors },
      },
    },
    async (request) => courses.searchNotes(request.actor, request.query),
  );

  // ---- flashcards ----

  app.post(
    '/courses/:slug/cards',
    {
      schema: {
        tags,
        summary: 'A card of the caller’s own (e.g. from a note line)',
        params: courseParamsSchema,
        body: ownCardInputSchema,
        response: { 201: reviewCardSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await courses.createOwnCard(request.actor, { ...request.params, ...request.body })),
  );

  app.get(
    '/courses/:slug/review',
    {
      schema: {
        tags,
        summary: 'The cards due now (FSRS)',
        params: courseParamsSchema,
        querystring: courseLocaleQuerySchema,
        response: { 200: reviewSessionSchema, ...errors },
      },
    },
    async (request) => courses.reviewSession(request.actor, { ...request.params, ...request.query }),
  );

  app.post(
    '/courses/:slug/review',
    {
      schema: {
        tags,
        summary: '‘I got it’ (Good) or ‘I did not get it’ (Again) on a card',
        params: courseParamsSchema,
        body: reviewInputSchema,
        response: { 200: reviewOutcomeSchema, ...errors },
      },
    },
    async (request) => courses.reviewCard(request.actor, { ...request.params, ...request.body }),
  );

  app.get(
    '/courses/:slug/anki.txt',
    {
      schema: {
        tags,
        summary: 'The course’s flashcards and the caller’s own as an Anki import file',
        params: courseParamsSchema,
        querystring: courseLocaleQuerySchema,
      },
    },
    async (request, reply) => {
      const text = await courses.exportToAnki(request.actor, { ...request.params, ...request.query });
      return reply
        .type('text/plain; charset=utf-8')
        .header('content-disposition', `attachment; filename="${request.params.slug}-anki.txt"`)
        .header('cache-control', 'no-store')
        .send(text);
    },
  );

  app.get(
    '/course-settings',
    {
      schema: {
        tags,
        summary: 'The caller’s learning settings (desired retention)',
        response: { 200: learnerSettingsSchema, ...errors },
      },
    },
    async (request) => courses.getSettings(request.actor),
  );

  app.put(
    '/course-settings',
    {
      schema: {
        tags,
        summary: 'Change the desired retention (0.70–0.97)',
        body: learnerSettingsSchema,
        response: { 200: learnerSettingsSchema, ...errors },
      },
    },
    async (request) => courses.updateSettings(request.actor, request.body),
  );

  // ---- tests and essays ----

  app.get(
    '/courses/:slug/test',
    {
      schema: {
        tags,
        summary: 'A lesson’s or the course’s questions, without answers',
        params: courseParamsSchema,
        querystring: testQuerySchema,
        response: { 200: testResponseSchema, ...errors },
      },
    },
    async (request) => courses.getTest(request.actor, { ...request.params, ...request.query }),
  );

  app.post(
    '/courses/:slug/test/check',
    {
      schema: {
        tags,
        summary: 'Immediate feedback on one answer (nothing recorded)',
        params: courseParamsSchema,
        body: checkAnswerInputSchema,
        response: { 200: questionFeedbackSchema, ...errors },
      },
    },
    async (request) => courses.checkAnswer(request.actor, { ...request.params, ...request.body }),
  );

  app.post(
    '/courses/:slug/test',
    {
      schema: {
        tags,
        summary: 'Hand a test in: score, explanations, what to review',
        params: courseParamsSchema,
        body: submitTestInputSchema,
        response: { 200: testResultSchema, ...errors },
      },
    },
    async (request) => courses.submitTest(request.actor, { ...request.params, ...request.body }),
  );

  app.get(
    '/courses/:slug/essays/:essayId',
    {
      schema: {
        tags,
        summary: 'An essay question with its rubric and the caller’s submissions',
        params: essayParamsSchema,
        querystring: courseLocaleQuerySchema,
        response: { 200: essayPageSchema, ...errors },
      },
    },
    async (request) => courses.getEssay(request.actor, { ...request.params, ...request.query }),
  );

  app.post(
    '/courses/:slug/essays/:essayId',
    {
      schema: {
        tags,
        summary: 'Hand in an essay: evaluated against the rubric and kept',
        params: essayParamsSchema,
        body: essayInputSchema,
        response: { 201: essaySubmissionSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await courses.submitEssay(request.actor, { ...request.params, ...request.body })),
  );

  // ---- progress and certificates ----

  app.get(
    '/courses/:slug/certificate',
    {
      schema: {
        tags,
        summary: 'The caller’s certificate of a completed course, with its verification link',
        params: courseParamsSchema,
        response: {
          200: z.object({ id: z.uuid(), issuedAt: z.iso.datetime(), score: z.number(), verificationUrl: z.string() }),
          ...errors,
        },
      },
    },
    async (request) => courses.getCertificate(request.actor, request.params),
  );

  app.get(
    '/courses/:slug/certificate.pdf',
    {
      schema: {
        tags,
        summary: 'The certificate as PDF',
        params: courseParamsSchema,
        querystring: courseLocaleQuerySchema,
      },
    },
    async (request, reply) => {
      const pdf = await courses.certificatePdf(request.actor, { ...request.params, ...request.query });
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="certificate-${request.params.slug}.pdf"`)
        .header('cache-control', 'no-store')
        .send(Buffer.from(pdf));
    },
  );

  app.get(
    '/certificates/:id',
    {
      schema: {
        tags,
        summary: 'Check a certificate (public): genuine or not, and whose',
        params: certificateParamsSchema,
        querystring: certificateQuerySchema,
        response: { 200: certificateVerificationSchema, ...errors },
      },
    },
    async (request) => courses.verify(request.actor, { ...request.params, ...request.query }),
  );

  app.get(
    '/course-record.csv',
    {
      schema: {
        tags,
        summary: 'The caller’s learning record as CSV (continuing-education evidence)',
        querystring: courseLocaleQuerySchema,
      },
    },
    async (request, reply) => {
      const csv = await courses.learningRecord(request.actor, request.query);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="learning-record.csv"')
        .header('cache-control', 'no-store')
        .send(`\ufeff${csv}`);
    },
  );

  // ---- admin ----

  app.get(
    '/admin/courses',
    {
      schema: {
        tags,
        summary: 'Every course, drafts too, with counts',
        response: { 200: adminCourseListSchema, ...errors },
      },
    },
    async (request) => courses.adminListCourses(request.actor),
  );

  app.put(
    '/admin/courses/:slug/published',
    {
      schema: {
        tags,
        summary: 'Publish or unpublish a course',
        params: courseParamsSchema,
        body: publishCourseInputSchema,
        response: { 200: adminCourseSchema, ...errors },
      },
    },
    async (request) => courses.setPublished(request.actor, { ...request.params, ...request.body }),
  );

  app.get(
    '/admin/courses/:slug/export',
    { schema: { tags, summary: 'A course as its JSON file', params: courseParamsSchema } },
    async (request, reply) => {
      const content = await courses.exportCourse(request.actor, request.params);
      return reply
        .type('application/json; charset=utf-8')
        .header('content-disposition', `attachment; filename="${request.params.slug}.json"`)
        .send(JSON.stringify(content, null, 2));
    },
  );

  app.post(
    '/admin/courses/import',
    {
      bodyLimit: COURSE_IMPORT_MAX_BYTES,
      schema: {
        tags,
        summary: 'Create or replace a course from its JSON file (content/courses format)',
        body: z.unknown(),
        response: { 200: adminCourseSchema, ...errors },
      },
    },
    async (request) => courses.importCourse(request.actor, request.body),
  );

  app.put(
    '/admin/courses/:slug',
    {
      bodyLimit: COURSE_IMPORT_MAX_BYTES,
      schema: {
        tags,
        summary: 'Save an edited course (the whole course file; its slug cannot change)',
        params: courseParamsSchema,
        body: z.unknown(),
        response: { 200: adminCourseSchema, ...errors },
      },
    },
    async (request) => courses.updateCourse(request.actor, { slug: request.params.slug, content: request.body }),
  );

  app.post(
    '/admin/courses/:slug/gift',
    {
      schema: {
        tags,
        summary: 'Add Moodle GIFT questions to a lesson',
        params: courseParamsSchema,
        body: giftImportInputSchema,
        response: { 200: giftImportResultSchema, ...errors },
      },
    },
    async (request) => courses.importGift(request.actor, { ...request.params, ...request.body }),
  );
};
