import type { LucideIcon } from 'lucide-react';
import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn.ts';
import { useFormControlProps } from './form-field.tsx';

/** Shared look of text inputs, textareas and selects. */
export const controlClasses =
  'block w-full rounded-lg border border-neutral-300 bg-white px-3 text-sm text-neutral-900 shadow-xs transition-colors ' +
  'placeholder:text-neutral-400 hover:border-neutral-400 ' +
  'focus:border-primary-500 focus:outline-none focus:ring-3 focus:ring-primary-500/20 focus-visible:outline-none ' +
  'disabled:cursor-not-allowed disabled:bg-neutral-50 disabled:text-neutral-500 ' +
  'aria-[invalid=true]:border-red-500 aria-[invalid=true]:focus:border-red-500 aria-[invalid=true]:focus:ring-red-500/20';

export interface InputProps extends ComponentProps<'input'> {
  /** A lucide icon inside the field, on the left (decorative). */
  icon?: LucideIcon;
  /** Marks the field invalid (aria-invalid); FormField does this when it has an error. */
  invalid?: boolean;
}

/** A text input. Inside a FormField it takes the field's id, description and invalid state. */
export function Input({ icon: Icon, invalid, className, type = 'text', ...props }: InputProps) {
  const controlProps = useFormControlProps(props, invalid);
  const input = (
    <input type={type} className={cn(controlClasses, 'h-9', Icon && 'pl-9', className)} {...controlProps} />
  );
  if (!Icon) return input;
  return (
    <div className="relative">
      <Icon
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-neutral-400"
      />
      {input}
    </div>
  );
}
