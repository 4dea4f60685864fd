import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn.ts';

/** A grey placeholder block shown while content loads; size it with classes (e.g. `h-4 w-32`). */
export function Skeleton({ className, ...props }: ComponentProps<'div'>) {
  return (
    <div
      aria-hidden="true"
      className={cn('animate-pulse rounded-md bg-neutral-200 motion-reduce:animate-none', className)}
      {...props}
    />
  );
}
