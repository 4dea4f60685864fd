import { createContext, use, useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/cn.ts';
import { Label } from './label.tsx';

interface FormFieldContextValue {
  id: string;
  hintId: string | undefined;
  errorId: string | undefined;
  invalid: boolean;
  required: boolean;
}

const FormFieldContext = createContext<FormFieldContextValue | null>(null);

/** The surrounding FormField's ids and state, for custom controls. `null` outside a FormField. */
export function useFormField(): FormFieldContextValue | null {
  return use(FormFieldContext);
}

interface ControlAriaProps {
  id?: string;
  required?: boolean;
  'aria-describedby'?: string;
  'aria-invalid'?: boolean | 'true' | 'false' | 'grammar' | 'spelling';
}

/**
 * Merges a control's own props with its FormField: the field's id (so the label points at it),
 * aria-describedby (hint, error, then the control's own), aria-invalid and required.
 */
export function useFormControlProps<P extends ControlAriaProps>(props: P, invalid?: boolean): P {
  const field = useFormField();
  const describedBy = [field?.hintId, field?.errorId, props['aria-describedby']].filter(Boolean).join(' ') || undefined;
  const isInvalid = Boolean(invalid) || Boolean(field?.invalid);
  return {
    ...props,
    id: field?.id ?? props.id,
    required: props.required ?? (field?.required || undefined),
    'aria-describedby': describedBy,
    'aria-invalid': props['aria-invalid'] ?? (isInvalid || undefined),
  };
}

export interface FormFieldProps {
  /** The visible label, tied to the control. */
  label: ReactNode;
  /** The control: Input, Textarea, Select (they wire themselves up) or a custom one using `useFormField()`. */
  children: ReactNode;
  /** Help text under the control (linked with aria-describedby). */
  hint?: ReactNode;
  /** Error message; when set the control is aria-invalid and the message is linked with aria-describedby. */
  error?: ReactNode;
  /** Marks the control required and shows an asterisk after the label. */
  required?: boolean;
  /** The control's id; generated when omitted. Inside a FormField this id wins over the control's own. */
  id?: string;
  /** Visually hides the label (it stays the accessible name). */
  hideLabel?: boolean;
  className?: string;
}

/** Label + control + hint + error, wired with id, aria-describedby and aria-invalid. */
export function FormField({
  label,
  children,
  hint,
  error,
  required = false,
  id,
  hideLabel,
  className,
}: FormFieldProps) {
  const { t } = useTranslation('ui');
  const generatedId = useId();
  const controlId = id ?? `field-${generatedId}`;
  const hasError = error !== undefined && error !== null && error !== false && error !== '';
  const hasHint = hint !== undefined && hint !== null && hint !== false && hint !== '';
  const value: FormFieldContextValue = {
    id: controlId,
    hintId: hasHint ? `${controlId}-hint` : undefined,
    errorId: hasError ? `${controlId}-error` : undefined,
    invalid: hasError,
    required,
  };

  return (
    <div className={cn('flex flex-col gap-1.5', className)}>
      <div className={cn('flex items-baseline gap-0.5', hideLabel && 'sr-only')}>
        <Label htmlFor={controlId}>{label}</Label>
        {required && (
          <span aria-hidden="true" title={t('ui:required')} className="text-sm font-medium text-red-600">
            *
          </span>
        )}
      </div>
      <FormFieldContext value={value}>{children}</FormFieldContext>
      {hasHint && (
        <p id={value.hintId} className="text-xs text-neutral-500">
          {hint}
        </p>
      )}
      {hasError && (
        <p id={value.errorId} className="text-xs font-medium text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
