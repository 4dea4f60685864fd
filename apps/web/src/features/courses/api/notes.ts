import type { CourseNote, CourseNoteSearchResponse, OwnCardInput, ReviewCard } from '@compliance/shared/courses';
import type { Locale } from '@compliance/shared/locales';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { coursePath, courseQueryKeys } from './query-keys.ts';

const notesPath = (slug: string, lesson: string) => `${coursePath(slug)}/lessons/${encodeURIComponent(lesson)}/notes`;

export function useLessonNotes(slug: string, lesson: string) {
  return useQuery({
    queryKey: courseQueryKeys.notes(slug, lesson),
    queryFn: () => api.get<{ notes: CourseNote[] }>(notesPath(slug, lesson)),
  });
}

export function useCreateNote(slug: string, lesson: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { body: string; quote?: string | null }) =>
      api.post<CourseNote>(notesPath(slug, lesson), input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: courseQueryKeys.notes(slug, lesson) }),
  });
}

/** Autosave: the list is updated in place, so the field being typed in is never reset. */
export function useUpdateNote(slug: string, lesson: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: string }) =>
      api.patch<CourseNote>(`/course-notes/${encodeURIComponent(id)}`, { body }),
    meta: { errorToast: false },
    onSuccess: (saved) =>
      queryClient.setQueryData<{ notes: CourseNote[] }>(courseQueryKeys.notes(slug, lesson), (current) =>
        current ? { notes: current.notes.map((note) => (note.id === saved.id ? saved : note)) } : current,
      ),
  });
}

export function useDeleteNote(slug: string, lesson: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete(`/course-notes/${encodeURIComponent(id)}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: courseQueryKeys.notes(slug, lesson) }),
  });
}

export function useNoteSearch(q: string, lang: Locale) {
  return useQuery({
    queryKey: courseQueryKeys.noteSearch(q, lang),
    queryFn: () => api.get<CourseNoteSearchResponse>('/course-notes', { params: { q, lang } }),
    placeholderData: keepPreviousData,
  });
}

export function useCreateOwnCard(slug: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: OwnCardInput) => api.post<ReviewCard>(`${coursePath(slug)}/cards`, input),
    meta: { errorToast: false },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: courseQueryKeys.course(slug) }),
  });
}
