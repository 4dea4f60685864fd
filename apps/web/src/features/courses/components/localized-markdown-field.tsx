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

/** A Markdown text in the four languages: one tab per language, each written or previewed. */
export function LocalizedMarkdownField({
  label,
  value,
  onChange,
  rows = 14,
}: {
  label: string;
  value: LocalizedText;
  onChange: (value: LocalizedText) => void;
  rows?: number;
}) {
  const { t } = useTranslation('courses');
  const id = useId();
  const [language, setLanguage] = useState<Locale>('en');
  const [preview, setPreview] = useState(false);
  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-medium text-neutral-800">{label}</legend>
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
            onChange={(event) => onChange({ ...value, [language]: event.target.value })}
          />
        )}
      </div>
    </fieldset>
  );
}

/** A one-line text in the four languages, one labelled field each. */
export function LocalizedTextFields({
  label,
  value,
  onChange,
}: {
  label: string;
  value: LocalizedText;
  onChange: (value: LocalizedText) => void;
}) {
  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-medium text-neutral-800">{label}</legend>
      <div className="grid grid-cols-1 gap-2 sm:grid-cols-2">
        {locales.map((locale) => (
          <FormField key={locale} label={`${label} (${languageNames[locale]})`}>
            <Input value={value[locale]} onChange={(event) => onChange({ ...value, [locale]: event.target.value })} />
          </FormField>
        ))}
      </div>
    </fieldset>
  );
}
