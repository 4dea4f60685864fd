import { ArrowDown, ArrowUp, Plus, Trash2 } from 'lucide-react';
import { useId } from 'react';
import { flushSync } from 'react-dom';
import { Button, type ButtonProps } from '@/components/ui/button.tsx';

/**
 * Move up, move down and remove for one entry of an edited list (questions, options, criteria…).
 * A moved entry keeps the focus on the button that moved it, so the keyboard can carry it further.
 */
export function ItemActions({
  index,
  count,
  onMove,
  onRemove,
  labels,
  minCount = 0,
}: {
  index: number;
  count: number;
  onMove: (delta: -1 | 1) => void;
  onRemove: () => void;
  /** The buttons' names, naming the entry ("Move question 2 up"). */
  labels: { up: string; down: string; remove: string };
  /** The fewest entries the list may keep: removing stops there. */
  minCount?: number;
}) {
  const id = useId();
  const move = (delta: -1 | 1) => {
    flushSync(() => onMove(delta));
    const position = index + delta;
    // At an end, the button that moved the entry is disabled: the other one takes the focus.
    const target = delta === -1 ? (position === 0 ? 'down' : 'up') : position === count - 1 ? 'up' : 'down';
    document.getElementById(`${id}-${target}`)?.focus();
  };
  return (
    <div className="flex shrink-0 items-center gap-1">
      <Button
        id={`${id}-up`}
        size="xs"
        variant="ghost"
        color="neutral"
        icon={ArrowUp}
        aria-label={labels.up}
        title={labels.up}
        disabled={index === 0}
        onClick={() => move(-1)}
      />
      <Button
        id={`${id}-down`}
        size="xs"
        variant="ghost"
        color="neutral"
        icon={ArrowDown}
        aria-label={labels.down}
        title={labels.down}
        disabled={index >= count - 1}
        onClick={() => move(1)}
      />
      <Button
        size="xs"
        variant="ghost"
        color="danger"
        icon={Trash2}
        aria-label={labels.remove}
        title={labels.remove}
        disabled={count <= minCount}
        onClick={onRemove}
      />
    </div>
  );
}

/** The "Add …" button under an edited list: one look for every list of the editor. */
export function AddItemButton(props: Omit<ButtonProps, 'size' | 'variant' | 'color' | 'icon'>) {
  return <Button size="xs" variant="outline" color="neutral" icon={Plus} {...props} />;
}
