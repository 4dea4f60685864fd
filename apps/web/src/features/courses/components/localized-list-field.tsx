import { locales, type Locale } from '@compliance/shared/locales';
import { X } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Input } from '@/components/ui/input.tsx';
import { Label } from '@/components/ui/label.tsx';
import { languageNames } from '@/lib/i18n.ts';
import { useCourseIssue } from './course-issues.tsx';

type LocalizedList = Record<Locale, string[]>;

/** A list of words or phrases as removable tags; Enter (or leaving the field) adds what was typed. */
export function TagListInput({
  label,
  value,
  onChange,
  error,
}: {
  label: string;
  value: string[];
  onChange: (value: string[]) => void;
  error?: string;
}) {
  const { t } = useTranslation('courses');
  const id = useId();
  const [text, setText] = useState('');
  const add = () => {
    const entry = text.trim();
    setText('');
    if (entry && !value.includes(entry)) onChange([...value, entry]);
  };
  const describedBy = [`${id}-hint`, error ? `${id}-error` : ''].filter(Boolean).join(' ');
  return (
    <div className="flex flex-col gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      {value.length > 0 && (
        <ul aria-label={label} className="flex flex-wrap gap-1.5">
          {value.map((entry) => (
            <li
              key={entry}
              className="inline-flex items-center gap-1 rounded-full bg-primary-50 py-0.5 pr-1 pl-2.5 text-xs text-primary-900"
            >
              {entry}
              <button
                type="button"
                aria-label={t('courses:editor.removeTag', { tag: entry })}
                title={t('courses:editor.removeTag', { tag: entry })}
                onClick={() => onChange(value.filter((other) => other !== entry))}
                className="rounded-full p-0.5 text-primary-700 hover:bg-primary-100 focus-visible:outline-2 focus-visible:outline-primary-600"
              >
                <X aria-hidden="true" className="size-3" />
              </button>
            </li>
          ))}
        </ul>
      )}
      <Input
        id={id}
        value={text}
        invalid={Boolean(error)}
        aria-describedby={describedBy}
        onChange={(event) => setText(event.target.value)}
        onBlur={add}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            add();
          }
        }}
      />
      <p id={`${id}-hint`} className="sr-only">
        {t('courses:editor.tagHint')}
      </p>
      {error && (
        <p id={`${id}-error`} className="text-xs font-medium text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

/** Word lists in the four languages (accepted answers, a concept's terms), one tag field each. */
export function LocalizedListFields({
  label,
  hint,
  value,
  onChange,
  path,
}: {
  label: string;
  hint?: string;
  value: LocalizedList;
  onChange: (value: LocalizedList) => void;
  path?: string;
}) {
  const { t } = useTranslation('courses');
  const issues: Record<Locale, string | undefined> = {
    en: useCourseIssue(path && `${path}.en`),
    de: useCourseIssue(path && `${path}.de`),
    fr: useCourseIssue(path && `${path}.fr`),
    it: useCourseIssue(path && `${path}.it`),
  };
  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-medium text-neutral-800">{label}</legend>
      <p className="text-xs text-neutral-500">
        {hint ? `${hint} ${t('courses:editor.tagHint')}` : t('courses:editor.tagHint')}
      </p>
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        {locales.map((locale) => (
          <TagListInput
            key={locale}
            label={`${label} (${languageNames[locale]})`}
            value={value[locale]}
            error={issues[locale]}
            onChange={(list) => onChange({ ...value, [locale]: list })}
          />
        ))}
      </div>
    </fieldset>
  );
}
