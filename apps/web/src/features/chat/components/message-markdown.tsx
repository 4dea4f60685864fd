import type { Citation } from '@compliance/shared/chat';
import Markdown, { type Components } from 'react-markdown';
import { cn } from '@/lib/cn.ts';
import remarkGfm from 'remark-gfm';
import { rehypeMarkPassage } from '../utils/rehype-mark-passage.ts';

const CITE_PREFIX = '#cite-';

/** Turns the answer's [n] and [n, m] markers into links the renderer shows as citation chips. */
export function linkCitationMarkers(text: string, known: Set<number>): string {
  return text.replace(/\[(\d{1,2}(?:\s*,\s*\d{1,2})*)\](?!\()/g, (whole, list: string) => {
    const numbers = list.split(',').map((value) => Number(value.trim()));
    if (!numbers.every((number) => known.has(number))) return whole;
    return numbers.map((number) => `[${number}](${CITE_PREFIX}${number})`).join('');
  });
}

/**
 * An answer (or a cited Markdown document) rendered as Markdown, safely: raw HTML is skipped, images
 * are shown as links (never loaded), links open in a new tab without access to this one, citation
 * markers become chips, and a cited passage, when given, is marked.
 */
export function MessageMarkdown({
  content,
  citations,
  onCitation,
  passage,
  className,
}: {
  content: string;
  citations: Citation[];
  onCitation?: (number: number, chip: HTMLElement) => void;
  /** A quote to mark in the text (`<mark data-passage>`). */
  passage?: string;
  className?: string;
}) {
  const known = new Set(citations.map((citation) => citation.number));
  const components: Components = {
    a: ({ href, children }) => {
      if (href?.startsWith(CITE_PREFIX)) {
        const number = Number(href.slice(CITE_PREFIX.length));
        return (
          <button
            type="button"
            onClick={(event) => onCitation?.(number, event.currentTarget)}
            className="mx-0.5 inline-flex h-4 min-w-4 -translate-y-1 items-center justify-center rounded bg-primary-100 px-1 align-baseline text-[0.65rem] font-semibold text-primary-800 hover:bg-primary-200 focus-visible:outline-2 focus-visible:outline-primary-600"
            aria-label={`[${number}]`}
            data-citation={number}
          >
            {number}
          </button>
        );
      }
      return (
        <a href={href} target="_blank" rel="noopener noreferrer" className="text-primary-700 underline">
          {children}
        </a>
      );
    },
    img: ({ src, alt }) =>
      typeof src === 'string' && /^https?:\/\//.test(src) ? (
        <a href={src} target="_blank" rel="noopener noreferrer" className="text-primary-700 underline">
          {alt || src}
        </a>
      ) : (
        <span>{alt}</span>
      ),
  };
  return (
    <div
      className={cn(
        'prose-chat space-y-3 text-sm leading-relaxed text-neutral-800 [&_code]:rounded [&_code]:bg-neutral-100 [&_code]:px-1 [&_li]:ml-5 [&_ol]:list-decimal [&_pre]:overflow-x-auto [&_pre]:rounded-lg [&_pre]:bg-neutral-50 [&_pre]:p-3 [&_pre]:text-xs [&_table]:text-xs [&_td]:border [&_td]:px-2 [&_th]:border [&_th]:px-2 [&_ul]:list-disc',
        className,
      )}
    >
      <Markdown
        remarkPlugins={[remarkGfm]}
        rehypePlugins={passage ? [[rehypeMarkPassage, { quote: passage }]] : []}
        skipHtml
        components={components}
      >
        {linkCitationMarkers(content, known)}
      </Markdown>
    </div>
  );
}
