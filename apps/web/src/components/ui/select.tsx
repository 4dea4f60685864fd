import { ChevronDown } from 'lucide-react';
import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn.ts';
import { useFormControlProps } from './form-field.tsx';
import { controlClasses } from './input.tsx';

export interface SelectOption {
  value: string;
  label: string;
  disabled?: boolean;
}

export interface SelectProps extends ComponentProps<'select'> {
  /** The options; or pass `<option>` children instead. */
  options?: SelectOption[];
  /** A first, empty, disabled option (value ""), e.g. t('ui:selectPlaceholder'). */
  placeholder?: string;
  /** Marks the field invalid (aria-invalid); FormField does this when it has an error. */
  invalid?: boolean;
}

/** A native select with the product's look. Inside a FormField it wires itself up. */
export function Select({ options, placeholder, invalid, className, children, ...props }: SelectProps) {
  const controlProps = useFormControlProps(props, invalid);
  // Without a value the browser would pick the first enabled option; start on the placeholder instead.
  const showsPlaceholder = placeholder !== undefined && props.value === undefined && props.defaultValue === undefined;
  return (
    <div className="relative">
      <select
        className={cn(controlClasses, 'h-9 appearance-none pr-9', className)}
        {...(showsPlaceholder ? { defaultValue: '' } : {})}
        {...controlProps}
      >
        {placeholder !== undefined && (
          <option value="" disabled>
            {placeholder}
          </option>
        )}
        {options?.map((option) => (
          <option key={option.value} value={option.value} disabled={option.disabled}>
            {option.label}
          </option>
        ))}
        {children}
      </select>
      <ChevronDown
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-neutral-500"
      />
    </div>
  );
}
