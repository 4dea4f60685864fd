import type { LucideIcon } from 'lucide-react';
import { LoaderCircle } from 'lucide-react';
import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn.ts';

export type ButtonSize = 'xs' | 'sm' | 'md' | 'lg';
export type ButtonVariant = 'solid' | 'outline' | 'soft' | 'ghost' | 'link';
export type ButtonColor = 'primary' | 'secondary' | 'accent' | 'neutral' | 'danger';

export interface ButtonStyleOptions {
  /** Default 'sm' (SPEC §9). */
  size?: ButtonSize;
  /** Default 'solid' (SPEC §9). */
  variant?: ButtonVariant;
  /** Default 'primary' (SPEC §9). */
  color?: ButtonColor;
  /** Full width. */
  block?: boolean;
  /** Square, for icon-only buttons (set automatically by `Button` when it has an icon and no children). */
  square?: boolean;
  className?: string;
}

export const buttonDefaults = { size: 'sm', variant: 'solid', color: 'primary' } as const satisfies Required<
  Pick<ButtonStyleOptions, 'size' | 'variant' | 'color'>
>;

const base =
  'inline-flex shrink-0 items-center justify-center rounded-lg font-medium whitespace-nowrap select-none transition-colors ' +
  'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-600 ' +
  'disabled:cursor-not-allowed disabled:opacity-50 aria-disabled:cursor-not-allowed aria-disabled:opacity-50';

const sizeClasses: Record<ButtonSize, string> = {
  xs: 'h-7 gap-1 px-2 text-xs',
  sm: 'h-8 gap-1.5 px-3 text-sm',
  md: 'h-9 gap-2 px-3.5 text-sm',
  lg: 'h-11 gap-2 px-5 text-base',
};

const squareClasses: Record<ButtonSize, string> = {
  xs: 'w-7 px-0',
  sm: 'w-8 px-0',
  md: 'w-9 px-0',
  lg: 'w-11 px-0',
};

export const buttonIconClasses: Record<ButtonSize, string> = {
  xs: 'size-3.5',
  sm: 'size-4',
  md: 'size-4',
  lg: 'size-5',
};

// Full class names only, so Tailwind finds them all.
const colorClasses: Record<ButtonVariant, Record<ButtonColor, string>> = {
  solid: {
    primary: 'bg-primary-600 text-white shadow-sm hover:bg-primary-700 active:bg-primary-800',
    secondary: 'bg-secondary-700 text-white shadow-sm hover:bg-secondary-800 active:bg-secondary-900',
    accent: 'bg-accent-400 text-accent-900 shadow-sm hover:bg-accent-500 active:bg-accent-600',
    neutral: 'bg-neutral-800 text-white shadow-sm hover:bg-neutral-700 active:bg-neutral-900',
    danger: 'bg-red-600 text-white shadow-sm hover:bg-red-700 active:bg-red-800',
  },
  outline: {
    primary: 'border border-primary-300 bg-white text-primary-700 hover:bg-primary-50 active:bg-primary-100',
    secondary: 'border border-secondary-300 bg-white text-secondary-800 hover:bg-secondary-50 active:bg-secondary-100',
    accent: 'border border-accent-300 bg-white text-accent-800 hover:bg-accent-50 active:bg-accent-100',
    neutral: 'border border-neutral-300 bg-white text-neutral-800 shadow-xs hover:bg-neutral-50 active:bg-neutral-100',
    danger: 'border border-red-300 bg-white text-red-700 hover:bg-red-50 active:bg-red-100',
  },
  soft: {
    primary: 'bg-primary-50 text-primary-700 hover:bg-primary-100 active:bg-primary-200',
    secondary: 'bg-secondary-50 text-secondary-800 hover:bg-secondary-100 active:bg-secondary-200',
    accent: 'bg-accent-50 text-accent-800 hover:bg-accent-100 active:bg-accent-200',
    neutral: 'bg-neutral-100 text-neutral-800 hover:bg-neutral-200 active:bg-neutral-300',
    danger: 'bg-red-50 text-red-700 hover:bg-red-100 active:bg-red-200',
  },
  ghost: {
    primary: 'text-primary-700 hover:bg-primary-50 active:bg-primary-100',
    secondary: 'text-secondary-800 hover:bg-secondary-50 active:bg-secondary-100',
    accent: 'text-accent-800 hover:bg-accent-50 active:bg-accent-100',
    neutral: 'text-neutral-700 hover:bg-neutral-100 hover:text-neutral-900 active:bg-neutral-200',
    danger: 'text-red-700 hover:bg-red-50 active:bg-red-100',
  },
  link: {
    primary: 'text-primary-700 hover:text-primary-800',
    secondary: 'text-secondary-700 hover:text-secondary-800',
    accent: 'text-accent-700 hover:text-accent-800',
    neutral: 'text-neutral-700 hover:text-neutral-900',
    danger: 'text-red-700 hover:text-red-800',
  },
};

/** The classes of a button, for elements that must look like one (e.g. a router `<Link>`). */
export function buttonClasses({
  size = buttonDefaults.size,
  variant = buttonDefaults.variant,
  color = buttonDefaults.color,
  block = false,
  square = false,
  className,
}: ButtonStyleOptions = {}): string {
  return cn(
    base,
    sizeClasses[size],
    colorClasses[variant][color],
    variant === 'link' && 'h-auto px-0 underline-offset-4 hover:underline',
    square && variant !== 'link' && squareClasses[size],
    block && 'flex w-full',
    className,
  );
}

export interface ButtonProps extends Omit<ComponentProps<'button'>, 'color'>, Omit<ButtonStyleOptions, 'square'> {
  /** A lucide icon shown before the label (replaced by a spinner while loading). */
  icon?: LucideIcon;
  /** A lucide icon shown after the label. */
  trailingIcon?: LucideIcon;
  /** Shows a spinner, sets aria-busy and disables the button. */
  loading?: boolean;
}

/**
 * The product's button. Defaults: size 'sm', variant 'solid', color 'primary', type "button".
 * An icon-only button (icon, no children) is square and needs an `aria-label`.
 */
export function Button({
  size = buttonDefaults.size,
  variant = buttonDefaults.variant,
  color = buttonDefaults.color,
  block = false,
  icon: Icon,
  trailingIcon: TrailingIcon,
  loading = false,
  disabled,
  type = 'button',
  className,
  children,
  ...props
}: ButtonProps) {
  const iconOnly = Boolean(Icon) && (children === undefined || children === null || children === false);
  const iconClass = buttonIconClasses[size];
  return (
    <button
      type={type}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      data-size={size}
      data-variant={variant}
      data-color={color}
      className={buttonClasses({ size, variant, color, block, square: iconOnly, className })}
      {...props}
    >
      {loading ? (
        <LoaderCircle aria-hidden="true" className={cn(iconClass, 'animate-spin motion-reduce:animate-none')} />
      ) : (
        Icon && <Icon aria-hidden="true" className={iconClass} />
      )}
      {children}
      {TrailingIcon && <TrailingIcon aria-hidden="true" className={iconClass} />}
    </button>
  );
}
