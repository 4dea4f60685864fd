import { getDocument, GlobalWorkerOptions, TextLayer, type PDFDocumentProxy } from 'pdfjs-dist';
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';
import { FileWarning } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageStepper } from '@/components/ui/page-stepper.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { findPassage } from '../../utils/passage-match.ts';
import './pdf-text-layer.css';

// The worker is a separate asset of the build, loaded only when a PDF is first shown.
GlobalWorkerOptions.workerSrc = workerUrl;

export interface PdfPageProps {
  /** The original PDF's bytes. */
  data: ArrayBuffer;
  /** The cited page (1-based); the passage is looked for there first. */
  page: number;
  quote: string;
}

type LoadState = { status: 'loading' } | { status: 'error' } | { status: 'ready'; document: PDFDocumentProxy };

/** The text items of a page, as the text layer will show them. */
async function pageItems(document: PDFDocumentProxy, number: number): Promise<string[]> {
  const page = await document.getPage(number);
  const content = await page.getTextContent();
  return content.items.flatMap((item) => ('str' in item ? [item.str] : []));
}

/** The page that holds the quote: the cited one when it does, else the first other page that does. */
async function pageWithPassage(document: PDFDocumentProxy, cited: number, quote: string): Promise<number> {
  if (findPassage(await pageItems(document, cited), quote).length > 0) return cited;
  for (let number = 1; number <= Math.min(document.numPages, 300); number += 1) {
    if (number === cited) continue;
    if (findPassage(await pageItems(document, number), quote).length > 0) return number;
  }
  return cited;
}

/** Wraps the matched characters of each text-layer span in `<mark data-passage>`. */
function markSpans(spans: HTMLElement[], texts: string[], quote: string): HTMLElement | null {
  const ranges = findPassage(texts, quote);
  let first: HTMLElement | null = null;
  for (const range of ranges) {
    const span = spans[range.segment];
    const text = texts[range.segment];
    if (!span || text === undefined) continue;
    const mark = span.ownerDocument.createElement('mark');
    mark.setAttribute('data-passage', '');
    mark.textContent = text.slice(range.start, range.end);
    span.replaceChildren(text.slice(0, range.start), mark, text.slice(range.end));
    first ??= mark;
  }
  return first;
}

/**
 * One page of a PDF drawn by pdf.js on a canvas, with its text layer on top and the cited passage
 * marked in it and scrolled into view. Loaded on demand (pdf.js is not in the initial bundle).
 */
export default function PdfPage({ data, page, quote }: PdfPageProps) {
  const { t } = useTranslation('chat');
  const [state, setState] = useState<LoadState>({ status: 'loading' });
  const [current, setCurrent] = useState<number | null>(null);
  /** The page that was opened for the passage. */
  const [opened, setOpened] = useState<number | null>(null);
  const [found, setFound] = useState<boolean | null>(null);
  const frameRef = useRef<HTMLDivElement>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const textRef = useRef<HTMLDivElement>(null);

  // Open the document (pdf.js takes ownership of the bytes it is given, so it gets a copy).
  useEffect(() => {
    let cancelled = false;
    const task = getDocument({ data: new Uint8Array(data.slice(0)) });
    task.promise.then(
      async (document) => {
        if (cancelled) return;
        const start = Math.min(Math.max(1, page), document.numPages);
        const target = await pageWithPassage(document, start, quote).catch(() => start);
        if (cancelled) return;
        setCurrent(target);
        setOpened(target);
        setState({ status: 'ready', document });
      },
      () => {
        if (!cancelled) setState({ status: 'error' });
      },
    );
    return () => {
      cancelled = true;
      void task.destroy();
    };
  }, [data, page, quote]);

  // Draw the current page and its text layer; mark the passage.
  useEffect(() => {
    if (state.status !== 'ready' || current === null) return;
    const canvas = canvasRef.current;
    const textLayerDiv = textRef.current;
    const frame = frameRef.current;
    if (!canvas || !textLayerDiv || !frame) return;
    let cancelled = false;
    let cleanup = () => {};
    void (async () => {
      try {
        const pdfPage = await state.document.getPage(current);
        if (cancelled) return;
        const natural = pdfPage.getViewport({ scale: 1 });
        const width = frame.clientWidth || 600;
        const viewport = pdfPage.getViewport({ scale: width / natural.width });
        const ratio = window.devicePixelRatio || 1;
        canvas.width = Math.floor(viewport.width * ratio);
        canvas.height = Math.floor(viewport.height * ratio);
        canvas.style.width = `${Math.floor(viewport.width)}px`;
        canvas.style.height = `${Math.floor(viewport.height)}px`;
        frame.style.setProperty('--total-scale-factor', String(viewport.scale));
        const render = pdfPage.render({
          canvas,
          viewport,
          transform: ratio === 1 ? undefined : [ratio, 0, 0, ratio, 0, 0],
        });
        textLayerDiv.replaceChildren();
        const textLayer = new TextLayer({
          textContentSource: await pdfPage.getTextContent(),
          container: textLayerDiv,
          viewport,
        });
        cleanup = () => {
          render.cancel();
          textLayer.cancel();
        };
        await Promise.all([render.promise, textLayer.render()]);
        if (cancelled) return;
        const first = markSpans(textLayer.textDivs, textLayer.textContentItemsStr, quote);
        setFound(first !== null);
        first?.scrollIntoView?.({ block: 'center' });
      } catch {
        // A cancelled render (closed viewer, page turned) is not a failure.
        if (!cancelled) setState({ status: 'error' });
      }
    })();
    return () => {
      cancelled = true;
      cleanup();
    };
  }, [state, current, quote]);

  if (state.status === 'error') {
    return (
      <p role="alert" className="flex items-center gap-2 rounded-lg bg-danger-50 p-3 text-sm text-danger-800">
        <FileWarning aria-hidden="true" className="size-4 shrink-0" />
        {t('chat:viewer.pdfFailed')}
      </p>
    );
  }

  const total = state.status === 'ready' ? state.document.numPages : 0;
  return (
    <div className="flex flex-col gap-3">
      {state.status === 'loading' || current === null ? (
        <div className="flex items-center gap-2 text-sm text-neutral-600">
          <Spinner className="size-4" /> {t('chat:viewer.loading')}
        </div>
      ) : (
        <PageStepper
          label={t('chat:viewer.pages')}
          position={t('chat:viewer.pageOf', { page: current, total })}
          previousLabel={t('chat:viewer.previous')}
          nextLabel={t('chat:viewer.next')}
          canGoBack={current > 1}
          canGoForward={current < total}
          onPrevious={() => {
            setFound(null);
            setCurrent(current - 1);
          }}
          onNext={() => {
            setFound(null);
            setCurrent(current + 1);
          }}
        />
      )}
      {found === false && current === opened && (
        <p className="text-xs text-neutral-500">{t('chat:viewer.passageNotFound')}</p>
      )}
      <div
        ref={frameRef}
        className="pdf-page relative w-full overflow-hidden rounded border border-neutral-200 bg-white shadow-sm"
        data-testid="pdf-page"
        data-page={current ?? undefined}
      >
        <canvas ref={canvasRef} aria-hidden="true" className="block" />
        <div ref={textRef} className="textLayer" />
      </div>
    </div>
  );
}
