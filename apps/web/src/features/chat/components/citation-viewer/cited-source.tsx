import type { Citation } from '@compliance/shared/chat';
import type { DocumentFile } from '@compliance/shared/documents';
import type { TFunction } from 'i18next';
import { lazy, Suspense, useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '@/components/ui/spinner.tsx';
import { errorMessageKey } from '@/lib/api-client.ts';
import { useCitedDocument, useCitedOriginal } from '../../api/get-cited-document.ts';
import { TextPassage } from './text-passage.tsx';

// pdf.js and its worker load only when a PDF is shown.
const PdfPage = lazy(() => import('./pdf-page.tsx'));

function Loading() {
  const { t } = useTranslation('chat');
  return (
    <div className="flex items-center gap-2 text-sm text-neutral-600">
      <Spinner className="size-4" /> {t('chat:viewer.loading')}
    </div>
  );
}

function LoadError({ error }: { error: unknown }) {
  const { t } = useTranslation(['chat', 'errors']);
  return (
    <p role="alert" className="rounded-lg bg-danger-50 p-3 text-sm text-danger-800">
      {t(errorMessageKey(error))}
    </p>
  );
}

/** A Markdown file's source without its front matter (the title is shown above it already). */
function markdownBody(bytes: ArrayBuffer): string {
  const text = new TextDecoder().decode(bytes).replace(/\r\n?/g, '\n');
  return text.replace(/^---\n[\s\S]{0,20000}?\n---\s*\n/, '');
}

/** The original file, rendered: a PDF page by pdf.js, a Markdown source with its tables. */
function Original({
  fileId,
  format,
  page,
  quote,
}: {
  fileId: string;
  format: 'pdf' | 'markdown';
  page: number;
  quote: string;
}) {
  const original = useCitedOriginal(fileId);
  const markdown = useMemo(
    () => (format === 'markdown' && original.data ? markdownBody(original.data) : ''),
    [format, original.data],
  );
  if (original.isPending) return <Loading />;
  if (original.isError) return <LoadError error={original.error} />;
  if (format === 'markdown') return <TextPassage format="markdown" text={markdown} quote={quote} />;
  return (
    <Suspense fallback={<Loading />}>
      <PdfPage data={original.data} page={page} quote={quote} />
    </Suspense>
  );
}

/** The quote alone, marked, when the document itself cannot be shown here. */
export function QuoteOnly({ quote }: { quote: string }) {
  return (
    <blockquote className="border-l-4 border-yellow-300 pl-3 text-sm text-neutral-800">
      <mark data-passage="" className="rounded-sm bg-yellow-200 px-0.5 text-neutral-900">
        {quote}
      </mark>
    </blockquote>
  );
}

/**
 * A cited library document with the passage marked: a PDF as its real page, Markdown rendered from
 * its source, DOCX and other formats as their stored extracted text.
 */
export function CitedDocument({ citation, fileId }: { citation: Citation; fileId: string }) {
  const { t } = useTranslation('chat');
  const content = useCitedDocument(fileId);
  const text = useMemo(() => (content.data?.pages ?? []).map((page) => page.text).join('\n\n'), [content.data]);
  if (content.isPending) return <Loading />;
  if (content.isError) return <LoadError error={content.error} />;
  const { file } = content.data;
  const newer = citation.origin && file.origin && file.origin.revision > citation.origin.revision ? file.origin : null;
  const body = citedBody(citation, file, fileId, text, t);
  if (!newer) return body;
  return (
    <div className="flex flex-col gap-3">
      <p role="note" className="rounded-lg bg-amber-50 p-3 text-xs text-amber-900">
        {t('chat:viewer.newerVersion', { revision: newer.revision, cited: citation.origin?.revision })}
      </p>
      {body}
    </div>
  );
}

function citedBody(
  citation: Citation,
  file: DocumentFile,
  fileId: string,
  text: string,
  t: TFunction<'chat'>,
): ReactNode {
  if (file.status !== 'ready' || file.noText) {
    return (
      <div className="flex flex-col gap-2">
        <p className="text-xs text-neutral-500">{t('chat:viewer.textUnavailable')}</p>
        <QuoteOnly quote={citation.quote} />
      </div>
    );
  }
  if (file.type === 'pdf' || file.type === 'markdown') {
    return <Original fileId={fileId} format={file.type} page={citation.page ?? 1} quote={citation.quote} />;
  }
  return <TextPassage format="text" text={text} quote={citation.quote} />;
}
