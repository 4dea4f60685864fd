import type { DocumentOrigin } from '@compliance/shared/documents';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/cn.ts';
import { formatDate } from '@/lib/format.ts';

/** "Synced from “Team share”: policies/aml.pdf, version 2 of 27 Nov 2026": which remote file, which version. */
export function OriginLine({ origin, className }: { origin: DocumentOrigin; className?: string }) {
  const { t, i18n } = useTranslation('integrations');
  return (
    <span className={cn('block text-xs break-words text-neutral-500', className)} data-testid="document-origin">
      {t('integrations:origin.line', {
        connection: origin.connectionName,
        path: origin.path,
        revision: origin.revision,
        date: formatDate(origin.syncedAt, i18n.language, { dateStyle: 'medium' }),
      })}
    </span>
  );
}
