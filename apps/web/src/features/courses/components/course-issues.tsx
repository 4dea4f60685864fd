import { createContext, use, useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { CourseIssue } from '../utils/course-issues.ts';

const CourseIssuesContext = createContext<ReadonlyMap<string, CourseIssue>>(new Map());

/** The course editor's problems by path (the server's first, then those found while editing), for the fields to show. */
export function CourseIssuesProvider({ issues, children }: { issues: readonly CourseIssue[]; children: ReactNode }) {
  const byPath = useMemo(() => {
    const map = new Map<string, CourseIssue>();
    for (const issue of issues) if (!map.has(issue.path)) map.set(issue.path, issue);
    return map;
  }, [issues]);
  return <CourseIssuesContext value={byPath}>{children}</CourseIssuesContext>;
}

/** An issue as a sentence in the reader's language. */
export function useIssueMessage(): (issue: CourseIssue) => string {
  const { t } = useTranslation('courses');
  return (issue) => t(`courses:editor.errors.${issue.key}`, issue.values);
}

/** The translated problem at exactly this path of the course file, if any. */
export function useCourseIssue(path: string | undefined): string | undefined {
  const issues = use(CourseIssuesContext);
  const message = useIssueMessage();
  const issue = path === undefined ? undefined : issues.get(path);
  return issue ? message(issue) : undefined;
}

/** Whether anything under this path (`lessons.2`) has a problem: marks a lesson that is not on screen. */
export function useHasCourseIssuesUnder(): (prefix: string) => boolean {
  const issues = use(CourseIssuesContext);
  return (prefix) => [...issues.keys()].some((path) => path === prefix || path.startsWith(`${prefix}.`));
}

/** A problem of a whole item or group (a question, an option list): shown as a line under its heading. */
export function IssueText({ path, id }: { path: string | undefined; id?: string }) {
  const message = useCourseIssue(path);
  if (!message) return null;
  return (
    <p id={id} className="text-xs font-medium text-red-700">
      {message}
    </p>
  );
}
