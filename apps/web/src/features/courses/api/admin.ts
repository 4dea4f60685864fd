import type { AdminCourse, CourseContent } from '@compliance/shared/courses';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { downloadFromApi } from '@/lib/download.ts';
import { coursePath, courseQueryKeys } from './query-keys.ts';

export function useAdminCourses() {
  return useQuery({
    queryKey: courseQueryKeys.admin(),
    queryFn: () => api.get<{ courses: AdminCourse[] }>('/admin/courses'),
  });
}

function useAdminMutation<Input, Output>(mutationFn: (input: Input) => Promise<Output>, errorToast = true) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    ...(errorToast ? {} : { meta: { errorToast: false } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: courseQueryKeys.all }),
  });
}

export function usePublishCourse() {
  return useAdminMutation(({ slug, published }: { slug: string; published: boolean }) =>
    api.put<AdminCourse>(`/admin${coursePath(slug)}/published`, { published }),
  );
}

export function useImportCourse() {
  return useAdminMutation((content: unknown) => api.post<AdminCourse>('/admin/courses/import', content), false);
}

export function useImportGift(slug: string) {
  return useAdminMutation(
    (input: { lesson: string; text: string }) =>
      api.post<{ imported: number; skipped: string[] }>(`/admin${coursePath(slug)}/gift`, input),
    false,
  );
}

export function exportCourse(slug: string): Promise<void> {
  return downloadFromApi(`/admin${coursePath(slug)}/export`, `${slug}.json`);
}

export function useAdminCourseContent(slug: string) {
  return useQuery({
    queryKey: [...courseQueryKeys.admin(), 'content', slug] as const,
    queryFn: () => api.get<CourseContent>(`/admin${coursePath(slug)}/export`),
    // The editor holds its own draft: the server copy is not refetched under it.
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
  });
}

export function useSaveCourse(slug: string) {
  return useAdminMutation(
    (content: CourseContent) => api.put<AdminCourse>(`/admin${coursePath(slug)}`, content),
    false,
  );
}
