import type { Connection, ShareAnswerInput } from '@compliance/shared/integrations';
import { CircleAlert, Plug, Save, Send } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { toast } from '@/components/toaster/toast-store.ts';
import { Badge } from '@/components/ui/badge.tsx';
import { Button, buttonClasses } from '@/components/ui/button.tsx';
import { DialogClose, DialogFor } from '@/components/ui/dialog.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { paths } from '@/config/paths.ts';
import { errorMessageKey } from '@/lib/api-client.ts';
import { cn } from '@/lib/cn.ts';
import { connectorKindIcons, useTargetText } from './connector-kinds.ts';
import { useShareTargets } from './get-share-targets.ts';
import { useShareAnswer } from './share-answer.ts';

export interface ShareAnswerDialogProps {
  /** The answer to share (without `messageId`: the whole conversation, to save); null closes the dialog. */
  answer: ShareAnswerInput | null;
  onOpenChange: (open: boolean) => void;
}

/**
 * Where an answer can go: everything but ticket systems (they take a conversation as a ticket, in the
 * Create ticket dialog); a whole conversation is a document, for a storage folder or a wiki.
 */
function accepts(connection: Connection, wholeConversation: boolean): boolean {
  if (wholeConversation) return connection.capability === 'storage' || connection.capability === 'wiki';
  return connection.capability !== 'tickets';
}

/** "Save conversation" in the conversation's bar, for users with a storage folder or a wiki to save to. */
export function SaveConversationButton({ onSave }: { onSave: () => void }) {
  const { t } = useTranslation('integrations');
  const targets = useShareTargets();
  if (!targets.data?.connections.some((connection) => accepts(connection, true))) return null;
  return (
    <Button size="sm" variant="outline" color="neutral" icon={Save} onClick={onSave}>
      {t('integrations:share.saveConversation')}
    </Button>
  );
}

/** What the toast says once an answer went out, by the connection's capability. */
const doneKeys = {
  storage: 'integrations:share.saved',
  wiki: 'integrations:share.published',
  messages: 'integrations:share.sent',
  // Never offered here (see the filter below); listed so that every capability has a text.
  tickets: 'integrations:share.sent',
} as const;

/**
 * Shares one answer of the chat (with its citations) through a connection: posted to a Slack or
 * Teams channel, saved to a storage folder, or published as a page of a wiki. The user's own connections and the organisation's
 * are offered; every message sent lands in the journal.
 */
export function ShareAnswerDialog({ answer, onOpenChange }: ShareAnswerDialogProps) {
  const { t } = useTranslation('integrations');
  return (
    <DialogFor
      subject={answer}
      onOpenChange={onOpenChange}
      title={t(answer && !answer.messageId ? 'integrations:share.conversationTitle' : 'integrations:share.title')}
      description={t(
        answer && !answer.messageId ? 'integrations:share.conversationDescription' : 'integrations:share.description',
      )}
    >
      {(subject, close) => <ShareTargets answer={subject} onDone={close} />}
    </DialogFor>
  );
}

function ShareTargets({ answer, onDone }: { answer: ShareAnswerInput; onDone: () => void }) {
  const { t } = useTranslation(['integrations', 'errors']);
  const targets = useShareTargets();
  const share = useShareAnswer();
  const targetText = useTargetText();
  const [chosen, setChosen] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const formId = useId();

  if (targets.isPending) {
    return (
      <div className="flex justify-center py-8">
        <Spinner />
      </div>
    );
  }
  if (targets.isError) {
    return (
      <p role="alert" className="text-sm text-red-700">
        {t(errorMessageKey(targets.error))}
      </p>
    );
  }

  const whole = !answer.messageId;
  const connections = targets.data.connections.filter((connection) => accepts(connection, whole));
  if (connections.length === 0) {
    return (
      <div className="flex flex-col items-start gap-3 py-2">
        <p className="text-sm text-neutral-700">
          {t(whole ? 'integrations:share.conversationNone' : 'integrations:share.none')}
        </p>
        <Link to={paths.app.integrations.getHref()} className={buttonClasses({ variant: 'outline', color: 'neutral' })}>
          <Plug aria-hidden="true" className="size-4" />
          {t('integrations:share.setUp')}
        </Link>
      </div>
    );
  }

  // With one way to share there is nothing to choose.
  const selectedId = chosen ?? (connections.length === 1 ? (connections[0]?.id ?? null) : null);
  const groups = [
    { key: 'personal', label: t('integrations:share.yours'), items: connections.filter((c) => c.scope === 'personal') },
    { key: 'company', label: t('integrations:share.company'), items: connections.filter((c) => c.scope === 'company') },
    {
      key: 'organisation',
      label: t('integrations:share.organisation'),
      items: connections.filter((c) => c.scope === 'organisation'),
    },
  ].filter((group) => group.items.length > 0);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const target = connections.find((connection) => connection.id === selectedId);
    if (!target) {
      setFailure('integrations:share.choose');
      return;
    }
    setFailure(null);
    try {
      await share.mutateAsync({ connectionId: target.id, ...answer });
      toast.add({
        title: t(doneKeys[target.capability], { target: targetText(target) }),
        color: 'success',
      });
      onDone();
    } catch (error) {
      setFailure(errorMessageKey(error));
    }
  }

  return (
    <form id={formId} noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-4">
      {groups.map((group) => (
        <fieldset key={group.key} className="flex flex-col gap-2">
          <legend className="mb-1 text-xs font-semibold tracking-wide text-neutral-500 uppercase">{group.label}</legend>
          {group.items.map((connection) => (
            <TargetOption
              key={connection.id}
              connection={connection}
              checked={selectedId === connection.id}
              onChange={() => {
                setChosen(connection.id);
                setFailure(null);
              }}
            />
          ))}
        </fieldset>
      ))}
      {failure && (
        <p role="alert" className="flex items-start gap-2 rounded-lg bg-red-50 p-3 text-sm text-red-800">
          <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          {t(failure)}
        </p>
      )}
      <div className="flex flex-col-reverse gap-2 border-t border-neutral-200 pt-4 sm:flex-row sm:justify-end">
        <DialogClose asChild>
          <Button variant="outline" color="neutral">
            {t('integrations:actions.cancel')}
          </Button>
        </DialogClose>
        <Button type="submit" icon={whole ? Save : Send} loading={share.isPending}>
          {t(whole ? 'integrations:share.save' : 'integrations:share.send')}
        </Button>
      </div>
    </form>
  );
}

function TargetOption({
  connection,
  checked,
  onChange,
}: {
  connection: Connection;
  checked: boolean;
  onChange: () => void;
}) {
  const { t } = useTranslation('integrations');
  const targetText = useTargetText();
  const Icon = connectorKindIcons[connection.kind];
  const id = useId();
  return (
    <label
      htmlFor={id}
      className={cn(
        'flex cursor-pointer items-start gap-3 rounded-lg border px-3 py-2.5',
        checked ? 'border-primary-500 bg-primary-50' : 'border-neutral-200 hover:bg-neutral-50',
      )}
    >
      <input
        id={id}
        type="radio"
        name="share-target"
        value={connection.id}
        checked={checked}
        onChange={onChange}
        className="mt-1 accent-primary-600"
      />
      <Icon aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-neutral-500" />
      <span className="flex min-w-0 flex-1 flex-col">
        <span className="flex flex-wrap items-center gap-2 font-medium text-neutral-900">
          {connection.name}
          {connection.status === 'failing' && <Badge color="danger">{t('integrations:status.failing')}</Badge>}
        </span>
        <span className="text-xs text-neutral-600">
          {t(`integrations:kinds.${connection.kind}.name`)} ·{' '}
          <span className="wrap-anywhere">{targetText(connection)}</span>
        </span>
      </span>
    </label>
  );
}
