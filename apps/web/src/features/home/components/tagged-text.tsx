import { cloneElement, type ReactElement } from 'react';

const tag = /<([a-z][\w-]*)>(.*?)<\/\1>/gs;

/**
 * A translation whose parts are marked with named tags, `Already a user? <signin>Sign in</signin>`,
 * rendered with the given element around each tagged part: what react-i18next's
 * `<Trans components={…}>` does for the home page's strings (named tags, not nested, no HTML
 * entities), without its HTML parser in the first page's JavaScript (issue 13). A tag without an
 * element is shown as its inner text.
 */
export function TaggedText({ text, components }: { text: string; components: Record<string, ReactElement> }) {
  const parts: (string | ReactElement)[] = [];
  let last = 0;
  for (const match of text.matchAll(tag)) {
    if (match.index > last) parts.push(text.slice(last, match.index));
    const element = components[match[1] ?? ''];
    const inner = match[2] ?? '';
    parts.push(element ? cloneElement(element, { key: match.index }, inner) : inner);
    last = match.index + match[0].length;
  }
  if (last < text.length) parts.push(text.slice(last));
  return <>{parts}</>;
}
