import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn.ts';

/** A form label; tie it to its control with `htmlFor` (FormField does this for you). */
export function Label({ className, ...props }: ComponentProps<'label'>) {
  // eslint-disable-next-line jsx-a11y/label-has-associated-control -- callers pass htmlFor or wrap the control
  return <label className={cn('text-sm font-medium text-neutral-800', className)} {...props} />;
}
