import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn.ts';
import { useFormControlProps } from './form-field.tsx';
import { controlClasses } from './input.tsx';

export interface TextareaProps extends ComponentProps<'textarea'> {
  /** Marks the field invalid (aria-invalid); FormField does this when it has an error. */
  invalid?: boolean;
}

/** A multi-line text field (default 4 rows). Inside a FormField it wires itself up. */
export function Textarea({ invalid, className, rows = 4, ...props }: TextareaProps) {
  const controlProps = useFormControlProps(props, invalid);
  return (
    <textarea
      rows={rows}
      className={cn(controlClasses, 'min-h-16 py-2 leading-relaxed', className)}
      {...controlProps}
    />
  );
}
