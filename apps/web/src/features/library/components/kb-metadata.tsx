import { isLocale } from '@compliance/shared/locales';
import { useTranslation } from 'react-i18next';
import { useFormatters } from '@/lib/format.ts';
import { languageNames, toLocale } from '@/lib/i18n.ts';
import { useFunctions } from '@/components/knowledge-base/get-functions.ts';

/** Front-matter fields shown elsewhere on the page, or not meant for readers. */
const hidden = new Set(['title', 'summary', 'id']);
/** The order fields are shown in; any other field follows, labelled from its name. */
const order = [
  'reference',
  'issuer',
  'jurisdiction',
  'resourceType',
  'functions',
  'status',
  'statusNote',
  'effectiveDate',
  'lastVerified',
  'language',
  'translationOf',
  'sourceUrl',
];
const dateFields = new Set(['effectiveDate', 'lastVerified', 'asOf']);

/** "translationOf" → "Translation of": a readable label for a field the product does not know yet. */
function humanize(key: string): string {
  const words = key
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** A knowledge-base document's front matter as labelled, translated fields (codes read as names, dates as dates). */
export function KbMetadata({ metadata }: { metadata: Record<string, unknown> }) {
  const { t, i18n } = useTranslation('knowledge');
  const { formatDate } = useFormatters();
  const functions = useFunctions();
  const locale = toLocale(i18n.resolvedLanguage ?? i18n.language);
  const functionName = (code: string) =>
    functions.data?.find((item) => item.code === code)?.names[locale] ?? humanize(code);
  const entries = Object.entries(metadata)
    .filter(
      ([key, value]) =>
        !hidden.has(key) && value !== null && value !== '' && !(Array.isArray(value) && value.length === 0),
    )
    .sort(
      ([a], [b]) =>
        (order.indexOf(a) === -1 ? 99 : order.indexOf(a)) - (order.indexOf(b) === -1 ? 99 : order.indexOf(b)),
    );

  const show = (key: string, value: unknown) => {
    const text = Array.isArray(value) ? value.map(String) : [String(value)];
    switch (key) {
      case 'functions':
        return text.map(functionName).join(', ');
      case 'resourceType':
        return t(`knowledge:meta.resourceTypes.${text[0]}`, { defaultValue: humanize(text[0] ?? '') });
      case 'status':
        return t(`knowledge:meta.statuses.${text[0]}`, { defaultValue: humanize(text[0] ?? '') });
      case 'jurisdiction':
        return t(`knowledge:meta.jurisdictions.${text[0]}`, { defaultValue: text[0] });
      case 'language':
        return isLocale(text[0]) ? languageNames[text[0]] : text[0];
      case 'sourceUrl':
        return /^https?:\/\//.test(text[0] ?? '') ? (
          <a
            href={text[0]}
            target="_blank"
            rel="noopener noreferrer"
            className="break-all text-primary-700 hover:underline"
          >
            {text[0]}
          </a>
        ) : (
          text[0]
        );
      default:
        if (dateFields.has(key) && /^\d{4}-\d{2}-\d{2}$/.test(text[0] ?? ''))
          return formatDate(`${text[0]}T00:00:00Z`, { dateStyle: 'long', timeZone: 'UTC' });
        return text.join(', ');
    }
  };

  return (
    <>
      {entries.map(([key, value]) => (
        <div key={key}>
          <dt className="text-neutral-500">{t(`knowledge:meta.fields.${key}`, { defaultValue: humanize(key) })}</dt>
          <dd className="break-words">{show(key, value)}</dd>
        </div>
      ))}
    </>
  );
}
