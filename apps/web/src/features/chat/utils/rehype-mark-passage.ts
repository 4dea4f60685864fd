import { findPassage } from './passage-match.ts';

/** The few shapes of the HTML syntax tree (hast) this plugin walks. */
interface HastText {
  type: 'text';
  value: string;
}
interface HastElement {
  type: 'element';
  tagName: string;
  properties: Record<string, unknown>;
  children: HastNode[];
}
interface HastParent {
  type: string;
  children?: HastNode[];
}
type HastNode = HastText | HastElement | HastParent;

/** Marks carry this attribute (hast's `dataPassage`), so the viewer can scroll to the first one. */
export const PASSAGE_MARK_ATTRIBUTE = 'data-passage';

function textNodes(node: HastNode, found: Array<{ node: HastText; parent: HastParent }>): void {
  const children = 'children' in node ? node.children : undefined;
  if (!children) return;
  for (const child of children) {
    if (child.type === 'text') found.push({ node: child as HastText, parent: node as HastParent });
    else textNodes(child, found);
  }
}

/**
 * A rehype plugin: wraps the cited passage in `<mark data-passage>` elements while the Markdown is
 * rendered (so React owns every node; nothing is patched into the DOM afterwards).
 */
export function rehypeMarkPassage(options: { quote: string }) {
  return (tree: HastNode) => {
    const nodes: Array<{ node: HastText; parent: HastParent }> = [];
    textNodes(tree, nodes);
    const ranges = findPassage(
      nodes.map(({ node }) => node.value),
      options.quote,
    );
    // Replace text nodes from the last to the first, so earlier positions stay valid.
    const bySegment = new Map<number, Array<{ start: number; end: number }>>();
    for (const range of ranges) {
      const list = bySegment.get(range.segment) ?? [];
      list.push(range);
      bySegment.set(range.segment, list);
    }
    for (const [segment, segmentRanges] of [...bySegment.entries()].reverse()) {
      const { node, parent } = nodes[segment]!;
      const parts: HastNode[] = [];
      let at = 0;
      for (const range of segmentRanges.sort((a, b) => a.start - b.start)) {
        if (range.start > at) parts.push({ type: 'text', value: node.value.slice(at, range.start) });
        parts.push({
          type: 'element',
          tagName: 'mark',
          properties: { dataPassage: '' },
          children: [{ type: 'text', value: node.value.slice(range.start, range.end) }],
        });
        at = range.end;
      }
      if (at < node.value.length) parts.push({ type: 'text', value: node.value.slice(at) });
      const siblings = parent.children!;
      siblings.splice(siblings.indexOf(node), 1, ...parts);
    }
  };
}
