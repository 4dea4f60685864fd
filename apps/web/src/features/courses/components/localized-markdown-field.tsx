import type { LocalizedText } from '@compliance/shared/courses';
import { locales, type Locale } from '@compliance/shared/locales';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MarkdownText } from '@/components/markdown.tsx';
import { FormField } from '@/components/ui/form-field.tsx';
import { Input } from '@/components/ui/input.tsx';
import { Textarea } from '@/components/ui/textarea.tsx';
import { languageNames } from '@/lib/i18n.ts';
import { cn } from '@/lib/cn.ts';
import { IssueText, useCourseIssue } from './course-issues.tsx';

/** The problem of one language of a localized text, or of the text as a whole. */
function useLocaleIssues(path: string | undefined): Record<Locale, string | undefined> {
  return {
    en: useCourseIssue(path && `${path}.en`),
    de: useCourseIssue(path && `${path}.de`),
    fr: useCourseIssue(path && `${path}.fr`),
    it: useCourseIssue(path && `${path}.it`),
  };
}

/** A Markdown text in the four languages: one tab per language, each written or previewed. */
export function LocalizedMarkdownField({
  label,
  value,
  onChange,
  rows = 14,
  path,
}: {
  label: string;
  value: LocalizedText;
  onChange: (value: LocalizedText) => void;
  rows?: number;
  /** Where the text is in the course file, for the problems found there. */
  path?: string;
}) {
  const { t } = useTranslation('courses');
  const id = useId();
  const [language, setLanguage] = useState<Locale>('en');
  const [preview, setPreview] = useState(false);
  const issues = useLocaleIssues(path);
  const issue = issues[language];
  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-medium text-neutral-800">{label}</legend>
      <IssueText path={path} />
      <div className="flex flex-wrap items-center gap-2">
        <div role="tablist" aria-label={t('courses:editor.languages')} className="flex gap-1">
          {locales.map((locale) => (
            <button
              key={locale}
              type="button"
              role="tab"
              id={`${id}-${locale}`}
              aria-selected={language === locale}
              aria-controls={`${id}-panel`}
              onClick={() => setLanguage(locale)}
              className={cn(
                'rounded-md px-2.5 py-1 text-xs font-medium',
                language === locale
                  ? 'bg-primary-600 text-white'
                  : 'bg-neutral-100 text-neutral-700 hover:bg-neutral-200',
              )}
            >
              {languageNames[locale]}
              {issues[locale] && (
                <span className={cn('ml-1', language === locale ? 'text-white' : 'text-red-700')}>
                  <span aria-hidden="true">!</span>
                  <span className="sr-only">{t('courses:editor.hasProblem')}</span>
                </span>
              )}
            </button>
          ))}
        </div>
        <span className="flex-1" />
        <label className="flex items-center gap-2 text-xs text-neutral-700">
          <input
            type="checkbox"
            checked={preview}
            onChange={(event) => setPreview(event.target.checked)}
            className="accent-primary-600"
          />
          {t('courses:editor.preview')}
        </label>
      </div>
      <div id={`${id}-panel`} role="tabpanel" aria-labelledby={`${id}-${language}`}>
        {preview ? (
          <div className="min-h-40 rounded-lg border border-neutral-200 bg-white p-4">
            <MarkdownText content={value[language]} />
          </div>
        ) : (
          <Textarea
            aria-label={`${label} (${languageNames[language]})`}
            rows={rows}
            className="font-mono text-xs"
            value={value[language]}
            invalid={Boolean(issue)}
            aria-describedby={issue ? `${id}-issue` : undefined}
            onChange={(event) => onChange({ ...value, [language]: event.target.value })}
          />
        )}
        {issue && (
          <p id={`${id}-issue`} className="mt-1 text-xs font-medium text-red-700">
            {issue}
          </p>
        )}
      </div>
    </fieldset>
  );
}

/** A short text in the four languages, one labelled field each (a line, or a few with `multiline`). */
export function LocalizedTextFields({
  label,
  value,
  onChange,
  path,
  multiline = false,
}: {
  label: string;
  value: LocalizedText;
  onChange: (value: LocalizedText) => void;
  /** Where the text is in the course file, for the problems found there. */
  path?: string;
  multiline?: boolean;
}) {
  const issues = useLocaleIssues(path);
  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-medium text-neutral-800">{label}</legend>
      <IssueText path={path} />
      <div className="grid grid-cols-1 gap-2 sm:grid-cols-2">
        {locales.map((locale) => (
          <FormField key={locale} label={`${label} (${languageNames[locale]})`} error={issues[locale]}>
            {multiline ? (
              <Textarea
                rows={2}
                // Grows with its text (where the browser can), so a long prompt is read whole.
                className="field-sizing-content min-h-16"
                value={value[locale]}
                onChange={(event) => onChange({ ...value, [locale]: event.target.value })}
              />
            ) : (
              <Input value={value[locale]} onChange={(event) => onChange({ ...value, [locale]: event.target.value })} />
            )}
          </FormField>
        ))}
      </div>
    </fieldset>
  );
}
