import type {
  EssayPage,
  EssaySubmission,
  LearnerSettings,
  QuestionFeedback,
  ReviewInput,
  ReviewOutcome,
  ReviewSession,
  SubmitTestInput,
  TestAnswer,
  TestResponse,
  TestResult,
} from '@compliance/shared/courses';
import type { Locale } from '@compliance/shared/locales';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { coursePath, courseQueryKeys } from './query-keys.ts';

export function useReviewSession(slug: string, lang: Locale) {
  return useQuery({
    queryKey: courseQueryKeys.review(slug, lang),
    queryFn: () => api.get<ReviewSession>(`${coursePath(slug)}/review`, { params: { lang } }),
    // A session is a snapshot: it is not refetched behind the learner's back.
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
  });
}

export function useReviewCard(slug: string) {
  return useMutation({
    mutationFn: (input: ReviewInput) => api.post<ReviewOutcome>(`${coursePath(slug)}/review`, input),
  });
}

export function useCourseTest(slug: string, lesson: string | null, lang: Locale) {
  return useQuery({
    queryKey: courseQueryKeys.test(slug, lesson, lang),
    queryFn: () =>
      api.get<TestResponse>(`${coursePath(slug)}/test`, { params: { lang, ...(lesson ? { lesson } : {}) } }),
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
  });
}

export function useCheckAnswer(slug: string) {
  return useMutation({
    mutationFn: (input: { questionId: string; answer: TestAnswer; lang: Locale }) =>
      api.post<QuestionFeedback>(`${coursePath(slug)}/test/check`, input),
  });
}

export function useSubmitTest(slug: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SubmitTestInput) => api.post<TestResult>(`${coursePath(slug)}/test`, input),
    // Progress, due cards and the catalogue change; the test on screen keeps its questions.
    onSuccess: () =>
      queryClient.invalidateQueries({
        queryKey: courseQueryKeys.all,
        predicate: (query) => query.queryKey[3] !== 'test',
      }),
  });
}

export function useEssay(slug: string, essayId: string, lang: Locale) {
  return useQuery({
    queryKey: courseQueryKeys.essay(slug, essayId, lang),
    queryFn: () =>
      api.get<EssayPage>(`${coursePath(slug)}/essays/${encodeURIComponent(essayId)}`, { params: { lang } }),
  });
}

export function useSubmitEssay(slug: string, essayId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { text: string; lang: Locale }) =>
      api.post<EssaySubmission>(`${coursePath(slug)}/essays/${encodeURIComponent(essayId)}`, input),
    meta: { errorToast: false },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: courseQueryKeys.course(slug) }),
  });
}

export function useLearnerSettings() {
  return useQuery({
    queryKey: courseQueryKeys.settings(),
    queryFn: () => api.get<LearnerSettings>('/course-settings'),
  });
}

export function useUpdateLearnerSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: LearnerSettings) => api.put<LearnerSettings>('/course-settings', input),
    onSuccess: (saved) => queryClient.setQueryData(courseQueryKeys.settings(), saved),
  });
}
