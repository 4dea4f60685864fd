import { HardDrive } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { formatBytes } from '@/lib/format.ts';
import { useStorageUsage } from '../api/get-storage-usage.ts';

/** Storage used / available, as a bar and text. */
export function StorageUsage() {
  const { t, i18n } = useTranslation('documents');
  const usage = useStorageUsage();
  if (!usage.data) return null;
  const { usedBytes, quotaBytes } = usage.data;
  const percent = quotaBytes > 0 ? Math.min(100, Math.round((usedBytes / quotaBytes) * 100)) : 0;
  return (
    <div className="flex min-w-56 items-center gap-3 text-sm text-neutral-600" data-testid="storage-usage">
      <HardDrive aria-hidden="true" className="size-4 shrink-0 text-neutral-500" />
      <div className="flex flex-1 flex-col gap-1">
        <span>
          {t('documents:usage.label', {
            used: formatBytes(usedBytes, i18n.language),
            total: formatBytes(quotaBytes, i18n.language),
          })}
        </span>
        <progress
          className="h-1.5 w-full overflow-hidden rounded-full [&::-webkit-progress-bar]:bg-neutral-200 [&::-webkit-progress-value]:bg-primary-600"
          max={100}
          value={percent}
          aria-label={t('documents:usage.bar', { percent })}
        />
      </div>
    </div>
  );
}
