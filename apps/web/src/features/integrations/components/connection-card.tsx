import { syncsDocuments, type Connection } from '@compliance/shared/integrations';
import { FolderOpen, Pencil, PlugZap, RefreshCw, Trash2 } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  connectorKindIcons,
  useIntegrationErrorText,
  useTargetText,
} from '@/components/integrations/connector-kinds.ts';
import { toast } from '@/components/toaster/toast-store.ts';
import { Button, buttonClasses } from '@/components/ui/button.tsx';
import { Card, CardBody } from '@/components/ui/card.tsx';
import { paths } from '@/config/paths.ts';
import { useFormatters } from '@/lib/format.ts';
import { isRunActive, useSyncRuns } from '../api/get-sync-runs.ts';
import { useSyncConnection } from '../api/sync-connection.ts';
import { useTestConnection } from '../api/test-connection.ts';
import { ConnectionError, ConnectionStatusBadge } from './connection-status.tsx';
import { SyncHistory } from './sync-history.tsx';

export interface ConnectionCardProps {
  connection: Connection;
  onEdit: (connection: Connection) => void;
  onDelete: (connection: Connection) => void;
  /** Shown to someone who uses it but does not manage it (a company's member): no actions. */
  readOnly?: boolean;
}

/**
 * Where a source's synced documents are: a personal connection's folder in the user's documents, an
 * organisation one's in the knowledge-base branch its admin chose.
 */
function folderHref(connection: Connection, folderId: string): string {
  return connection.scope === 'organisation'
    ? paths.admin.knowledgeBaseFolder.getHref(folderId)
    : paths.app.documentsFolder.getHref(folderId);
}

/** One connection: where it points, whether it works, what it last did, and what can be done with it. */
export function ConnectionCard({ connection, onEdit, onDelete, readOnly = false }: ConnectionCardProps) {
  const { t } = useTranslation(['integrations', 'errors']);
  const { formatDate } = useFormatters();
  const errorText = useIntegrationErrorText();
  const targetText = useTargetText();
  const titleId = useId();
  // Storage folders and wikis bring documents into the library; they sync, and keep a history.
  const source = syncsDocuments(connection.capability);
  const runs = useSyncRuns(connection.id, { enabled: source });
  const test = useTestConnection();
  const sync = useSyncConnection();
  const running = runs.data?.runs.some(isRunActive) ?? false;
  const Icon = connectorKindIcons[connection.kind];
  const when = (value: string | null) =>
    value ? formatDate(value, { dateStyle: 'medium', timeStyle: 'short' }) : t('integrations:card.never');
  const schedule = typeof connection.settings.schedule === 'string' ? connection.settings.schedule : 'manual';

  const runTest = () =>
    test.mutate(connection.id, {
      onSuccess: ({ ok, connection: checked }) =>
        toast.add(
          ok
            ? { title: t('integrations:card.testPassed', { name: checked.name }), color: 'success' }
            : {
                title: t('integrations:card.testFailed', { name: checked.name }),
                description: checked.lastError ? errorText(checked.lastError.code) : undefined,
                color: 'danger',
              },
        ),
    });

  return (
    <Card>
      <article aria-labelledby={titleId} data-testid="connection-card">
        <CardBody className="flex flex-col gap-3">
          <div className="flex flex-wrap items-start gap-3">
            <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-primary-50 text-primary-700">
              <Icon aria-hidden="true" className="size-5" />
            </span>
            <div className="min-w-0 flex-1">
              <h3 id={titleId} className="text-base font-semibold text-neutral-900">
                {connection.name}
              </h3>
              <p className="text-sm text-neutral-600">
                {t(`integrations:kinds.${connection.kind}.name`)} ·{' '}
                <span className="wrap-anywhere" data-testid="connection-target">
                  {targetText(connection)}
                </span>
              </p>
            </div>
            <ConnectionStatusBadge status={connection.status} />
          </div>

          <dl className="grid gap-x-6 gap-y-1 text-sm sm:grid-cols-[auto_minmax(0,1fr)]">
            <dt className="text-neutral-500">{t('integrations:card.lastChecked')}</dt>
            <dd className="text-neutral-800">{when(connection.lastCheckedAt)}</dd>
            {source && (
              <>
                <dt className="text-neutral-500">{t('integrations:card.lastSync')}</dt>
                <dd className="text-neutral-800">{when(connection.lastSyncAt)}</dd>
                <dt className="text-neutral-500">{t('integrations:fields.schedule')}</dt>
                <dd className="text-neutral-800">
                  {t(`integrations:schedules.${schedule}`, { defaultValue: schedule })}
                </dd>
              </>
            )}
          </dl>

          {connection.status === 'failing' && connection.lastError && <ConnectionError error={connection.lastError} />}

          {!readOnly && (
            <div className="flex flex-wrap gap-2">
              <Button
                size="sm"
                variant="outline"
                color="neutral"
                icon={PlugZap}
                loading={test.isPending}
                onClick={runTest}
              >
                {t('integrations:actions.test')}
              </Button>
              {source && (
                <Button
                  size="sm"
                  variant="outline"
                  color="neutral"
                  icon={RefreshCw}
                  loading={sync.isPending}
                  disabled={running}
                  onClick={() => sync.mutate(connection.id)}
                >
                  {t(running ? 'integrations:actions.syncing' : 'integrations:actions.sync')}
                </Button>
              )}
              {source && connection.folderId && (
                <Link
                  to={folderHref(connection, connection.folderId)}
                  className={buttonClasses({ size: 'sm', variant: 'outline', color: 'neutral' })}
                >
                  <FolderOpen aria-hidden="true" className="size-4" />
                  {t('integrations:actions.openFolder')}
                </Link>
              )}
              <Button size="sm" variant="ghost" color="neutral" icon={Pencil} onClick={() => onEdit(connection)}>
                {t('integrations:actions.edit')}
              </Button>
              <Button size="sm" variant="ghost" color="danger" icon={Trash2} onClick={() => onDelete(connection)}>
                {t('integrations:actions.delete')}
              </Button>
            </div>
          )}

          {source && (
            <div className="border-t border-neutral-200 pt-3">
              <SyncHistory runs={runs.data?.runs} pending={runs.isPending} error={runs.error} />
            </div>
          )}
        </CardBody>
      </article>
    </Card>
  );
}
