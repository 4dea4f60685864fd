import type { TestUploadResult } from '@compliance/shared/knowledge';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';

/** Runs ingestion on one file and returns what it made of it; nothing is stored. */
export function testUpload(file: File): Promise<TestUploadResult> {
  const form = new FormData();
  form.append('file', file, file.name);
  return api.post('/admin/test-upload', form);
}

export function useTestUpload() {
  return useMutation({ mutationFn: testUpload });
}
