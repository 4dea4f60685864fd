import type { Locale } from '@compliance/shared/i18n';
import { ChevronDown, Languages } from 'lucide-react';
import { toast } from '@/components/toaster/toast-store.ts';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/cn.ts';
import { changeLanguage, i18n, languageNames, locales, toLocale, whenNamespaceLoaded } from '@/lib/i18n.ts';
import { errorMessageKey } from '@/lib/api-client.ts';
import { saveAccountLanguage } from '@/lib/session.ts';

export interface LanguageSwitcherProps {
  className?: string;
  /** 'subtle' blends into a header; 'boxed' has a border (footers, cards). Default 'subtle'. */
  appearance?: 'subtle' | 'boxed';
}

/**
 * The interface language picker, a labelled native select (keyboard and screen-reader friendly on
 * every device). The choice is remembered in localStorage and sets <html lang> (see lib/i18n.ts).
 */
export function LanguageSwitcher({ className, appearance = 'subtle' }: LanguageSwitcherProps) {
  const { t, i18n } = useTranslation('common');
  const id = useId();
  const current = toLocale(i18n.resolvedLanguage ?? i18n.language);

  return (
    <div className={cn('relative inline-flex items-center', className)}>
      <label htmlFor={id} className="sr-only">
        {t('common:language.label')}
      </label>
      <Languages aria-hidden="true" className="pointer-events-none absolute left-2.5 size-4 text-neutral-500" />
      <select
        id={id}
        value={current}
        onChange={(event) => void switchLanguage(current, event.target.value as Locale)}
        className={cn(
          'h-8 cursor-pointer appearance-none rounded-lg pr-7 pl-8 text-sm font-medium text-neutral-700 transition-colors',
          'hover:bg-neutral-100 hover:text-neutral-900',
          appearance === 'boxed'
            ? 'border border-neutral-300 bg-white shadow-xs'
            : 'border border-transparent bg-transparent',
        )}
      >
        {locales.map((locale) => (
          <option key={locale} value={locale} lang={locale}>
            {languageNames[locale]}
          </option>
        ))}
      </select>
      <ChevronDown aria-hidden="true" className="pointer-events-none absolute right-2 size-3.5 text-neutral-500" />
    </div>
  );
}

/** Changes the language and confirms it in the new language, with a way back for a mis-pick. */
async function switchLanguage(previous: Locale, next: Locale): Promise<void> {
  await changeLanguage(next);
  void rememberForAccount(next);
  toast.add({
    icon: Languages,
    title: i18n.t('common:language.changed'),
    description: i18n.t('common:language.changedDescription', { language: languageNames[next] }),
    actions: [
      {
        label: i18n.t('common:language.undo'),
        onClick: () => {
          void changeLanguage(previous);
          void rememberForAccount(previous);
        },
      },
    ],
  });
}

async function rememberForAccount(language: Locale): Promise<void> {
  try {
    await saveAccountLanguage(language);
  } catch (error) {
    whenNamespaceLoaded('errors', () => toast.add({ title: i18n.t(errorMessageKey(error)), color: 'danger' }));
  }
}
