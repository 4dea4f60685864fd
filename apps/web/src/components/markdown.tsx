import Markdown, { type Components } from 'react-markdown';
import remarkGfm from 'remark-gfm';
import { cn } from '@/lib/cn.ts';

const components: Components = {
  a: ({ href, children }) => (
    <a href={href} target="_blank" rel="noopener noreferrer" className="text-primary-700 underline">
      {children}
    </a>
  ),
  // Images are never loaded (privacy, and no content ships with any): their text stands in.
  img: ({ alt }) => <span>{alt}</span>,
  // The page owns the h1; a text's own headings start one level below.
  h1: ({ children }) => <h2 className="text-xl font-semibold text-neutral-900">{children}</h2>,
  h2: ({ children }) => <h2 className="pt-2 text-lg font-semibold text-neutral-900">{children}</h2>,
  h3: ({ children }) => <h3 className="text-base font-semibold text-neutral-900">{children}</h3>,
};

/**
 * Reading text written in Markdown (lessons, notes, rubric feedback), rendered safely: raw HTML is
 * skipped, links open in a new tab without access to this one, images are shown as their text.
 */
export function MarkdownText({ content, className }: { content: string; className?: string }) {
  return (
    <div
      className={cn(
        'space-y-3 leading-relaxed text-neutral-800 [&_code]:rounded [&_code]:bg-neutral-100 [&_code]:px-1 [&_li]:ml-5 [&_ol]:list-decimal [&_strong]:font-semibold [&_table]:text-sm [&_td]:border [&_td]:px-2 [&_th]:border [&_th]:px-2 [&_ul]:list-disc [&_ul]:space-y-1',
        className,
      )}
    >
      <Markdown remarkPlugins={[remarkGfm]} skipHtml components={components}>
        {content}
      </Markdown>
    </div>
  );
}
