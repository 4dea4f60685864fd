import type { LucideIcon } from 'lucide-react';
import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn.ts';

export type BadgeColor = 'primary' | 'secondary' | 'accent' | 'neutral' | 'success' | 'warning' | 'danger';
export type BadgeVariant = 'solid' | 'soft' | 'outline';
export type BadgeSize = 'sm' | 'md';

export interface BadgeProps extends Omit<ComponentProps<'span'>, 'color'> {
  /** Default 'neutral'. */
  color?: BadgeColor;
  /** Default 'soft'. */
  variant?: BadgeVariant;
  /** Default 'sm'. */
  size?: BadgeSize;
  /** A decorative lucide icon before the text. */
  icon?: LucideIcon;
}

const colorClasses: Record<BadgeVariant, Record<BadgeColor, string>> = {
  solid: {
    primary: 'bg-primary-600 text-white',
    secondary: 'bg-secondary-700 text-white',
    accent: 'bg-accent-400 text-accent-900',
    neutral: 'bg-neutral-700 text-white',
    success: 'bg-green-700 text-white',
    warning: 'bg-amber-400 text-amber-950',
    danger: 'bg-red-600 text-white',
  },
  soft: {
    primary: 'bg-primary-50 text-primary-700 ring-1 ring-primary-600/15 ring-inset',
    secondary: 'bg-secondary-50 text-secondary-800 ring-1 ring-secondary-700/15 ring-inset',
    accent: 'bg-accent-50 text-accent-800 ring-1 ring-accent-600/20 ring-inset',
    neutral: 'bg-neutral-100 text-neutral-700 ring-1 ring-neutral-500/15 ring-inset',
    success: 'bg-green-50 text-green-800 ring-1 ring-green-700/15 ring-inset',
    warning: 'bg-amber-50 text-amber-800 ring-1 ring-amber-600/20 ring-inset',
    danger: 'bg-red-50 text-red-700 ring-1 ring-red-600/15 ring-inset',
  },
  outline: {
    primary: 'text-primary-700 ring-1 ring-primary-300 ring-inset',
    secondary: 'text-secondary-800 ring-1 ring-secondary-300 ring-inset',
    accent: 'text-accent-800 ring-1 ring-accent-300 ring-inset',
    neutral: 'text-neutral-700 ring-1 ring-neutral-300 ring-inset',
    success: 'text-green-800 ring-1 ring-green-300 ring-inset',
    warning: 'text-amber-800 ring-1 ring-amber-300 ring-inset',
    danger: 'text-red-700 ring-1 ring-red-300 ring-inset',
  },
};

const sizeClasses: Record<BadgeSize, string> = {
  sm: 'gap-1 px-2 py-0.5 text-xs',
  md: 'gap-1.5 px-2.5 py-1 text-sm',
};

/** A small status label, e.g. a file status or a country's listing status. */
export function Badge({
  color = 'neutral',
  variant = 'soft',
  size = 'sm',
  icon: Icon,
  className,
  children,
  ...props
}: BadgeProps) {
  return (
    <span
      data-color={color}
      data-variant={variant}
      className={cn(
        'inline-flex items-center rounded-md font-medium whitespace-nowrap',
        sizeClasses[size],
        colorClasses[variant][color],
        className,
      )}
      {...props}
    >
      {Icon && <Icon aria-hidden="true" className={size === 'sm' ? 'size-3' : 'size-3.5'} />}
      {children}
    </span>
  );
}
