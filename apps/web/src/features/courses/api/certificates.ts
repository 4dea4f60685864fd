import type { CertificateVerification } from '@compliance/shared/courses';
import type { Locale } from '@compliance/shared/locales';
import { useMutation, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { downloadFromApi } from '@/lib/download.ts';
import { coursePath, courseQueryKeys } from './query-keys.ts';

export interface CourseCertificate {
  id: string;
  issuedAt: string;
  score: number;
  verificationUrl: string;
}

export function useCourseCertificate(slug: string, enabled: boolean) {
  return useQuery({
    queryKey: courseQueryKeys.certificate(slug),
    queryFn: () => api.get<CourseCertificate>(`${coursePath(slug)}/certificate`),
    enabled,
  });
}

export function useCertificateVerification(id: string, sig: string, lang: Locale) {
  return useQuery({
    queryKey: courseQueryKeys.verification(id, sig, lang),
    queryFn: () =>
      api.get<CertificateVerification>(`/certificates/${encodeURIComponent(id)}`, {
        params: { sig, lang },
        skipAuthRedirect: true,
      }),
  });
}

export function useDownloadCertificate(slug: string) {
  return useMutation({
    mutationFn: (lang: Locale) =>
      downloadFromApi(`${coursePath(slug)}/certificate.pdf`, `certificate-${slug}.pdf`, { lang }),
  });
}

export function useDownloadAnkiDeck(slug: string) {
  return useMutation({
    mutationFn: (lang: Locale) => downloadFromApi(`${coursePath(slug)}/anki.txt`, `${slug}-anki.txt`, { lang }),
  });
}

export function useDownloadLearningRecord() {
  return useMutation({
    mutationFn: (lang: Locale) => downloadFromApi('/course-record.csv', 'learning-record.csv', { lang }),
  });
}
