import type { ImportDiff, ImportDiffEntry } from '@compliance/shared/countries';
import { useTranslation } from 'react-i18next';
import { useFormatters } from '@/lib/format.ts';
import { useCountryLanguage } from '../hooks/use-country-language.ts';
import { StatusBadge } from './status-badge.tsx';

function DiffList({
  title,
  entries,
  kind,
}: {
  title: string;
  entries: ImportDiffEntry[];
  kind: 'added' | 'removed' | 'changed';
}) {
  const { t } = useTranslation('countries');
  const language = useCountryLanguage();
  if (entries.length === 0) return null;
  return (
    <section aria-label={title} data-testid={`diff-${kind}`}>
      <h4 className="mb-2 text-sm font-semibold text-neutral-900">
        {title} ({entries.length})
      </h4>
      <ul className="divide-y divide-neutral-200 rounded-lg border border-neutral-200 bg-white text-sm">
        {entries.map((entry) => (
          <li key={entry.iso2} className="flex flex-wrap items-center gap-x-3 gap-y-1 px-3 py-2">
            <span className="min-w-40 font-medium text-neutral-900">
              {entry.names[language]} <span className="font-mono text-xs text-neutral-500">{entry.iso2}</span>
            </span>
            {entry.fromStatus && <StatusBadge status={entry.fromStatus} action={entry.fromAction} />}
            {entry.fromStatus && entry.toStatus && <span aria-hidden="true">→</span>}
            {entry.toStatus && <StatusBadge status={entry.toStatus} action={entry.toAction} />}
            {kind === 'changed' && (
              <span className="text-xs text-neutral-500">
                {t('countries:admin.fields', {
                  fields: entry.fields.map((field) => t(`countries:admin.field.${field}`)).join(', '),
                })}
              </span>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** What an import would change: added, removed, changed, and how many stay as they are. */
export function ImportDiffView({ diff }: { diff: ImportDiff }) {
  const { t } = useTranslation('countries');
  const { formatNumber } = useFormatters();
  const nothing = diff.totals.added + diff.totals.removed + diff.totals.changed === 0;
  return (
    <div className="space-y-4" data-testid="import-diff">
      <p className="text-sm font-medium text-neutral-900" role="status">
        {t('countries:admin.diffTotals', {
          added: formatNumber(diff.totals.added),
          removed: formatNumber(diff.totals.removed),
          changed: formatNumber(diff.totals.changed),
          unchanged: formatNumber(diff.totals.unchanged),
        })}
      </p>
      {nothing && <p className="text-sm text-neutral-600">{t('countries:admin.noDifferences')}</p>}
      <DiffList title={t('countries:admin.added')} entries={diff.added} kind="added" />
      <DiffList title={t('countries:admin.removed')} entries={diff.removed} kind="removed" />
      <DiffList title={t('countries:admin.changed')} entries={diff.changed} kind="changed" />
      <p className="text-sm text-neutral-600">
        {t('countries:admin.countsAfter', {
          grey: formatNumber(diff.countsAfter.grey),
          black: formatNumber(diff.countsAfter.black),
        })}
      </p>
    </div>
  );
}
