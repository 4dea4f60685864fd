import type { ComponentProps, ReactNode } from 'react';
import { cn } from '@/lib/cn.ts';

/** A white, bordered, rounded surface. Compose with CardHeader, CardBody and CardFooter. */
export function Card({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('rounded-lg border border-neutral-200 bg-white shadow-xs', className)} {...props} />;
}

export interface CardHeaderProps extends Omit<ComponentProps<'div'>, 'title'> {
  title?: ReactNode;
  description?: ReactNode;
  /** Buttons or menus on the right. */
  actions?: ReactNode;
  /** Heading element for the title. Default 'h2'. */
  titleAs?: 'h2' | 'h3' | 'h4';
}

export function CardHeader({
  title,
  description,
  actions,
  titleAs: Title = 'h2',
  className,
  children,
  ...props
}: CardHeaderProps) {
  return (
    <div
      className={cn(
        'flex flex-wrap items-start justify-between gap-3 border-b border-neutral-200 px-4 py-3 sm:px-5',
        className,
      )}
      {...props}
    >
      {(title || description) && (
        // A basis of 12rem: on a narrow card the actions wrap below the title instead of squeezing it.
        <div className="min-w-0 flex-[1_1_12rem]">
          {title && <Title className="text-base font-semibold text-neutral-900">{title}</Title>}
          {description && <p className="mt-0.5 text-sm text-neutral-500">{description}</p>}
        </div>
      )}
      {children}
      {actions && <div className="flex shrink-0 items-center gap-2">{actions}</div>}
    </div>
  );
}

export function CardBody({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('px-4 py-4 sm:px-5', className)} {...props} />;
}

export function CardFooter({ className, ...props }: ComponentProps<'div'>) {
  return (
    <div
      className={cn(
        'flex flex-wrap items-center justify-end gap-2 rounded-b-lg border-t border-neutral-200 bg-neutral-50 px-4 py-3 sm:px-5',
        className,
      )}
      {...props}
    />
  );
}
