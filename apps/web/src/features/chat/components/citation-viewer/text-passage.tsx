import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { findPassage, splitByRanges } from '../../utils/passage-match.ts';
import { MessageMarkdown } from '../message-markdown.tsx';

export interface TextPassageProps {
  /** Markdown is rendered (headings, lists, tables); text is shown as it was extracted. */
  format: 'markdown' | 'text';
  text: string;
  quote: string;
}

const markClasses = 'rounded-sm bg-yellow-200 px-0.5 text-neutral-900 ring-1 ring-yellow-300';

/** A document's text with the cited passage marked and scrolled into view. */
export function TextPassage({ format, text, quote }: TextPassageProps) {
  const { t } = useTranslation('chat');
  const containerRef = useRef<HTMLDivElement>(null);
  const ranges = useMemo(() => findPassage([text], quote), [text, quote]);

  useEffect(() => {
    containerRef.current?.querySelector('mark[data-passage]')?.scrollIntoView?.({ block: 'center' });
  }, [text, quote]);

  return (
    <div className="flex flex-col gap-2">
      {ranges.length === 0 && <p className="text-xs text-neutral-500">{t('chat:viewer.passageNotFound')}</p>}
      <div ref={containerRef} data-testid="cited-text" className="text-neutral-800">
        {format === 'markdown' ? (
          <MessageMarkdown
            content={text}
            citations={[]}
            passage={quote}
            className={`[&_h1]:text-lg [&_h1]:font-semibold [&_h2]:text-base [&_h2]:font-semibold [&_h3]:font-semibold [&_mark]:rounded-sm [&_mark]:bg-yellow-200 [&_mark]:px-0.5 [&_mark]:ring-1 [&_mark]:ring-yellow-300 [&_table]:border-collapse`}
          />
        ) : (
          <p className="font-serif text-[15px] leading-relaxed whitespace-pre-wrap">
            {splitByRanges(text, ranges).map((part, index) =>
              part.mark ? (
                <mark key={index} data-passage="" className={markClasses}>
                  {part.text}
                </mark>
              ) : (
                <span key={index}>{part.text}</span>
              ),
            )}
          </p>
        )}
      </div>
    </div>
  );
}
