import { ChevronDown, ChevronUp, RotateCcw, X } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button.tsx';
import { uploadQueue, useUploadQueue, type QueueItem } from '../hooks/upload-queue.ts';
import { StatusBadge } from './status-badge.tsx';

function itemError(item: QueueItem, t: (key: string) => string): string | null {
  if (item.status === 'conflict') return t('errors:FILE_EXISTS');
  if (item.status !== 'failed') return null;
  if (item.errorCode === 'INGESTION') {
    return t(`documents:failure.${item.failureCode ?? 'INGESTION_FAILED'}`);
  }
  return t(`errors:${item.errorCode ?? 'UPLOAD_FAILED'}`);
}

/**
 * The upload queue, floating over the bottom corner so the file list stays in view: one row per file
 * with progress, status, cancel, retry and the conflict choice; it collapses to its summary, and
 * finished rows clear themselves after a while.
 */
export function UploadQueuePanel() {
  const { t } = useTranslation(['documents', 'errors']);
  const items = useUploadQueue();
  const [collapsed, setCollapsed] = useState(false);
  if (items.length === 0) return null;
  const finished = items.filter((item) => item.status === 'done').length;
  const failed = items.filter((item) => item.status === 'failed' || item.status === 'conflict').length;

  return (
    <section
      aria-labelledby="upload-queue-title"
      className="fixed right-4 bottom-4 z-30 flex max-h-[min(60vh,32rem)] w-[min(26rem,calc(100vw-2rem))] flex-col rounded-xl border border-neutral-200 bg-white shadow-lg"
    >
      <header className="flex items-center justify-between gap-2 border-b border-neutral-200 px-4 py-2.5">
        <div className="min-w-0">
          <h2 id="upload-queue-title" className="text-sm font-semibold text-neutral-900">
            {t('documents:queue.title')}
          </h2>
          <p className="text-xs text-neutral-500" aria-live="polite">
            {t('documents:queue.summary', { count: items.length, done: finished, failed })}
          </p>
        </div>
        <div className="flex shrink-0 items-center gap-1">
          {finished > 0 && !collapsed && (
            <Button size="xs" variant="ghost" color="neutral" onClick={() => uploadQueue.clearFinished()}>
              {t('documents:queue.clearFinished')}
            </Button>
          )}
          <Button
            size="xs"
            variant="ghost"
            color="neutral"
            icon={collapsed ? ChevronUp : ChevronDown}
            aria-expanded={!collapsed}
            aria-controls="upload-queue-items"
            aria-label={collapsed ? t('documents:queue.expand') : t('documents:queue.collapse')}
            onClick={() => setCollapsed((value) => !value)}
          />
        </div>
      </header>
      <ul id="upload-queue-items" hidden={collapsed} className="divide-y divide-neutral-100 overflow-y-auto">
        {items.map((item) => {
          const error = itemError(item, t);
          const canCancel =
            item.status === 'in_queue' ||
            item.status === 'uploading' ||
            item.status === 'conflict' ||
            item.status === 'failed' ||
            item.status === 'done';
          return (
            <li key={item.key} className="flex flex-col gap-1.5 px-4 py-2.5" data-testid="upload-item">
              <div className="flex items-center gap-3">
                <span className="min-w-0 flex-1 truncate text-sm text-neutral-800">{item.file.name}</span>
                <StatusBadge status={item.status} />
                {item.status === 'failed' &&
                  item.errorCode !== 'INGESTION' &&
                  item.errorCode !== 'UNSUPPORTED_FILE_TYPE' && (
                    <Button
                      size="xs"
                      variant="ghost"
                      color="neutral"
                      icon={RotateCcw}
                      aria-label={t('documents:queue.retry', { name: item.file.name })}
                      onClick={() => uploadQueue.retry(item.key)}
                    />
                  )}
                {canCancel && (
                  <Button
                    size="xs"
                    variant="ghost"
                    color="neutral"
                    icon={X}
                    aria-label={
                      item.status === 'uploading' || item.status === 'in_queue'
                        ? t('documents:queue.cancel', { name: item.file.name })
                        : t('documents:queue.dismiss', { name: item.file.name })
                    }
                    onClick={() => uploadQueue.cancel(item.key)}
                  />
                )}
              </div>
              {item.status === 'uploading' && (
                <progress
                  className="h-1.5 w-full overflow-hidden rounded-full [&::-webkit-progress-bar]:bg-neutral-100 [&::-webkit-progress-value]:bg-primary-600"
                  max={100}
                  value={Math.round(item.progress * 100)}
                  aria-label={t('documents:queue.progress', { name: item.file.name })}
                />
              )}
              {error && (
                <p className="text-xs text-red-700" role="status">
                  {error}
                </p>
              )}
              {item.status === 'conflict' && (
                <div className="flex flex-wrap gap-2">
                  <Button size="xs" variant="outline" onClick={() => uploadQueue.retry(item.key, 'replace')}>
                    {t('documents:queue.replace')}
                  </Button>
                  <Button size="xs" variant="outline" onClick={() => uploadQueue.retry(item.key, 'keep-both')}>
                    {t('documents:queue.keepBoth')}
                  </Button>
                </div>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
