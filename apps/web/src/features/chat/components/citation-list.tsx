import type { Citation } from '@compliance/shared/chat';
import { ExternalLink, FileText, Globe2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CitationMeta } from './citation-meta.tsx';

export interface CitationListProps {
  citations: Citation[];
  idPrefix: string;
  /** Opens a cited document in the viewer beside the chat; `opener` gets focus back when it closes. */
  onOpen: (citation: Citation, opener: HTMLElement) => void;
}

const linkClasses =
  'inline-flex items-center gap-1 text-left font-medium text-primary-700 hover:underline focus-visible:outline-2 focus-visible:outline-primary-600';

/**
 * The sources of one answer: number, title, page, "as of" date and a short quote. A document opens in
 * the viewer beside the chat, a FATF source is a page of this app, a web source opens in a new tab.
 */
export function CitationList({ citations, idPrefix, onOpen }: CitationListProps) {
  const { t } = useTranslation('chat');
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
              {citation.kind === 'document' ? (
                <button
                  type="button"
                  className={linkClasses}
                  data-citation-source={citation.number}
                  onClick={(event) => onOpen(citation, event.currentTarget)}
                >
                  <FileText aria-hidden="true" className="size-3.5 shrink-0" />
                  <span className="break-words">{citation.title}</span>
                  <span className="sr-only"> — {t('chat:citations.showPassage')}</span>
                </button>
              ) : citation.kind === 'fatf' ? (
                <Link to={citation.href} className={linkClasses}>
                  <Globe2 aria-hidden="true" className="size-3.5 shrink-0" />
                  <span className="break-words">{citation.title}</span>
                </Link>
              ) : (
                <a href={citation.href} target="_blank" rel="noopener noreferrer" className={linkClasses}>
                  <ExternalLink aria-hidden="true" className="size-3.5 shrink-0" />
                  <span className="break-words">{citation.title}</span>
                  <span className="sr-only"> {t('chat:citations.newTab')}</span>
                </a>
              )}
              <CitationMeta citation={citation} />
              <p className="mt-0.5 text-neutral-600 italic">“{citation.quote}”</p>
            </div>
          </li>
        ))}
      </ol>
    </div>
  );
}
