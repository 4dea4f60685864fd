/** Edits of one entry of an edited list (questions, options, criteria, cards…), as a new list each time. */

export function replaceAt<T>(list: readonly T[], index: number, item: T): T[] {
  return list.map((entry, position) => (position === index ? item : entry));
}

export function removeAt<T>(list: readonly T[], index: number): T[] {
  return list.filter((_, position) => position !== index);
}

/** Moves the entry at `from` by `delta` places (kept inside the list). */
export function moveItem<T>(list: readonly T[], from: number, delta: number): T[] {
  const to = Math.max(0, Math.min(list.length - 1, from + delta));
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item as T);
  return next;
}

/** The change, move and remove handlers of the entry at `index`, each handing the new list to `setList`. */
export function entryEdits<T>(list: readonly T[], setList: (next: T[]) => void, index: number) {
  return {
    onChange: (item: T) => setList(replaceAt(list, index, item)),
    onMove: (delta: -1 | 1) => setList(moveItem(list, index, delta)),
    onRemove: () => setList(removeAt(list, index)),
  };
}
