import type { PromptVersion } from '@compliance/shared/prompts';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge.tsx';
import { diffPlaceholders, diffText, hasChanges, type DiffPart } from '../utils/version-diff.ts';

/** Added text underlined in green, removed text struck through in red; screen readers hear which is which. */
function DiffText({ parts }: { parts: DiffPart[] }) {
  const { t } = useTranslation('prompts');
  return (
    <>
      {parts.map((part, index) =>
        part.kind === 'added' ? (
          <ins key={index} className="rounded-sm bg-green-100 text-green-900 decoration-green-700">
            <span className="sr-only">{t('prompts:diff.addedStart')}</span>
            {part.text}
            <span className="sr-only">{t('prompts:diff.addedEnd')}</span>
          </ins>
        ) : part.kind === 'removed' ? (
          <del key={index} className="rounded-sm bg-red-100 text-red-900 decoration-red-700">
            <span className="sr-only">{t('prompts:diff.removedStart')}</span>
            {part.text}
            <span className="sr-only">{t('prompts:diff.removedEnd')}</span>
          </del>
        ) : (
          <span key={index}>{part.text}</span>
        ),
      )}
    </>
  );
}

/** What changed between two versions of a prompt: title, instructions, placeholders. */
export function VersionDiff({ before, after }: { before: PromptVersion; after: PromptVersion }) {
  const { t } = useTranslation('prompts');
  const title = useMemo(() => diffText(before.title, after.title), [before.title, after.title]);
  const instructions = useMemo(
    () => diffText(before.instructions, after.instructions),
    [before.instructions, after.instructions],
  );
  const placeholders = diffPlaceholders(before.placeholders, after.placeholders);
  const placeholdersChanged = placeholders.added.length + placeholders.removed.length + placeholders.changed.length > 0;

  if (!hasChanges(title) && !hasChanges(instructions) && !placeholdersChanged) {
    return (
      <p className="rounded-lg border border-dashed border-neutral-300 p-4 text-sm text-neutral-500">
        {t('prompts:diff.same')}
      </p>
    );
  }

  return (
    <div className="flex flex-col gap-3" data-testid="version-diff">
      <p className="flex flex-wrap gap-3 text-xs text-neutral-600">
        <span className="inline-flex items-center gap-1">
          <span aria-hidden="true" className="inline-block size-3 rounded-sm bg-red-100 ring-1 ring-red-300" />
          {t('prompts:diff.legendRemoved', { version: before.version })}
        </span>
        <span className="inline-flex items-center gap-1">
          <span aria-hidden="true" className="inline-block size-3 rounded-sm bg-green-100 ring-1 ring-green-300" />
          {t('prompts:diff.legendAdded', { version: after.version })}
        </span>
      </p>
      {hasChanges(title) && (
        <div>
          <h4 className="mb-1 text-xs font-semibold tracking-wide text-neutral-500 uppercase">
            {t('prompts:diff.title')}
          </h4>
          <p className="rounded-lg border border-neutral-200 bg-white p-3 text-sm break-words">
            <DiffText parts={title} />
          </p>
        </div>
      )}
      <div>
        <h4 className="mb-1 text-xs font-semibold tracking-wide text-neutral-500 uppercase">
          {t('prompts:diff.instructions')}
        </h4>
        {hasChanges(instructions) ? (
          <pre className="max-h-[22rem] overflow-auto rounded-lg border border-neutral-200 bg-white p-3 font-mono text-[13px] leading-relaxed break-words whitespace-pre-wrap">
            <DiffText parts={instructions} />
          </pre>
        ) : (
          <p className="text-sm text-neutral-500">{t('prompts:diff.unchanged')}</p>
        )}
      </div>
      {placeholdersChanged && (
        <div>
          <h4 className="mb-1 text-xs font-semibold tracking-wide text-neutral-500 uppercase">
            {t('prompts:diff.placeholders')}
          </h4>
          <ul className="flex flex-wrap gap-1.5">
            {placeholders.added.map((name) => (
              <li key={`added-${name}`}>
                <Badge color="success">{t('prompts:diff.placeholderAdded', { name })}</Badge>
              </li>
            ))}
            {placeholders.removed.map((name) => (
              <li key={`removed-${name}`}>
                <Badge color="danger">{t('prompts:diff.placeholderRemoved', { name })}</Badge>
              </li>
            ))}
            {placeholders.changed.map((name) => (
              <li key={`changed-${name}`}>
                <Badge color="warning">{t('prompts:diff.placeholderChanged', { name })}</Badge>
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}
