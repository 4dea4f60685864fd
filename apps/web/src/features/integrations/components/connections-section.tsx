import { syncsDocuments, type Connection, type ConnectionScope } from '@compliance/shared/integrations';
import { CircleAlert, Plug, Plus } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '@/components/toaster/toast-store.ts';
import { Button } from '@/components/ui/button.tsx';
import { ConfirmDialog } from '@/components/ui/confirm-dialog.tsx';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { errorMessageKey } from '@/lib/api-client.ts';
import { useConnections } from '../api/get-connections.ts';
import { useDeleteConnection } from '../api/delete-connection.ts';
import { ConnectionCard } from './connection-card.tsx';
import { ConnectionDialog, type ConnectionDialogTarget } from './connection-dialog.tsx';

/**
 * The connections of one scope, as cards, with the dialog that adds or changes one: the user's own
 * and their company's on /settings/integrations, the organisation's on /admin/integrations. A
 * company's members see its connections without changing them; someone in no company sees nothing.
 */
export function ConnectionsSection({ scope }: { scope: ConnectionScope }) {
  const { t, i18n } = useTranslation(['integrations', 'errors']);
  const connections = useConnections(scope);
  const remove = useDeleteConnection();
  const [dialog, setDialog] = useState<ConnectionDialogTarget | null>(null);
  const [deleting, setDeleting] = useState<Connection | null>(null);
  const company = connections.data?.company;
  const canManage = scope !== 'company' || company?.canManage === true;

  // Company connections are only shown to members of a company, once that is known.
  if (scope === 'company' && (connections.isPending || (connections.isSuccess && !company))) return null;

  let content;
  if (connections.isPending) {
    content = <Skeleton className="h-40 w-full" />;
  } else if (connections.isError) {
    content = (
      <EmptyState
        role="alert"
        icon={CircleAlert}
        title={t(errorMessageKey(connections.error))}
        action={
          <Button variant="outline" onClick={() => void connections.refetch()}>
            {t('integrations:actions.retry')}
          </Button>
        }
      />
    );
  } else if (connections.data.connections.length === 0) {
    content = (
      <EmptyState
        icon={Plug}
        titleAs="h3"
        title={t(`integrations:connections.${scope}.empty`)}
        description={canManage ? t(`integrations:connections.${scope}.emptyDescription`) : undefined}
      />
    );
  } else {
    content = (
      <ul className="flex flex-col gap-4">
        {connections.data.connections.map((connection) => (
          <li key={connection.id}>
            <ConnectionCard
              connection={connection}
              readOnly={!canManage}
              onEdit={(chosen) => setDialog({ kind: 'edit', connection: chosen })}
              onDelete={setDeleting}
            />
          </li>
        ))}
      </ul>
    );
  }

  return (
    <section aria-labelledby={`connections-${scope}`} className="flex flex-col gap-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="min-w-0">
          <h2 id={`connections-${scope}`} className="text-lg font-semibold text-neutral-900">
            {t(`integrations:connections.${scope}.title`)}
          </h2>
          <p className="text-sm text-neutral-600">
            {t(`integrations:connections.${scope}.description`, { company: company?.name ?? '' })}
          </p>
          {!canManage && company && (
            <p className="mt-1 text-sm text-neutral-600" data-testid="company-managers">
              {t('integrations:connections.company.managedBy', {
                count: company.managers.length,
                managers: new Intl.ListFormat(i18n.resolvedLanguage ?? i18n.language).format(company.managers),
              })}
            </p>
          )}
        </div>
        {canManage && (
          <Button icon={Plus} onClick={() => setDialog({ kind: 'create' })}>
            {t('integrations:actions.add')}
          </Button>
        )}
      </div>
      {content}
      <ConnectionDialog target={dialog} scope={scope} onOpenChange={(open) => !open && setDialog(null)} />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={t('integrations:delete.title', { name: deleting?.name ?? '' })}
        description={t(
          deleting && syncsDocuments(deleting.capability)
            ? `integrations:delete.source.${scope}`
            : deleting?.kind === 'email'
              ? 'integrations:delete.email'
              : 'integrations:delete.messages',
        )}
        confirmLabel={t('integrations:delete.confirm')}
        pending={remove.isPending}
        onConfirm={() => {
          if (!deleting) return;
          remove.mutate(deleting.id, {
            onSuccess: () => {
              toast.add({ title: t('integrations:delete.done', { name: deleting.name }), color: 'success' });
              setDeleting(null);
            },
          });
        }}
      />
    </section>
  );
}
