import { documentEventTypes, type DocumentFile } from '@compliance/shared/documents';
import { useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { useRealtimeEvents } from '@/lib/realtime.ts';
import { documentsQueryKey } from '../api/get-folder-contents.ts';
import { uploadQueue } from './upload-queue.ts';

const types = [documentEventTypes.fileUpdated, documentEventTypes.fileDeleted, documentEventTypes.changed] as const;

/** Keeps the library and the upload queue live: status changes from any tab or the ingestion job. */
export function useDocumentsRealtime(): void {
  const queryClient = useQueryClient();
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const refresh = () => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => void queryClient.invalidateQueries({ queryKey: documentsQueryKey }), 100);
  };
  useRealtimeEvents(
    types,
    (event) => {
      if (event.type === documentEventTypes.fileUpdated) uploadQueue.applyFile(event.data as DocumentFile);
      refresh();
    },
    refresh,
  );
}
