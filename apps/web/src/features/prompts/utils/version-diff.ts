import type { Placeholder } from '@compliance/shared/prompts';
import { diffLines, diffWordsWithSpace } from 'diff';

export interface DiffPart {
  kind: 'same' | 'added' | 'removed';
  text: string;
}

/**
 * The changes from `before` to `after`, word by word (jsdiff). Very different long texts fall back
 * to whole lines so the comparison never stalls the page.
 */
export function diffText(before: string, after: string): DiffPart[] {
  const changes = diffWordsWithSpace(before, after, { timeout: 300 }) ?? diffLines(before, after);
  return changes.map((change) => ({
    kind: change.added ? 'added' : change.removed ? 'removed' : 'same',
    text: change.value,
  }));
}

export function hasChanges(parts: DiffPart[]): boolean {
  return parts.some((part) => part.kind !== 'same');
}

export interface PlaceholderChanges {
  added: string[];
  removed: string[];
  /** Same name, different description, type, default, options or required flag. */
  changed: string[];
}

export function diffPlaceholders(before: Placeholder[], after: Placeholder[]): PlaceholderChanges {
  const old = new Map(before.map((placeholder) => [placeholder.name, placeholder]));
  const next = new Map(after.map((placeholder) => [placeholder.name, placeholder]));
  return {
    added: after.filter((placeholder) => !old.has(placeholder.name)).map((placeholder) => placeholder.name),
    removed: before.filter((placeholder) => !next.has(placeholder.name)).map((placeholder) => placeholder.name),
    changed: after
      .filter((placeholder) => {
        const previous = old.get(placeholder.name);
        return previous !== undefined && JSON.stringify(previous) !== JSON.stringify(placeholder);
      })
      .map((placeholder) => placeholder.name),
  };
}
