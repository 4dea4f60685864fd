import type { FileStatus } from '@compliance/shared/documents';
import { LoaderCircle } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Badge, type BadgeColor } from '@/components/ui/badge.tsx';
import type { QueueStatus } from '../hooks/upload-queue.ts';

const colors: Record<FileStatus | QueueStatus, BadgeColor> = {
  in_queue: 'neutral',
  uploading: 'primary',
  pending: 'neutral',
  synching: 'primary',
  ready: 'success',
  done: 'success',
  failed: 'danger',
  conflict: 'warning',
};

/** A file's status as a badge: in queue, uploading, pending, synching, ready, failed, done. */
export function StatusBadge({ status }: { status: FileStatus | QueueStatus }) {
  const { t } = useTranslation('documents');
  const busy = status === 'uploading' || status === 'synching' || status === 'pending';
  return (
    <Badge color={colors[status]} variant="soft" data-status={status}>
      {busy && <LoaderCircle aria-hidden="true" className="mr-1 size-3 animate-spin" />}
      {t(`documents:status.${status}`)}
    </Badge>
  );
}
