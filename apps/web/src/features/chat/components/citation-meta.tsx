import type { Citation } from '@compliance/shared/chat';
import { useTranslation } from 'react-i18next';
import { OriginLine } from '@/components/integrations/origin-line.tsx';
import { cn } from '@/lib/cn.ts';
import { formatDate } from '@/lib/format.ts';

/** "page 3 · as of 12 Mar 2026": where the passage is and how current the source is. */
export function CitationMeta({ citation, className }: { citation: Citation; className?: string }) {
  const { t, i18n } = useTranslation('chat');
  const parts: string[] = [];
  if (citation.page) parts.push(t('chat:citations.page', { page: citation.page }));
  if (citation.asOf) {
    // A calendar date: formatted in UTC so no time zone moves it to the day before.
    const date = formatDate(`${citation.asOf}T00:00:00Z`, i18n.language, { dateStyle: 'medium', timeZone: 'UTC' });
    parts.push(t('chat:citations.asOf', { date }));
  }
  if (parts.length === 0 && !citation.origin) return null;
  return (
    <>
      {parts.length > 0 && <span className={cn('block text-xs text-neutral-500', className)}>{parts.join(' · ')}</span>}
      {citation.origin && <OriginLine origin={citation.origin} className={parts.length > 0 ? undefined : className} />}
    </>
  );
}
