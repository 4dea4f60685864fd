import { MAX_QUESTION_LENGTH, type Citation } from '@compliance/shared/chat';
import { AlertTriangle, Bot, Copy, ListTodo, Pencil, RefreshCw, Share2, UserRound } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { Textarea } from '@/components/ui/textarea.tsx';
import { cn } from '@/lib/cn.ts';
import type { UiMessage } from '../utils/chat-messages.ts';
import { CitationList } from './citation-list.tsx';
import { MessageMarkdown } from './message-markdown.tsx';

export interface MessageItemProps {
  message: UiMessage;
  mode: 'account' | 'trial';
  /** The assistant's name, read out before its answers. */
  assistantName?: string;
  /** The conversation's last answer: the one that can be retried or regenerated. */
  isLastAnswer: boolean;
  streaming: boolean;
  archived: boolean;
  /** The question being edited (one at a time). */
  editing: { id: string; text: string } | null;
  onEditingChange: (editing: { id: string; text: string } | null) => void;
  onEdit: (messageId: string, question: string) => void;
  onRetry: () => void;
  onRegenerate: () => void;
  onCopy: (message: UiMessage) => void;
  /** Shares a complete answer through a connection (signed-in chat only). */
  onShare?: (message: UiMessage) => void;
  /** Creates a task in a ticket system from this answer (offered only when the user has one). */
  onCreateTask?: (message: UiMessage) => void;
  /** Opens a cited document in the viewer; `opener` gets focus back when it closes. */
  onOpenCitation: (citation: Citation, opener: HTMLElement) => void;
  /** The translated failure, for an answer that failed. */
  failureText: string;
  /** A note under the answer's actions (e.g. why Regenerate changed nothing). */
  note?: string | null;
}

/** One question or answer of the conversation, with its actions (edit, copy, retry, regenerate). */
export function MessageItem({
  message,
  mode,
  assistantName,
  isLastAnswer,
  streaming,
  archived,
  editing,
  onEditingChange,
  onEdit,
  onRetry,
  onRegenerate,
  onCopy,
  onShare,
  onCreateTask,
  onOpenCitation,
  failureText,
  note,
}: MessageItemProps) {
  const { t } = useTranslation(['chat', 'errors', 'integrations']);
  return (
    <li
      className={cn('flex gap-3', message.role === 'user' && 'flex-row-reverse')}
      data-role={message.role}
      data-status={message.status}
    >
      <span
        aria-hidden="true"
        className={cn(
          'mt-1 flex size-7 shrink-0 items-center justify-center rounded-full',
          message.role === 'user' ? 'bg-neutral-200 text-neutral-700' : 'bg-primary-100 text-primary-700',
        )}
      >
        {message.role === 'user' ? <UserRound className="size-4" /> : <Bot className="size-4" />}
      </span>
      <div
        className={cn(
          'min-w-0 max-w-[85%] rounded-2xl px-4 py-3',
          message.role === 'user' ? 'bg-primary-600 text-white' : 'border border-neutral-200 bg-white shadow-sm',
        )}
      >
        <span className="sr-only">{message.role === 'user' ? t('chat:message.you') : assistantName}</span>
        {message.role === 'user' ? (
          editing?.id === message.id ? (
            <form
              className="flex flex-col gap-2"
              onSubmit={(event) => {
                event.preventDefault();
                const text = editing.text.trim();
                if (!text) return;
                onEditingChange(null);
                onEdit(message.id, text);
              }}
            >
              <label className="sr-only" htmlFor={`edit-${message.id}`}>
                {t('chat:actions.editQuestion')}
              </label>
              <Textarea
                id={`edit-${message.id}`}
                rows={3}
                value={editing.text}
                maxLength={MAX_QUESTION_LENGTH}
                onChange={(event) => onEditingChange({ id: message.id, text: event.target.value })}
                className="text-neutral-900"
              />
              <div className="flex justify-end gap-2">
                <Button type="button" size="xs" variant="soft" color="neutral" onClick={() => onEditingChange(null)}>
                  {t('chat:actions.cancel')}
                </Button>
                <Button type="submit" size="xs" color="secondary">
                  {t('chat:actions.saveAndAsk')}
                </Button>
              </div>
            </form>
          ) : (
            <>
              <p className="text-sm whitespace-pre-wrap">{message.content}</p>
              {message.promptRun && (
                <details className="mt-1 text-xs text-primary-100">
                  <summary className="cursor-pointer">
                    {t('chat:message.fromPrompt', {
                      title: message.promptRun.title,
                      version: message.promptRun.version,
                    })}
                  </summary>
                  <dl className="mt-1 grid grid-cols-[auto_minmax(0,1fr)] gap-x-2">
                    {Object.entries(message.promptRun.values).map(([name, value]) => (
                      <div key={name} className="contents">
                        <dt className="font-mono">{name}</dt>
                        <dd className="break-words">{value || '—'}</dd>
                      </div>
                    ))}
                  </dl>
                </details>
              )}
              {mode === 'account' && !streaming && !archived && !message.id.startsWith('local-') && (
                <div className="mt-1 flex justify-end">
                  <button
                    type="button"
                    className="inline-flex items-center gap-1 rounded text-xs text-primary-100 hover:text-white"
                    onClick={() => onEditingChange({ id: message.id, text: message.content })}
                  >
                    <Pencil aria-hidden="true" className="size-3" />
                    {t('chat:actions.edit')}
                  </button>
                </div>
              )}
            </>
          )
        ) : (
          <>
            {message.content ? (
              <MessageMarkdown
                content={message.content}
                citations={message.citations}
                onCitation={(number, chip) => {
                  const citation = message.citations.find((item) => item.number === number);
                  // A document opens beside the chat; other sources are shown in the list below.
                  if (citation?.kind === 'document') onOpenCitation(citation, chip);
                  else document.getElementById(`cite-${message.id}-${number}`)?.focus();
                }}
              />
            ) : message.status === 'streaming' ? (
              <span className="inline-flex items-center gap-2 text-sm text-neutral-500">
                <Spinner className="size-4" /> {t('chat:message.thinking')}
              </span>
            ) : null}
            <CitationList citations={message.citations} idPrefix={`cite-${message.id}`} onOpen={onOpenCitation} />
            {message.status === 'stopped' && (
              <p className="mt-2 text-xs text-neutral-500">{t('chat:message.stopped')}</p>
            )}
            {message.status === 'error' && (
              <div
                role="alert"
                className="mt-2 flex flex-wrap items-center gap-2 rounded-lg bg-danger-50 px-3 py-2 text-sm text-danger-800"
              >
                <AlertTriangle aria-hidden="true" className="size-4 shrink-0" />
                <span className="font-medium">{failureText}</span>
                {message.failure?.kind !== 'rejected' || message.failure.code !== 'DAILY_QUERY_LIMIT' ? (
                  isLastAnswer && !streaming && !archived ? (
                    <Button
                      size="xs"
                      variant="outline"
                      color="danger"
                      icon={RefreshCw}
                      onClick={onRetry}
                      className="ml-auto"
                    >
                      {t('chat:actions.retry')}
                    </Button>
                  ) : null
                ) : null}
              </div>
            )}
            {message.status !== 'streaming' && message.content && (
              <div className="mt-2 flex gap-1">
                <Button size="xs" variant="ghost" color="neutral" icon={Copy} onClick={() => onCopy(message)}>
                  {t('chat:actions.copy')}
                </Button>
                {onShare && message.status === 'complete' && !message.id.startsWith('local-') && (
                  <Button size="xs" variant="ghost" color="neutral" icon={Share2} onClick={() => onShare(message)}>
                    {t('chat:actions.share')}
                  </Button>
                )}
                {onCreateTask && message.status === 'complete' && !message.id.startsWith('local-') && (
                  <Button
                    size="xs"
                    variant="ghost"
                    color="neutral"
                    icon={ListTodo}
                    onClick={() => onCreateTask(message)}
                  >
                    {t('integrations:tickets.task')}
                  </Button>
                )}
                {mode === 'account' && isLastAnswer && !streaming && !archived && (
                  <Button size="xs" variant="ghost" color="neutral" icon={RefreshCw} onClick={onRegenerate}>
                    {t('chat:actions.regenerate')}
                  </Button>
                )}
              </div>
            )}
            {note && (
              <p role="status" className="mt-1 text-xs text-neutral-600">
                {note}
              </p>
            )}
          </>
        )}
      </div>
    </li>
  );
}
