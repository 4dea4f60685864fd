import type { LucideIcon } from 'lucide-react';
import type { ComponentProps, ReactNode } from 'react';
import { cn } from '@/lib/cn.ts';

export interface EmptyStateProps extends Omit<ComponentProps<'div'>, 'title'> {
  /** A decorative lucide icon above the title. */
  icon?: LucideIcon;
  title: ReactNode;
  description?: ReactNode;
  /** E.g. a Button to create the first item. */
  action?: ReactNode;
  /** Heading element for the title. Default 'h2' ('h1' when the empty state is the whole page). */
  titleAs?: 'h1' | 'h2' | 'h3' | 'p';
}

/** What a list or page shows when it has nothing yet. */
export function EmptyState({
  icon: Icon,
  title,
  description,
  action,
  titleAs: Title = 'h2',
  className,
  ...props
}: EmptyStateProps) {
  return (
    <div
      className={cn(
        'flex flex-col items-center justify-center rounded-lg border border-dashed border-neutral-300 px-6 py-12 text-center',
        className,
      )}
      {...props}
    >
      {Icon && (
        <div className="mb-4 flex size-12 items-center justify-center rounded-full bg-primary-50 text-primary-600">
          <Icon aria-hidden="true" className="size-6" />
        </div>
      )}
      <Title className="text-base font-semibold text-neutral-900">{title}</Title>
      {description && <p className="mt-1 max-w-md text-sm text-neutral-500">{description}</p>}
      {action && <div className="mt-6">{action}</div>}
    </div>
  );
}
