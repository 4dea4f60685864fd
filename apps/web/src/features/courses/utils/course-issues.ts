import { courseContentSchema, type CourseContent } from '@compliance/shared/courses';

/** A problem with one place of the course file: its path (`lessons.0.questions.2.correct`) and a message key. */
export interface CourseIssue {
  path: string;
  /** A key of courses:editor.errors. */
  key: string;
  values?: Record<string, string | number>;
}

interface SchemaIssue {
  code: string;
  path: PropertyKey[];
  message: string;
  origin?: string;
  minimum?: number | bigint;
  maximum?: number | bigint;
  inclusive?: boolean;
  expected?: string;
}

const joinPath = (path: readonly PropertyKey[]) => path.map(String).join('.') || 'course';

/** The question a path points into, if any: `lessons.<l>.questions.<q>`. */
function questionAt(course: CourseContent, path: readonly PropertyKey[]) {
  if (path[0] !== 'lessons' || path[2] !== 'questions') return undefined;
  return course.lessons[Number(path[1])]?.questions[Number(path[3])];
}

/** The translation key (and values) for one issue of the shared course schema. */
function describe(course: CourseContent, issue: SchemaIssue): Omit<CourseIssue, 'path'> {
  const last = issue.path[issue.path.length - 1];
  if (last === 'correct' && issue.path.length === 5) {
    const question = questionAt(course, issue.path);
    if (question?.kind === 'single') return { key: 'singleNeedsOne' };
    if (question?.kind === 'multiple') return { key: 'multipleNeedsOne' };
  }
  const bound = (value: number | bigint | undefined) => Number(value ?? 0);
  switch (issue.code) {
    case 'too_small':
      if (issue.origin === 'string') return { key: 'required' };
      if (issue.origin === 'array') return { key: 'tooFew', values: { count: bound(issue.minimum) } };
      if (issue.inclusive === false) return { key: 'moreThan', values: { value: bound(issue.minimum) } };
      return { key: 'atLeast', values: { value: bound(issue.minimum) } };
    case 'too_big':
      if (issue.origin === 'array') return { key: 'tooMany', values: { count: bound(issue.maximum) } };
      if (issue.origin === 'string') return { key: 'tooLong' };
      return { key: 'atMost', values: { value: bound(issue.maximum) } };
    case 'invalid_format':
      return { key: 'format' };
    case 'invalid_type':
      return { key: issue.expected === 'number' ? 'number' : 'invalid' };
    case 'custom':
      if (issue.message.startsWith('duplicate id')) return { key: 'duplicateId' };
      if (issue.message.startsWith('duplicate lesson')) return { key: 'duplicateLesson' };
      if (issue.message === 'a correct id is not an option') return { key: 'correctNotOption' };
      if (issue.message === 'maxWords must exceed minWords') return { key: 'maxWords' };
      if (issue.message.includes('{{c1::')) return { key: 'cloze', values: { example: '{{c1::…}}' } };
      return { key: 'invalid' };
    default:
      return { key: 'invalid' };
  }
}

/** Every problem the server's check (the shared schema) finds in the course, as translatable issues. */
export function courseSchemaIssues(course: CourseContent): CourseIssue[] {
  const parsed = courseContentSchema.safeParse(course);
  if (parsed.success) return [];
  return parsed.error.issues.map((issue) => ({
    path: joinPath(issue.path),
    ...describe(course, issue as unknown as SchemaIssue),
  }));
}

/**
 * The mistakes worth telling while an admin edits, before saving: the right number of correct
 * options, a source with both of its parts, an essay's word limits in order.
 */
export function liveCourseIssues(course: CourseContent): CourseIssue[] {
  const issues: CourseIssue[] = [];
  const source = (value: { document: string; section: string } | undefined, path: string) => {
    if (value && (!value.document.trim() || !value.section.trim())) issues.push({ path, key: 'sourceIncomplete' });
  };
  course.lessons.forEach((lesson, l) => {
    lesson.flashcards.forEach((card, c) => source(card.source, `lessons.${l}.flashcards.${c}.source`));
    lesson.questions.forEach((question, q) => {
      const path = `lessons.${l}.questions.${q}`;
      if (question.kind === 'single' && question.correct.length !== 1) {
        issues.push({ path: `${path}.correct`, key: 'singleNeedsOne' });
      }
      if (question.kind === 'multiple' && question.correct.length === 0) {
        issues.push({ path: `${path}.correct`, key: 'multipleNeedsOne' });
      }
      source(question.source, `${path}.source`);
    });
  });
  course.essays.forEach((essay, e) => {
    if (essay.maxWords <= essay.minWords) issues.push({ path: `essays.${e}.maxWords`, key: 'maxWords' });
    essay.criteria.forEach((criterion, c) =>
      criterion.concepts.forEach((concept, k) =>
        source(concept.source, `essays.${e}.criteria.${c}.concepts.${k}.source`),
      ),
    );
  });
  return issues;
}

/**
 * The server's field errors (path → its English message) that the same check run here does not
 * find in the course sent (a slug that changed, a newer server): shown with the server's words.
 */
export function serverOnlyIssues(course: CourseContent, fields: Record<string, string>): CourseIssue[] {
  const known = new Set(courseSchemaIssues(course).map((issue) => issue.path));
  return Object.entries(fields)
    .filter(([path]) => !known.has(path))
    .map(([path, message]) => ({ path, key: 'server', values: { message } }));
}
