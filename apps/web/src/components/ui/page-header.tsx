import type { ComponentProps, ReactNode } from 'react';
import { cn } from '@/lib/cn.ts';

export interface PageHeaderProps extends Omit<ComponentProps<'header'>, 'title'> {
  /** The page's h1. */
  title: ReactNode;
  description?: ReactNode;
  /** Buttons on the right (below the title on small screens). */
  actions?: ReactNode;
  /** Something above the title, e.g. a back link or breadcrumbs. */
  eyebrow?: ReactNode;
}

/** The top of a page: an h1, an optional description and actions. */
export function PageHeader({ title, description, actions, eyebrow, className, children, ...props }: PageHeaderProps) {
  return (
    <header
      className={cn('flex flex-col gap-4 pb-6 sm:flex-row sm:items-end sm:justify-between', className)}
      {...props}
    >
      <div className="min-w-0 flex-1">
        {eyebrow && <div className="mb-2 text-sm text-neutral-500">{eyebrow}</div>}
        <h1 className="text-2xl font-semibold tracking-tight text-neutral-900 sm:text-3xl">{title}</h1>
        {description && <p className="mt-1.5 max-w-3xl text-sm text-neutral-600 sm:text-base">{description}</p>}
        {children}
      </div>
      {actions && <div className="flex shrink-0 flex-wrap items-center gap-2">{actions}</div>}
    </header>
  );
}
