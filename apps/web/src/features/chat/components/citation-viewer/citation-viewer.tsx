import type { Citation } from '@compliance/shared/chat';
import { FileText } from 'lucide-react';
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CloseButton } from '@/components/ui/close-button.tsx';
import { Dialog } from '@/components/ui/dialog.tsx';
import { paths } from '@/config/paths.ts';
import { CitationMeta } from '../citation-meta.tsx';
import { CitedDocument, QuoteOnly } from './cited-source.tsx';

export interface CitationViewerProps {
  citation: Citation;
  mode: 'account' | 'trial';
  /** Beside the conversation (wide screens) or as a full-height sheet over it (phones). */
  layout: 'panel' | 'sheet';
  /** Closes the viewer; the chat then returns focus to the citation that opened it. */
  onClose: () => void;
}

function ViewerBody({ citation, mode }: Pick<CitationViewerProps, 'citation' | 'mode'>) {
  const { t } = useTranslation('chat');
  if (citation.kind === 'document' && citation.documentId && mode === 'account') {
    return <CitedDocument citation={citation} fileId={citation.documentId} />;
  }
  return (
    <div className="flex flex-col gap-2">
      {mode === 'trial' && <p className="text-xs text-neutral-500">{t('chat:viewer.signInToRead')}</p>}
      <QuoteOnly quote={citation.quote} />
    </div>
  );
}

/** A signed-in user can open a cited library document on the documents page too. */
function inLibrary(
  citation: Citation,
  mode: CitationViewerProps['mode'],
): citation is Citation & { documentId: string } {
  return citation.kind === 'document' && Boolean(citation.documentId) && mode === 'account';
}

function OpenInDocuments({ citation }: { citation: Citation & { documentId: string } }): ReactNode {
  const { t } = useTranslation('chat');
  return (
    <Link
      to={paths.app.documentViewer.getHref(citation.documentId, citation.page)}
      className="inline-flex items-center gap-1 text-sm font-medium text-primary-700 hover:underline"
    >
      <FileText aria-hidden="true" className="size-4" />
      {t('chat:viewer.openInDocuments')}
    </Link>
  );
}

/**
 * The cited passage in its document, beside the conversation: a side panel on wide screens (the chat
 * stays usable), a full-height sheet with a focus trap on phones. Escape or the close button close it.
 */
export function CitationViewer({ citation, mode, layout, onClose }: CitationViewerProps) {
  const { t } = useTranslation('chat');
  const titleId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const panelRef = useRef<HTMLElement>(null);
  const citationKey = `${citation.documentId ?? citation.href}-${citation.number}-${citation.quote}`;

  // The panel takes focus when it opens or shows another citation (the sheet's focus trap does this itself).
  useEffect(() => {
    if (layout === 'panel') headingRef.current?.focus();
  }, [layout, citationKey]);

  // Escape inside the panel closes it, as it closes the sheet.
  useEffect(() => {
    const panel = panelRef.current;
    if (layout !== 'panel' || !panel) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      event.preventDefault();
      onClose();
    };
    panel.addEventListener('keydown', onKeyDown);
    return () => panel.removeEventListener('keydown', onKeyDown);
  }, [layout, onClose]);

  const label = t('chat:viewer.title', { number: citation.number });
  if (layout === 'sheet') {
    return (
      <Dialog
        open
        onOpenChange={(open) => !open && onClose()}
        title={citation.title}
        description={<CitationMeta citation={citation} />}
        closeLabel={t('chat:viewer.close')}
        // The chat returns focus to the citation itself.
        onCloseAutoFocus={(event) => event.preventDefault()}
        className="inset-0 top-0 left-0 h-dvh max-h-dvh w-full translate-x-0 translate-y-0 rounded-none sm:max-w-none"
        footer={inLibrary(citation, mode) ? <OpenInDocuments citation={citation} /> : undefined}
      >
        <div aria-label={label} role="region" key={citationKey}>
          <ViewerBody citation={citation} mode={mode} />
        </div>
      </Dialog>
    );
  }

  return (
    <aside
      ref={panelRef}
      aria-labelledby={titleId}
      className="flex min-h-0 w-[45%] max-w-xl shrink-0 flex-col rounded-xl border border-neutral-200 bg-white shadow-sm"
    >
      <div className="flex items-start gap-3 border-b border-neutral-200 px-4 py-3">
        <div className="min-w-0 flex-1">
          <p className="text-xs font-semibold tracking-wide text-neutral-500 uppercase">{label}</p>
          <h2
            id={titleId}
            ref={headingRef}
            tabIndex={-1}
            className="text-sm font-semibold break-words text-neutral-900 focus:outline-none"
          >
            {citation.title}
          </h2>
          <CitationMeta citation={citation} className="mt-0.5" />
        </div>
        <CloseButton aria-label={t('chat:viewer.close')} onClick={onClose} className="-mr-2" />
      </div>
      <div key={citationKey} className="min-h-0 flex-1 overflow-y-auto px-4 py-3 text-sm">
        <ViewerBody citation={citation} mode={mode} />
      </div>
      {inLibrary(citation, mode) && (
        <div className="border-t border-neutral-200 px-4 py-2">
          <OpenInDocuments citation={citation} />
        </div>
      )}
    </aside>
  );
}
