import type { CourseDetail, CourseListResponse, Lesson } from '@compliance/shared/courses';
import type { Locale } from '@compliance/shared/locales';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { coursePath, courseQueryKeys } from './query-keys.ts';

export function useCourses(lang: Locale) {
  return useQuery({
    queryKey: courseQueryKeys.list(lang),
    queryFn: () => api.get<CourseListResponse>('/courses', { params: { lang } }),
    meta: { errorTitle: 'courses:errors.listFailed' },
  });
}

export function useCourse(slug: string, lang: Locale) {
  return useQuery({
    queryKey: courseQueryKeys.detail(slug, lang),
    queryFn: () => api.get<CourseDetail>(coursePath(slug), { params: { lang } }),
  });
}

export function useLesson(slug: string, lesson: string, lang: Locale) {
  return useQuery({
    queryKey: courseQueryKeys.lesson(slug, lesson, lang),
    queryFn: () => api.get<Lesson>(`${coursePath(slug)}/lessons/${encodeURIComponent(lesson)}`, { params: { lang } }),
  });
}

/** Marks a lesson read with the time spent on it; the answer names a certificate when that completed the course. */
export function useMarkLessonRead(slug: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ lesson, seconds }: { lesson: string; seconds: number }) =>
      api.post<{ certificateId: string | null }>(`${coursePath(slug)}/lessons/${encodeURIComponent(lesson)}/read`, {
        seconds,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: courseQueryKeys.all }),
  });
}
