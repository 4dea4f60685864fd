import type { CourseSource } from '@compliance/shared/courses';
import { useTranslation } from 'react-i18next';
import { FormField } from '@/components/ui/form-field.tsx';
import { Input } from '@/components/ui/input.tsx';
import { IssueText, useCourseIssue } from './course-issues.tsx';

/**
 * The knowledge-base passage an item cites: the document's id and the `##` heading of its English
 * version. Optional: both fields empty means no source.
 */
export function SourceField({
  label,
  value,
  onChange,
  path,
}: {
  label: string;
  value: CourseSource | undefined;
  onChange: (value: CourseSource | undefined) => void;
  path: string;
}) {
  const { t } = useTranslation('courses');
  const documentIssue = useCourseIssue(`${path}.document`);
  const sectionIssue = useCourseIssue(`${path}.section`);
  const current = value ?? { document: '', section: '' };
  const change = (next: CourseSource) => onChange(next.document === '' && next.section === '' ? undefined : next);
  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-medium text-neutral-800">{label}</legend>
      <p className="text-xs text-neutral-500">{t('courses:editor.sourceHint')}</p>
      <IssueText path={path} />
      <div className="grid grid-cols-1 gap-2 sm:grid-cols-2">
        <FormField label={t('courses:editor.sourceDocument')} error={documentIssue}>
          <Input
            value={current.document}
            placeholder="ch-amla-core-duties"
            onChange={(event) => change({ ...current, document: event.target.value })}
          />
        </FormField>
        <FormField label={t('courses:editor.sourceSection')} error={sectionIssue}>
          <Input value={current.section} onChange={(event) => change({ ...current, section: event.target.value })} />
        </FormField>
      </div>
    </fieldset>
  );
}
