import type { SyncItemOutcome, SyncRun } from '@compliance/shared/integrations';
import { ChevronDown, History } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useIntegrationErrorText } from '@/components/integrations/connector-kinds.ts';
import { Badge, type BadgeColor } from '@/components/ui/badge.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { errorMessageKey } from '@/lib/api-client.ts';
import { cn } from '@/lib/cn.ts';
import { useFormatters } from '@/lib/format.ts';

const runColors: Record<SyncRun['status'], BadgeColor> = {
  queued: 'neutral',
  running: 'primary',
  succeeded: 'success',
  partial: 'warning',
  failed: 'danger',
};

const outcomeColors: Record<SyncItemOutcome, BadgeColor> = {
  added: 'success',
  updated: 'primary',
  deleted: 'neutral',
  failed: 'danger',
};

export interface SyncHistoryProps {
  runs: SyncRun[] | undefined;
  pending: boolean;
  error: unknown;
}

/** A storage or wiki connection's syncs: the latest one at a glance, all of them (with each file) on demand. */
export function SyncHistory({ runs, pending, error }: SyncHistoryProps) {
  const { t } = useTranslation(['integrations', 'errors']);
  const [open, setOpen] = useState(false);
  const listId = useId();

  if (pending) return <Skeleton className="h-10 w-full" />;
  if (error) {
    return (
      <p role="alert" className="text-sm text-red-700">
        {t(errorMessageKey(error))}
      </p>
    );
  }
  const [latest] = runs ?? [];
  if (!latest) return <p className="text-sm text-neutral-600">{t('integrations:runs.none')}</p>;

  return (
    <section aria-label={t('integrations:runs.title')} className="flex flex-col gap-2">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="min-w-0 text-sm" data-testid="latest-run">
          <span className="mr-2 text-neutral-600">{t('integrations:runs.latest')}</span>
          <RunSummary run={latest} />
        </div>
        <Button
          size="xs"
          variant="ghost"
          color="neutral"
          icon={History}
          trailingIcon={ChevronDown}
          aria-expanded={open}
          aria-controls={listId}
          onClick={() => setOpen((value) => !value)}
        >
          {open ? t('integrations:runs.hide') : t('integrations:runs.show', { number: runs?.length ?? 0 })}
        </Button>
      </div>
      <ol id={listId} hidden={!open} className="flex flex-col gap-1.5">
        {(runs ?? []).map((run) => (
          <li key={run.id}>
            <RunDetails run={run} />
          </li>
        ))}
      </ol>
    </section>
  );
}

function RunSummary({ run }: { run: SyncRun }) {
  const { t } = useTranslation('integrations');
  const { formatDate } = useFormatters();
  const errorText = useIntegrationErrorText();
  const when = run.finishedAt ?? run.startedAt;
  return (
    <span className="inline-flex flex-wrap items-center gap-x-2 gap-y-1">
      <Badge color={runColors[run.status]}>{t(`integrations:runs.status.${run.status}`)}</Badge>
      {when && (
        <time dateTime={when} className="text-neutral-600">
          {formatDate(when, { dateStyle: 'medium', timeStyle: 'short' })}
        </time>
      )}
      {run.status !== 'queued' && <span className="text-neutral-700">{t('integrations:runs.counts', run.counts)}</span>}
      {run.errorCode && <span className="text-red-700">{errorText(run.errorCode)}</span>}
    </span>
  );
}

function RunDetails({ run }: { run: SyncRun }) {
  const { t } = useTranslation('integrations');
  const errorText = useIntegrationErrorText();
  const changed = run.counts.added + run.counts.updated + run.counts.deleted + run.counts.failed;
  return (
    <details className="group rounded-lg border border-neutral-200 px-3 py-2 text-sm" data-testid="sync-run">
      <summary className="flex cursor-pointer list-none flex-wrap items-center gap-2">
        <ChevronDown
          aria-hidden="true"
          className="size-4 -rotate-90 text-neutral-500 transition-transform group-open:rotate-0"
        />
        <RunSummary run={run} />
        <span className="text-xs text-neutral-500">{t(`integrations:runs.trigger.${run.trigger}`)}</span>
      </summary>
      {run.items.length === 0 ? (
        <p className="mt-2 text-neutral-600">{t('integrations:runs.noChanges')}</p>
      ) : (
        <>
          <ul className="mt-2 flex flex-col gap-1" aria-label={t('integrations:runs.files')}>
            {run.items.map((item) => (
              <li key={`${item.outcome}-${item.remotePath}`} className="flex flex-wrap items-baseline gap-2">
                <Badge color={outcomeColors[item.outcome]}>{t(`integrations:runs.outcome.${item.outcome}`)}</Badge>
                <span className={cn('font-mono text-xs break-all', item.outcome === 'failed' && 'text-red-800')}>
                  {item.remotePath}
                </span>
                {item.outcome === 'failed' && item.detail && (
                  <span className="text-xs text-red-700">{errorText(item.detail)}</span>
                )}
              </li>
            ))}
          </ul>
          {changed > run.items.length && (
            <p className="mt-1 text-xs text-neutral-500">
              {t('integrations:runs.firstFiles', { shown: run.items.length, total: changed })}
            </p>
          )}
        </>
      )}
    </details>
  );
}
