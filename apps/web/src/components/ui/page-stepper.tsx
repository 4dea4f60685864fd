import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Button } from './button.tsx';

export interface PageStepperProps {
  /** The navigation's accessible name, e.g. "Pages". */
  label: string;
  /** "Page 2 of 7", announced when it changes. */
  position: string;
  previousLabel: string;
  nextLabel: string;
  canGoBack: boolean;
  canGoForward: boolean;
  onPrevious: () => void;
  onNext: () => void;
}

/**
 * Previous / "page n of m" / next for a paged viewer. On a phone the buttons show only their
 * arrows (their names stay for screen readers), so long labels in any language fit one row.
 */
export function PageStepper({
  label,
  position,
  previousLabel,
  nextLabel,
  canGoBack,
  canGoForward,
  onPrevious,
  onNext,
}: PageStepperProps) {
  return (
    <nav aria-label={label} className="flex items-center justify-between gap-2">
      <Button size="xs" variant="outline" color="neutral" icon={ChevronLeft} disabled={!canGoBack} onClick={onPrevious}>
        <span className="sr-only sm:not-sr-only">{previousLabel}</span>
      </Button>
      <span className="text-center text-sm text-neutral-600" aria-live="polite">
        {position}
      </span>
      <Button size="xs" variant="outline" color="neutral" icon={ChevronRight} disabled={!canGoForward} onClick={onNext}>
        <span className="sr-only sm:not-sr-only">{nextLabel}</span>
      </Button>
    </nav>
  );
}
