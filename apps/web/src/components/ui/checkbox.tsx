import { useId, type ComponentProps, type ReactNode } from 'react';
import { cn } from '@/lib/cn.ts';

export interface CheckboxProps extends Omit<ComponentProps<'input'>, 'type'> {
  /** The visible label (clickable). Without it, pass an `aria-label`. */
  label?: ReactNode;
  /** Smaller text under the label, linked with aria-describedby. */
  description?: ReactNode;
}

/** A native checkbox with a label; works with react-hook-form's `register`. */
export function Checkbox({
  label,
  description,
  id,
  className,
  'aria-describedby': describedBy,
  ...props
}: CheckboxProps) {
  const generatedId = useId();
  const inputId = id ?? `checkbox-${generatedId}`;
  const descriptionId = description ? `${inputId}-description` : undefined;
  const input = (
    <input
      type="checkbox"
      id={inputId}
      aria-describedby={[descriptionId, describedBy].filter(Boolean).join(' ') || undefined}
      className={cn(
        'mt-0.5 size-4 shrink-0 cursor-pointer rounded border-neutral-300 accent-primary-600 disabled:cursor-not-allowed disabled:opacity-50',
        !label && className,
      )}
      {...props}
    />
  );
  if (!label) return input;
  return (
    <div className={cn('flex items-start gap-2.5', className)}>
      {input}
      <div className="flex flex-col gap-0.5">
        <label htmlFor={inputId} className="cursor-pointer text-sm font-medium text-neutral-800">
          {label}
        </label>
        {description && (
          <p id={descriptionId} className="text-xs text-neutral-500">
            {description}
          </p>
        )}
      </div>
    </div>
  );
}
