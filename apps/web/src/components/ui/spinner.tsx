import { LoaderCircle } from 'lucide-react';
import type { ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/cn.ts';

export type SpinnerSize = 'xs' | 'sm' | 'md' | 'lg';

export interface SpinnerProps extends Omit<ComponentProps<'span'>, 'children'> {
  /** Default 'md'. */
  size?: SpinnerSize;
  /** What is loading, for screen readers. Default t('ui:loading'). */
  label?: string;
}

const sizeClasses: Record<SpinnerSize, string> = {
  xs: 'size-3.5',
  sm: 'size-4',
  md: 'size-6',
  lg: 'size-8',
};

/** A spinning loader announced as a status ("Loading…"). */
export function Spinner({ size = 'md', label, className, ...props }: SpinnerProps) {
  const { t } = useTranslation('ui');
  return (
    <span role="status" className={cn('inline-flex items-center text-primary-600', className)} {...props}>
      <LoaderCircle aria-hidden="true" className={cn(sizeClasses[size], 'animate-spin motion-reduce:animate-none')} />
      <span className="sr-only">{label ?? t('ui:loading')}</span>
    </span>
  );
}
