import type { Assistant, ChatCapabilities, StreamMeta } from '@compliance/shared/chat';
import { MAX_QUESTION_LENGTH } from '@compliance/shared/chat';
import { AlertTriangle, Bot, Copy, Pencil, RefreshCw, Send, Square, UserRound } from 'lucide-react';
import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { Switch } from '@/components/ui/switch.tsx';
import { Textarea } from '@/components/ui/textarea.tsx';
import { toast } from '@/components/toaster/toast-store.ts';
import { cn } from '@/lib/cn.ts';
import { errorMessageKey } from '@/lib/api-client.ts';
import { useAssistants } from '../api/get-assistants.ts';
import { toUiMessages, useChatSession, type UiMessage } from '../hooks/use-chat-session.ts';
import { useConversation } from '../api/get-conversation.ts';
import { CitationList } from './citation-list.tsx';
import { MessageMarkdown } from './message-markdown.tsx';

export interface ChatViewProps {
  mode: 'account' | 'trial';
  conversationId?: string | null;
  onConversationStarted?: (meta: StreamMeta) => void;
  onTrialDone?: (remaining: number | null) => void;
  /** Shown instead of the composer (e.g. the trial's daily limit). */
  blocked?: ReactNode;
  /** Shown above the composer. */
  composerNote?: ReactNode;
}

const examples = ['exampleFormAdv', 'exampleMros', 'exampleFatf'] as const;

/** The chat: assistant picker, toggles, the streamed conversation with citations, and the composer. */
export function ChatView({
  mode,
  conversationId = null,
  onConversationStarted,
  onTrialDone,
  blocked,
  composerNote,
}: ChatViewProps) {
  const { t, i18n } = useTranslation(['chat', 'errors']);
  const assistantsQuery = useAssistants();
  const conversationQuery = useConversation(mode === 'account' ? conversationId : null);
  const loadedFor = useRef<string | null>(null);
  const session = useChatSession({
    mode,
    conversationId,
    onConversationStarted: (meta) => {
      // This tab already shows the conversation it is streaming into.
      loadedFor.current = meta.conversationId;
      onConversationStarted?.(meta);
    },
    onTrialDone,
  });
  const { messages, setMessages, streaming } = session;
  const [assistantId, setAssistantId] = useState<string | null>(null);
  const [knowledgeBase, setKnowledgeBase] = useState(true);
  const [webSearch, setWebSearch] = useState(false);
  const [draft, setDraft] = useState('');
  const [formError, setFormError] = useState<string | null>(null);
  const [editing, setEditing] = useState<{ id: string; text: string } | null>(null);
  const listRef = useRef<HTMLDivElement>(null);
  const composerId = useId();

  const conversation = conversationQuery.data;
  const assistants = assistantsQuery.data?.assistants ?? [];
  const capabilities: ChatCapabilities | undefined = assistantsQuery.data?.capabilities;
  const selected = assistants.find((assistant) => assistant.id === (conversation?.assistantId ?? assistantId)) ?? null;

  // Opening another conversation (or a new one) stops the answer still streaming here.
  const { stop } = session;
  const shownConversation = useRef(conversationId);
  useEffect(() => {
    if (shownConversation.current === conversationId) return;
    shownConversation.current = conversationId;
    // The URL catching up with a conversation this tab just started is not a change of conversation.
    if (mode === 'account' && streaming && conversationId !== loadedFor.current) stop();
  }, [mode, conversationId, streaming, stop]);

  // Show a stored conversation when it is opened (not while this tab is streaming into it).
  useEffect(() => {
    if (mode !== 'account') return;
    if (!conversationId) {
      if (loadedFor.current !== null && !streaming) {
        setDraft('');
        setAssistantId(null);
        loadedFor.current = null;
        setMessages([]);
      }
      return;
    }
    if (conversation && conversation.id === conversationId && loadedFor.current !== conversationId && !streaming) {
      loadedFor.current = conversationId;
      setMessages(toUiMessages(conversation.messages));
      setKnowledgeBase(conversation.knowledgeBase);
      setWebSearch(conversation.webSearch);
    }
  }, [mode, conversationId, conversation, streaming, setMessages]);

  useEffect(() => {
    const list = listRef.current;
    if (list) list.scrollTop = list.scrollHeight;
  }, [messages]);

  const options = () => ({
    assistantId: selected?.id ?? '',
    knowledgeBase,
    webSearch,
    language: (['en', 'de', 'fr', 'it'] as const).find((code) => i18n.language?.startsWith(code)) ?? 'en',
  });

  const chooseAssistant = (assistant: Assistant) => {
    setAssistantId(assistant.id);
    setKnowledgeBase(assistant.defaultKnowledgeBase);
    setWebSearch(assistant.defaultWebSearch && Boolean(capabilities?.webSearch.available));
    setFormError(null);
  };

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    const question = draft.trim();
    if (!selected) {
      setFormError(t('chat:errors.selectAssistant'));
      return;
    }
    if (!question) {
      setFormError(t('chat:errors.emptyQuestion'));
      return;
    }
    setFormError(null);
    setDraft('');
    if (mode === 'account' && conversationId) loadedFor.current = conversationId;
    void session.ask(question, options());
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      if (!streaming) submit();
    }
  };

  const copy = async (message: UiMessage) => {
    try {
      await navigator.clipboard.writeText(message.content);
      toast.add({ title: t('chat:actions.copied'), color: 'success' });
    } catch {
      toast.add({ title: t('chat:actions.copyFailed'), color: 'danger' });
    }
  };

  const archived = conversation?.status === 'archived';
  const lastAssistant = messages.findLast((message) => message.role === 'assistant');

  const failureText = (message: UiMessage) => {
    const failure = message.failure;
    if (!failure) return '';
    if (failure.kind === 'start') return t('chat:errors.start');
    if (failure.kind === 'connection') return t('chat:errors.connection');
    if (failure.kind === 'stream') return t('chat:errors.stream');
    if (failure.kind === 'assistant') return t('chat:errors.assistant');
    return t(`errors:${failure.code ?? 'INTERNAL_ERROR'}`, { defaultValue: t('errors:INTERNAL_ERROR') });
  };

  // Once the conversation has started the picker shrinks, so phones keep room for the answers.
  const compact = messages.length > 0;

  return (
    <div className="flex min-h-0 flex-1 flex-col">
      {/* Assistant picker and toggles */}
      <div className="flex flex-col gap-3 border-b border-neutral-200 pb-4">
        <fieldset>
          <legend className={cn('mb-2 text-sm font-medium text-neutral-800', compact && 'sr-only')}>
            {t('chat:picker.label')}
          </legend>
          {assistantsQuery.isPending ? (
            <div className="grid gap-2 sm:grid-cols-2">
              <Skeleton className="h-16" />
              <Skeleton className="h-16" />
            </div>
          ) : assistantsQuery.isError ? (
            <p role="alert" className="text-sm text-danger-700">
              {t(errorMessageKey(assistantsQuery.error))}
            </p>
          ) : (
            <div className={cn('grid gap-2', compact ? 'grid-cols-2' : 'sm:grid-cols-2')}>
              {assistants.map((assistant) => {
                const active = selected?.id === assistant.id;
                const locked = Boolean(conversation) && !active;
                return (
                  <label
                    key={assistant.id}
                    className={cn(
                      'flex cursor-pointer gap-3 rounded-xl border text-left transition-colors',
                      compact ? 'p-2' : 'p-3',
                      active
                        ? 'border-primary-500 bg-primary-50 ring-1 ring-primary-500'
                        : 'border-neutral-200 bg-white hover:border-neutral-300',
                      locked && 'cursor-not-allowed opacity-50',
                    )}
                  >
                    <input
                      type="radio"
                      name={`${composerId}-assistant`}
                      className="sr-only"
                      checked={active}
                      disabled={locked || streaming}
                      onChange={() => chooseAssistant(assistant)}
                    />
                    <Bot
                      aria-hidden="true"
                      className={cn('mt-0.5 size-5 shrink-0', active ? 'text-primary-700' : 'text-neutral-400')}
                    />
                    <span className="min-w-0">
                      <span className="block text-sm font-semibold text-neutral-900">
                        {assistant.customized
                          ? assistant.name
                          : t(`chat:assistants.${assistant.slug}.name`, { defaultValue: assistant.name })}
                      </span>
                      <span className={cn('block text-xs text-neutral-600', compact && 'hidden sm:block')}>
                        {assistant.customized
                          ? assistant.description
                          : t(`chat:assistants.${assistant.slug}.description`, { defaultValue: assistant.description })}
                      </span>
                    </span>
                  </label>
                );
              })}
            </div>
          )}
        </fieldset>
        <div className="flex flex-col gap-2 sm:flex-row sm:gap-6">
          <Switch
            label={t('chat:toggles.knowledgeBase')}
            checked={knowledgeBase}
            onCheckedChange={setKnowledgeBase}
            disabled={streaming || archived}
            className="sm:justify-start"
          />
          {mode === 'account' && (
            <Switch
              label={t('chat:toggles.webSearch')}
              description={
                capabilities && !capabilities.webSearch.available && !compact
                  ? t('chat:webSearch.notConfigured')
                  : undefined
              }
              checked={webSearch}
              onCheckedChange={setWebSearch}
              disabled={streaming || archived || !capabilities?.webSearch.available}
              className="sm:justify-start"
            />
          )}
        </div>
      </div>

      {/* Messages */}
      <div ref={listRef} className="min-h-0 flex-1 overflow-y-auto py-4" aria-live="polite" aria-busy={streaming}>
        {conversationQuery.isPending && conversationId && mode === 'account' && messages.length === 0 ? (
          <div className="space-y-3">
            <Skeleton className="h-10 w-2/3" />
            <Skeleton className="h-24" />
          </div>
        ) : conversationQuery.isError && mode === 'account' ? (
          <p role="alert" className="rounded-lg bg-danger-50 p-3 text-sm text-danger-800">
            {t(errorMessageKey(conversationQuery.error))}
          </p>
        ) : messages.length === 0 ? (
          <div className="mx-auto max-w-xl py-8 text-center">
            <h2 className="text-base font-semibold text-neutral-900">{t('chat:empty.title')}</h2>
            <p className="mt-1 text-sm text-neutral-600">{t('chat:empty.description')}</p>
            <div className="mt-4 flex flex-wrap justify-center gap-2">
              {examples.map((key) => (
                <button
                  key={key}
                  type="button"
                  className="rounded-full border border-neutral-200 bg-white px-3 py-1.5 text-xs text-neutral-700 hover:border-primary-300 hover:text-primary-800"
                  onClick={() => setDraft(t(`chat:empty.${key}`))}
                >
                  {t(`chat:empty.${key}`)}
                </button>
              ))}
            </div>
          </div>
        ) : (
          <ol className="mx-auto flex max-w-3xl flex-col gap-4">
            {messages.map((message) => (
              <li
                key={message.id}
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
                    message.role === 'user'
                      ? 'bg-primary-600 text-white'
                      : 'border border-neutral-200 bg-white shadow-sm',
                  )}
                >
                  <span className="sr-only">{message.role === 'user' ? t('chat:message.you') : selected?.name}</span>
                  {message.role === 'user' ? (
                    editing?.id === message.id ? (
                      <form
                        className="flex flex-col gap-2"
                        onSubmit={(event) => {
                          event.preventDefault();
                          const text = editing.text.trim();
                          if (!text) return;
                          setEditing(null);
                          void session.edit(message.id, text, options());
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
                          onChange={(event) => setEditing({ id: message.id, text: event.target.value })}
                          className="text-neutral-900"
                        />
                        <div className="flex justify-end gap-2">
                          <Button
                            type="button"
                            size="xs"
                            variant="soft"
                            color="neutral"
                            onClick={() => setEditing(null)}
                          >
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
                        {mode === 'account' && !streaming && !archived && !message.id.startsWith('local-') && (
                          <div className="mt-1 flex justify-end">
                            <button
                              type="button"
                              className="inline-flex items-center gap-1 rounded text-xs text-primary-100 hover:text-white"
                              onClick={() => setEditing({ id: message.id, text: message.content })}
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
                          onCitation={(number) => document.getElementById(`cite-${message.id}-${number}`)?.focus()}
                        />
                      ) : message.status === 'streaming' ? (
                        <span className="inline-flex items-center gap-2 text-sm text-neutral-500">
                          <Spinner className="size-4" /> {t('chat:message.thinking')}
                        </span>
                      ) : null}
                      <CitationList citations={message.citations} idPrefix={`cite-${message.id}`} />
                      {message.status === 'stopped' && (
                        <p className="mt-2 text-xs text-neutral-500">{t('chat:message.stopped')}</p>
                      )}
                      {message.status === 'error' && (
                        <div
                          role="alert"
                          className="mt-2 flex flex-wrap items-center gap-2 rounded-lg bg-danger-50 px-3 py-2 text-sm text-danger-800"
                        >
                          <AlertTriangle aria-hidden="true" className="size-4 shrink-0" />
                          <span className="font-medium">{failureText(message)}</span>
                          {message.failure?.kind !== 'rejected' || message.failure.code !== 'DAILY_QUERY_LIMIT' ? (
                            message === lastAssistant && !streaming && !archived ? (
                              <Button
                                size="xs"
                                variant="outline"
                                color="danger"
                                icon={RefreshCw}
                                onClick={session.retry}
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
                          <Button
                            size="xs"
                            variant="ghost"
                            color="neutral"
                            icon={Copy}
                            onClick={() => void copy(message)}
                          >
                            {t('chat:actions.copy')}
                          </Button>
                          {mode === 'account' && message === lastAssistant && !streaming && !archived && (
                            <Button
                              size="xs"
                              variant="ghost"
                              color="neutral"
                              icon={RefreshCw}
                              onClick={() => void session.regenerate(options())}
                            >
                              {t('chat:actions.regenerate')}
                            </Button>
                          )}
                        </div>
                      )}
                    </>
                  )}
                </div>
              </li>
            ))}
          </ol>
        )}
      </div>

      {/* Composer */}
      <div className="border-t border-neutral-200 pt-3">
        {composerNote}
        {blocked ? (
          blocked
        ) : archived ? (
          <p className="rounded-lg bg-neutral-50 p-3 text-sm text-neutral-600">{t('chat:conversation.archivedNote')}</p>
        ) : (
          <form onSubmit={submit} className="flex flex-col gap-2" noValidate>
            <label htmlFor={composerId} className="sr-only">
              {t('chat:composer.label')}
            </label>
            <div className="flex items-end gap-2">
              <Textarea
                id={composerId}
                rows={2}
                value={draft}
                maxLength={MAX_QUESTION_LENGTH}
                placeholder={t('chat:composer.placeholder')}
                onChange={(event) => setDraft(event.target.value)}
                onKeyDown={onKeyDown}
                invalid={Boolean(formError)}
                aria-describedby={formError ? `${composerId}-error` : undefined}
                className="min-h-[3.25rem] flex-1 resize-none"
              />
              {streaming ? (
                <Button type="button" size="md" color="neutral" variant="outline" icon={Square} onClick={session.stop}>
                  {t('chat:actions.stop')}
                </Button>
              ) : (
                <Button type="submit" size="md" icon={Send}>
                  {t('chat:actions.send')}
                </Button>
              )}
            </div>
            {formError && (
              <p id={`${composerId}-error`} role="alert" className="text-sm text-danger-700">
                {formError}
              </p>
            )}
          </form>
        )}
      </div>
    </div>
  );
}
