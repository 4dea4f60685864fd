import type { PromptVersion } from '@compliance/shared/prompts';
import { GitCompareArrows, RotateCcw } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '@/components/toaster/toast-store.ts';
import { Badge } from '@/components/ui/badge.tsx';
import { Button } from '@/components/ui/button.tsx';
import { FormField } from '@/components/ui/form-field.tsx';
import { Select } from '@/components/ui/select.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { Dialog } from '@/components/ui/dialog.tsx';
import { errorMessageKey, isApiError } from '@/lib/api-client.ts';
import { useFormatters } from '@/lib/format.ts';
import { usePromptVersions } from '../api/get-prompt-versions.ts';
import { useRestorePromptVersion } from '../api/restore-prompt-version.ts';
import { VersionDiff } from './version-diff.tsx';

export interface VersionHistoryDialogProps {
  /** The prompt whose history is shown; null closes the dialog. */
  prompt: { id: string; title: string } | null;
  onOpenChange: (open: boolean) => void;
}

/** A prompt's versions: messages and dates, a comparison of any two, and "restore this version". */
export function VersionHistoryDialog({ prompt, onOpenChange }: VersionHistoryDialogProps) {
  const { t } = useTranslation('prompts');
  return (
    <Dialog
      open={prompt !== null}
      onOpenChange={onOpenChange}
      title={t('prompts:history.title', { title: prompt?.title ?? '' })}
      description={t('prompts:history.description')}
      size="xl"
    >
      {prompt && <History key={prompt.id} promptId={prompt.id} />}
    </Dialog>
  );
}

function History({ promptId }: { promptId: string }) {
  const { t } = useTranslation(['prompts', 'errors']);
  const { formatDate } = useFormatters();
  const versions = usePromptVersions(promptId);
  const restore = useRestorePromptVersion();
  // Which two versions are compared (version numbers); null: the newest and the one before it.
  const [pair, setPair] = useState<{ from: number; to: number } | null>(null);

  if (versions.isPending) {
    return (
      <div className="flex justify-center py-10">
        <Spinner />
      </div>
    );
  }
  if (versions.isError) {
    return (
      <p role="alert" className="text-sm text-red-700">
        {t(
          isApiError(versions.error) && versions.error.status === 404
            ? errorMessageKey(versions.error)
            : 'errors:prompts.promptsFailed',
        )}
      </p>
    );
  }

  const list = versions.data.versions;
  const newest = list[0];
  if (!newest) return null;
  const from = pair?.from ?? list[1]?.version ?? newest.version;
  const to = pair?.to ?? newest.version;
  const byNumber = new Map(list.map((version) => [version.version, version]));
  const options = list.map((version) => ({
    value: String(version.version),
    label: t('prompts:history.versionOption', {
      version: version.version,
      date: formatDate(version.createdAt, { dateStyle: 'short', timeStyle: 'short' }),
    }),
  }));

  async function restoreVersion(version: PromptVersion) {
    const restored = await restore.mutateAsync({ id: promptId, version: version.version });
    toast.add({
      title: t('prompts:history.restored', { version: version.version, newVersion: restored.version }),
      color: 'success',
      icon: RotateCcw,
    });
    setPair(null);
  }

  return (
    <div className="grid grid-cols-1 gap-5 lg:grid-cols-[minmax(0,18rem)_minmax(0,1fr)]">
      <section aria-labelledby={`${promptId}-versions`}>
        <h3 id={`${promptId}-versions`} className="mb-2 text-sm font-semibold text-neutral-900">
          {t('prompts:history.versions', { count: list.length })}
        </h3>
        <ol className="flex max-h-[26rem] flex-col gap-2 overflow-y-auto pr-1" data-testid="version-list">
          {list.map((version) => (
            <li
              key={version.version}
              data-testid="version-item"
              data-version={version.version}
              className="rounded-lg border border-neutral-200 bg-white p-3"
            >
              <div className="flex flex-wrap items-center gap-2">
                <span className="font-semibold text-neutral-900">
                  {t('prompts:history.version', { version: version.version })}
                </span>
                {version.version === newest.version && <Badge color="success">{t('prompts:history.current')}</Badge>}
                {version.restoredFrom !== null && (
                  <Badge color="primary">{t('prompts:history.restoredFrom', { version: version.restoredFrom })}</Badge>
                )}
              </div>
              <p className="mt-1 text-xs text-neutral-500">
                {formatDate(version.createdAt, { dateStyle: 'medium', timeStyle: 'short' })}
              </p>
              <p className="mt-1 text-sm break-words text-neutral-700">
                {version.message ?? <span className="text-neutral-400 italic">{t('prompts:history.noMessage')}</span>}
              </p>
              <div className="mt-2 flex flex-wrap gap-1.5">
                {version.version !== newest.version && (
                  <>
                    <Button
                      size="xs"
                      variant="outline"
                      color="neutral"
                      icon={GitCompareArrows}
                      aria-label={t('prompts:history.compareLabel', { version: version.version })}
                      onClick={() => setPair({ from: version.version, to: newest.version })}
                    >
                      {t('prompts:history.compare')}
                    </Button>
                    <Button
                      size="xs"
                      variant="soft"
                      icon={RotateCcw}
                      loading={restore.isPending && restore.variables.version === version.version}
                      aria-label={t('prompts:history.restoreLabel', { version: version.version })}
                      onClick={() => void restoreVersion(version).catch(() => undefined)}
                    >
                      {t('prompts:history.restore')}
                    </Button>
                  </>
                )}
              </div>
            </li>
          ))}
        </ol>
      </section>

      <section aria-labelledby={`${promptId}-compare`} className="min-w-0">
        <h3 id={`${promptId}-compare`} className="mb-2 text-sm font-semibold text-neutral-900">
          {t('prompts:history.comparison')}
        </h3>
        {list.length < 2 ? (
          <p className="rounded-lg border border-dashed border-neutral-300 p-4 text-sm text-neutral-500">
            {t('prompts:history.onlyOne')}
          </p>
        ) : (
          <>
            <div className="mb-3 grid gap-3 sm:grid-cols-2">
              <FormField label={t('prompts:history.from')}>
                <Select
                  value={String(from)}
                  options={options}
                  onChange={(event) => setPair({ from: Number(event.target.value), to })}
                />
              </FormField>
              <FormField label={t('prompts:history.to')}>
                <Select
                  value={String(to)}
                  options={options}
                  onChange={(event) => setPair({ from, to: Number(event.target.value) })}
                />
              </FormField>
            </div>
            {byNumber.get(from) && byNumber.get(to) && (
              <VersionDiff before={byNumber.get(from) as PromptVersion} after={byNumber.get(to) as PromptVersion} />
            )}
          </>
        )}
      </section>
    </div>
  );
}
