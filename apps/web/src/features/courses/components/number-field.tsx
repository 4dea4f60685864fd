import { FormField } from '@/components/ui/form-field.tsx';
import { Input } from '@/components/ui/input.tsx';
import { useCourseIssue } from './course-issues.tsx';

/** A number field of the course file (word limits, weights). */
export function NumberField({
  label,
  value,
  path,
  onChange,
  min,
  max,
  step,
  className = 'w-full sm:w-44',
}: {
  label: string;
  value: number;
  path: string;
  onChange: (value: number) => void;
  min: number;
  max?: number;
  step?: number;
  className?: string;
}) {
  const issue = useCourseIssue(path);
  return (
    <FormField label={label} error={issue} className={className}>
      <Input
        type="number"
        inputMode="decimal"
        min={min}
        max={max}
        step={step}
        value={Number.isFinite(value) ? value : ''}
        onChange={(event) => onChange(event.target.value === '' ? Number.NaN : Number(event.target.value))}
      />
    </FormField>
  );
}
