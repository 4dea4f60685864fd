import type { Locale } from '@compliance/shared/locales';

/** Every query key of courses, from one factory (a change invalidates `all` or one course). */
export const courseQueryKeys = {
  all: ['courses'] as const,
  list: (lang: Locale) => [...courseQueryKeys.all, 'list', lang] as const,
  course: (slug: string) => [...courseQueryKeys.all, 'course', slug] as const,
  detail: (slug: string, lang: Locale) => [...courseQueryKeys.course(slug), 'detail', lang] as const,
  lesson: (slug: string, lesson: string, lang: Locale) =>
    [...courseQueryKeys.course(slug), 'lesson', lesson, lang] as const,
  notes: (slug: string, lesson: string) => [...courseQueryKeys.course(slug), 'notes', lesson] as const,
  noteSearch: (q: string, lang: Locale) => [...courseQueryKeys.all, 'note-search', q, lang] as const,
  review: (slug: string, lang: Locale) => [...courseQueryKeys.course(slug), 'review', lang] as const,
  test: (slug: string, lesson: string | null, lang: Locale) =>
    [...courseQueryKeys.course(slug), 'test', lesson, lang] as const,
  essay: (slug: string, essayId: string, lang: Locale) =>
    [...courseQueryKeys.course(slug), 'essay', essayId, lang] as const,
  certificate: (slug: string) => [...courseQueryKeys.course(slug), 'certificate'] as const,
  settings: () => [...courseQueryKeys.all, 'settings'] as const,
  admin: () => [...courseQueryKeys.all, 'admin'] as const,
  verification: (id: string, sig: string, lang: Locale) => ['certificate-verification', id, sig, lang] as const,
};

export const coursePath = (slug: string) => `/courses/${encodeURIComponent(slug)}`;
