import { cn } from '@/lib/cn.ts';

/** A labelled progress bar (value of max), announced as a progressbar. */
export function ProgressBar({
  value,
  max,
  label,
  className,
}: {
  value: number;
  max: number;
  label: string;
  className?: string;
}) {
  const percent = max > 0 ? Math.round((value / max) * 100) : 0;
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={max}
      aria-valuenow={value}
      className={cn('h-2 w-full overflow-hidden rounded-full bg-neutral-200', className)}
    >
      <div className="h-full rounded-full bg-primary-600 transition-[width]" style={{ width: `${percent}%` }} />
    </div>
  );
}
