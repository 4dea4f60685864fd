import { Switch as SwitchPrimitive } from 'radix-ui';
import { useId, type ComponentProps, type ReactNode } from 'react';
import { cn } from '@/lib/cn.ts';

export interface SwitchProps extends ComponentProps<typeof SwitchPrimitive.Root> {
  /** The visible label. Without it, pass an `aria-label`. */
  label?: ReactNode;
  /** Smaller text under the label, linked with aria-describedby. */
  description?: ReactNode;
}

/** An on/off switch (radix Switch, role="switch"): `checked` / `defaultChecked` / `onCheckedChange`. */
export function Switch({ label, description, id, className, 'aria-describedby': describedBy, ...props }: SwitchProps) {
  const generatedId = useId();
  const switchId = id ?? `switch-${generatedId}`;
  const descriptionId = description ? `${switchId}-description` : undefined;
  const control = (
    <SwitchPrimitive.Root
      id={switchId}
      aria-describedby={[descriptionId, describedBy].filter(Boolean).join(' ') || undefined}
      className={cn(
        'relative inline-flex h-5 w-9 shrink-0 cursor-pointer items-center rounded-full bg-neutral-300 transition-colors',
        'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-600',
        'data-[state=checked]:bg-primary-600 disabled:cursor-not-allowed disabled:opacity-50',
        !label && className,
      )}
      {...props}
    >
      <SwitchPrimitive.Thumb className="pointer-events-none block size-4 translate-x-0.5 rounded-full bg-white shadow-sm ring-0 transition-transform data-[state=checked]:translate-x-[1.125rem] motion-reduce:transition-none" />
    </SwitchPrimitive.Root>
  );
  if (!label) return control;
  return (
    <div className={cn('flex items-start justify-between gap-4', className)}>
      <div className="flex flex-col gap-0.5">
        <label htmlFor={switchId} className="cursor-pointer text-sm font-medium text-neutral-800">
          {label}
        </label>
        {description && (
          <p id={descriptionId} className="text-xs text-neutral-500">
            {description}
          </p>
        )}
      </div>
      {control}
    </div>
  );
}
