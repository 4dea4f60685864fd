import {
  allowedForCompany,
  connectorKinds,
  syncsDocuments,
  type Connection,
  type ConnectionScope,
  type ConnectorKind,
} from '@compliance/shared/integrations';
import { ChevronRight, CircleCheck, Pencil } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { connectorKindIcons, useTargetText } from '@/components/integrations/connector-kinds.ts';
import { Button } from '@/components/ui/button.tsx';
import { Dialog, DialogClose } from '@/components/ui/dialog.tsx';
import { ConnectionForm } from './connection-form.tsx';
import { ConnectionError, ConnectionStatusBadge } from './connection-status.tsx';

/** What the dialog is opened for: a new connection, or changing one. */
export type ConnectionDialogTarget = { kind: 'create' } | { kind: 'edit'; connection: Connection };

type Step =
  | { name: 'choose' }
  | { name: 'form'; kind: ConnectorKind; connection: Connection | null }
  | { name: 'result'; connection: Connection };

function firstStep(target: ConnectionDialogTarget | null): Step {
  return target?.kind === 'edit'
    ? { name: 'form', kind: target.connection.kind, connection: target.connection }
    : { name: 'choose' };
}

/**
 * Add a connection (choose the kind, fill its settings, see whether it works) or change one (the
 * same form; an empty secret keeps the stored one). The server tests it on every save.
 */
export function ConnectionDialog({
  target,
  scope,
  onOpenChange,
}: {
  target: ConnectionDialogTarget | null;
  scope: ConnectionScope;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation('integrations');
  const [step, setStep] = useState<Step>(() => firstStep(target));
  // Opened again (or for another connection): start over.
  const [shownTarget, setShownTarget] = useState(target);
  if (target !== shownTarget) {
    setShownTarget(target);
    setStep(firstStep(target));
  }

  let title: string;
  let body;
  switch (step.name) {
    case 'choose':
      title = t('integrations:dialog.addTitle');
      body = (
        <div className="flex flex-col gap-2">
          <p className="mb-1 text-sm text-neutral-600">{t('integrations:dialog.chooseKind')}</p>
          <ul className="flex flex-col gap-2">
            {connectorKinds
              .filter((kind) => scope !== 'company' || allowedForCompany(kind))
              .map((kind) => (
                <li key={kind}>
                  <KindChoice kind={kind} onChoose={() => setStep({ name: 'form', kind, connection: null })} />
                </li>
              ))}
          </ul>
        </div>
      );
      break;
    case 'form':
      title = step.connection
        ? t('integrations:dialog.editTitle', { name: step.connection.name })
        : t('integrations:dialog.connectTitle', { kind: t(`integrations:kinds.${step.kind}.name`) });
      body = (
        <ConnectionForm
          key={step.connection?.id ?? step.kind}
          kind={step.kind}
          scope={scope}
          connection={step.connection}
          onSaved={(connection) => setStep({ name: 'result', connection })}
          onBack={target?.kind === 'create' && !step.connection ? () => setStep({ name: 'choose' }) : undefined}
        />
      );
      break;
    case 'result':
      title = t('integrations:dialog.resultTitle', { name: step.connection.name });
      body = (
        <SaveResult
          connection={step.connection}
          scope={scope}
          onChange={() => setStep(firstStep({ kind: 'edit', connection: step.connection }))}
        />
      );
      break;
  }

  return (
    <Dialog
      open={target !== null}
      onOpenChange={onOpenChange}
      title={title}
      description={step.name === 'choose' ? t('integrations:dialog.addDescription') : undefined}
      size="lg"
    >
      {target && body}
    </Dialog>
  );
}

function KindChoice({ kind, onChoose }: { kind: ConnectorKind; onChoose: () => void }) {
  const { t } = useTranslation('integrations');
  const Icon = connectorKindIcons[kind];
  return (
    <button
      type="button"
      onClick={onChoose}
      className="flex w-full items-center gap-3 rounded-lg border border-neutral-200 px-3 py-3 text-left hover:border-primary-300 hover:bg-primary-50 focus-visible:outline-2 focus-visible:outline-primary-600"
    >
      <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-primary-50 text-primary-700">
        <Icon aria-hidden="true" className="size-5" />
      </span>
      <span className="flex min-w-0 flex-1 flex-col">
        <span className="font-medium text-neutral-900">{t(`integrations:kinds.${kind}.name`)}</span>
        <span className="text-xs text-neutral-600">{t(`integrations:kinds.${kind}.description`)}</span>
      </span>
      <ChevronRight aria-hidden="true" className="size-4 text-neutral-400" />
    </button>
  );
}

/** What a connection that works is good for, by its capability and where its documents go. */
function connectedKey(connection: Connection, scope: ConnectionScope): string {
  if (connection.capability === 'tickets') return 'integrations:dialog.connectedTickets';
  if (!syncsDocuments(connection.capability)) return 'integrations:dialog.connectedMessages';
  if (scope === 'organisation') return 'integrations:dialog.connectedKnowledgeBase';
  return connection.capability === 'wiki'
    ? 'integrations:dialog.connectedWiki'
    : 'integrations:dialog.connectedStorage';
}

/** What the save's test found: it works, or what is wrong (the connection is kept either way). */
function SaveResult({
  connection,
  scope,
  onChange,
}: {
  connection: Connection;
  scope: ConnectionScope;
  onChange: () => void;
}) {
  const { t } = useTranslation('integrations');
  const targetText = useTargetText();
  return (
    <div className="flex flex-col gap-4" data-testid="connection-result">
      <div role="status" className="flex flex-col gap-2">
        <p className="flex flex-wrap items-center gap-2">
          <ConnectionStatusBadge status={connection.status} />
          <span className="text-neutral-600 wrap-anywhere">{targetText(connection)}</span>
        </p>
        {connection.status === 'connected' ? (
          <p className="flex items-center gap-2 text-sm text-neutral-800">
            <CircleCheck aria-hidden="true" className="size-4 text-green-700" />
            {t(connectedKey(connection, scope))}
          </p>
        ) : connection.lastError ? (
          <>
            <ConnectionError error={connection.lastError} />
            <p className="text-sm text-neutral-600">{t('integrations:dialog.keptFailing')}</p>
          </>
        ) : null}
      </div>
      <div className="flex flex-col-reverse gap-2 border-t border-neutral-200 pt-4 sm:flex-row sm:justify-end">
        {connection.status !== 'connected' && (
          <Button variant="outline" color="neutral" icon={Pencil} onClick={onChange}>
            {t('integrations:actions.changeSettings')}
          </Button>
        )}
        <DialogClose asChild>
          <Button>{t('integrations:actions.done')}</Button>
        </DialogClose>
      </div>
    </div>
  );
}
