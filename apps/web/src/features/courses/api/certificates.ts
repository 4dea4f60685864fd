import type { CertificateVerification } from '@compliance/shared/courses';
import type { Locale } from '@compliance/shared/locales';
import { useMutation, useQuery } from '@tanstack/react-query';
import { api, apiRequest } from '@/lib/api-client.ts';
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

/** Fetches a file with the session's credentials and saves it in the browser. */
export async function downloadFile(path: string, params: Record<string, string>, fileName: string): Promise<void> {
  const response = await apiRequest(path, { params });
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // Let the download start before the URL goes away.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

export function useDownloadCertificate(slug: string) {
  return useMutation({
    mutationFn: (lang: Locale) =>
      downloadFile(`${coursePath(slug)}/certificate.pdf`, { lang }, `certificate-${slug}.pdf`),
  });
}

export function useDownloadAnkiDeck(slug: string) {
  return useMutation({
    mutationFn: (lang: Locale) => downloadFile(`${coursePath(slug)}/anki.txt`, { lang }, `${slug}-anki.txt`),
  });
}

export function useDownloadLearningRecord() {
  return useMutation({
    mutationFn: (lang: Locale) => downloadFile('/course-record.csv', { lang }, 'learning-record.csv'),
  });
}
