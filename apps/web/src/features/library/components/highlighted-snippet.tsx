import { splitSnippet } from '@compliance/shared/documents';

/**
 * A search snippet with its matches as <mark> elements. The server marks matches with control
 * characters, never HTML, and the text is rendered as text: a document cannot inject markup.
 */
export function HighlightedSnippet({ snippet }: { snippet: string }) {
  return (
    <>
      {splitSnippet(snippet).map((segment, index) =>
        segment.highlighted ? (
          <mark key={index} className="rounded-sm bg-accent-200 px-0.5 text-neutral-900">
            {segment.text}
          </mark>
        ) : (
          <span key={index}>{segment.text}</span>
        ),
      )}
    </>
  );
}
