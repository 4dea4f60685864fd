import type { Citation } from '@compliance/shared/chat';
import { ExternalLink, FileText, Globe } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/config/paths.ts';
import { formatDate } from '@/lib/format.ts';

/** The sources of one answer: number, title, page, a short quote, and a link to the place. */
export function CitationList({ citations, idPrefix }: { citations: Citation[]; idPrefix: string }) {
  const { t, i18n } = useTranslation('chat');
  if (citations.length === 0) return null;
  const sorted = [...citations].sort((a, b) => a.number - b.number);
  return (
    <div className="mt-3 border-t border-neutral-100 pt-3">
      <h4 className="mb-2 text-xs font-semibold tracking-wide text-neutral-500 uppercase">
        {t('chat:citations.title')}
      </h4>
      <ol className="space-y-2">
        {sorted.map((citation) => (
          <li
            key={citation.number}
            id={`${idPrefix}-${citation.number}`}
            className="flex gap-2 rounded-lg p-1 text-xs target:bg-primary-50"
            tabIndex={-1}
          >
            <span className="inline-flex h-5 min-w-5 shrink-0 items-center justify-center rounded bg-primary-100 px-1 font-semibold text-primary-800">
              {citation.number}
            </span>
            <div className="min-w-0">
              {citation.kind === 'document' && citation.documentId ? (
                <Link
                  to={paths.app.documentViewer.getHref(citation.documentId, citation.page)}
                  className="inline-flex items-center gap-1 font-medium text-primary-700 hover:underline"
                >
                  <FileText aria-hidden="true" className="size-3.5 shrink-0" />
                  <span className="break-words">{citation.title}</span>
                </Link>
              ) : citation.kind === 'fatf' ? (
                <Link
                  to={citation.href}
                  className="inline-flex items-center gap-1 font-medium text-primary-700 hover:underline"
                >
                  <Globe aria-hidden="true" className="size-3.5 shrink-0" />
                  <span className="break-words">{citation.title}</span>
                </Link>
              ) : (
                <a
                  href={citation.href}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="inline-flex items-center gap-1 font-medium text-primary-700 hover:underline"
                >
                  <ExternalLink aria-hidden="true" className="size-3.5 shrink-0" />
                  <span className="break-words">{citation.title}</span>
                </a>
              )}
              {citation.page ? (
                <span className="ml-1 text-neutral-500">· {t('chat:citations.page', { page: citation.page })}</span>
              ) : null}
              {citation.asOf ? (
                <span className="ml-1 text-neutral-500">
                  ·{' '}
                  {t('chat:citations.asOf', {
                    date: formatDate(`${citation.asOf}T00:00:00Z`, i18n.language, {
                      dateStyle: 'medium',
                      timeZone: 'UTC',
                    }),
                  })}
                </span>
              ) : null}
              <p className="mt-0.5 text-neutral-600 italic">“{citation.quote}”</p>
            </div>
          </li>
        ))}
      </ol>
    </div>
  );
}
