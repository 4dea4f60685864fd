import type { ShareAnswerInput } from '@compliance/shared/integrations';
import { assistantName } from '../utils/assistant-name.ts';
import {
  TRIAL_ASSISTANT_SLUG,
  type Assistant,
  type ChatCapabilities,
  type Citation,
  type StreamMeta,
} from '@compliance/shared/chat';
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  ConversationTickets,
  CreateTaskDialog,
  ImportTicketButton,
  useHasTicketSystems,
  type CreateTaskDialogProps,
} from '@/components/integrations/tickets.tsx';
import { SaveConversationButton, ShareAnswerDialog } from '@/components/integrations/share-answer-dialog.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { toast } from '@/components/toaster/toast-store.ts';
import { errorMessageKey } from '@/lib/api-client.ts';
import { useAssistants } from '../api/get-assistants.ts';
import { useChatDefaults } from '../api/get-chat-defaults.ts';
import { useConversation } from '../api/get-conversation.ts';
import { toUiMessages, useChatSession, type UiMessage } from '../hooks/use-chat-session.ts';
import { useMediaQuery } from '../hooks/use-media-query.ts';
import { AssistantPicker } from './assistant-picker.tsx';
import { CitationViewer } from './citation-viewer/citation-viewer.tsx';
import { Composer } from './composer.tsx';
import { MessageItem } from './message-item.tsx';
import { locales } from '@compliance/shared/locales';

export interface ChatViewProps {
  mode: 'account' | 'trial';
  conversationId?: string | null;
  onConversationStarted?: (meta: StreamMeta) => void;
  onTrialDone?: (remaining: number | null) => void;
  /** Shown instead of the composer (e.g. the trial's daily limit). */
  blocked?: ReactNode;
  /** Shown above the composer. */
  composerNote?: ReactNode;
  /** A question to start from (a prompt filled in the library: its text and run). */
  initialDraft?: { text: string; promptRunId: string | null } | null;
}

const examples = ['exampleFormAdv', 'exampleMros', 'exampleFatf'] as const;

/** Settings' default assistant → the assistant's slug. */
const defaultAssistantSlugs = { expert: 'ai-expert', prompt_engineer: 'prompt-engineer' } as const;

/** From this width the cited passage opens beside the conversation; below it, as a sheet over it. */
const SIDE_PANEL_QUERY = '(min-width: 1280px)';

/** The chat: assistant picker, toggles, the streamed conversation with citations, and the composer. */
export function ChatView({
  mode,
  conversationId = null,
  onConversationStarted,
  onTrialDone,
  blocked,
  composerNote,
  initialDraft = null,
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
  const { messages, streaming, load, clear } = session;
  const [assistantId, setAssistantId] = useState<string | null>(null);
  // The switches as the user set them; null: the defaults for the assistant (and the user's settings).
  const [knowledgeBaseChoice, setKnowledgeBase] = useState<boolean | null>(null);
  const [webSearchChoice, setWebSearch] = useState<boolean | null>(null);
  const defaultsQuery = useChatDefaults(mode === 'account');
  const [viewer, setViewer] = useState<Citation | null>(null);
  const viewerOpener = useRef<HTMLElement | null>(null);
  const wide = useMediaQuery(SIDE_PANEL_QUERY);
  /** The answer Regenerate replaced, to tell the user when the offline engine gave the same one. */
  const [regenerated, setRegenerated] = useState<string | null>(null);
  const [draft, setDraft] = useState(initialDraft?.text ?? '');
  // The prompt run the draft was filled from (library "use"), sent with it so the answer traces back.
  const [promptRunId, setPromptRunId] = useState<string | null>(initialDraft?.promptRunId ?? null);
  const [formError, setFormError] = useState<string | null>(null);
  const [editing, setEditing] = useState<{ id: string; text: string } | null>(null);
  /** The answer being shared through a connection. */
  const [sharing, setSharing] = useState<ShareAnswerInput | null>(null);
  const [taskFor, setTaskFor] = useState<CreateTaskDialogProps['task']>(null);
  const hasTicketSystems = useHasTicketSystems(mode === 'account');
  const listRef = useRef<HTMLDivElement>(null);

  const conversation = conversationQuery.data;
  // The trial offers what its page promises: the AI Expert on the shared knowledge base.
  const assistants = (assistantsQuery.data?.assistants ?? []).filter(
    (assistant) => mode === 'account' || assistant.slug === TRIAL_ASSISTANT_SLUG,
  );
  const capabilities: ChatCapabilities | undefined = assistantsQuery.data?.capabilities;
  const chosenId = conversation?.assistantId ?? assistantId;
  // A new conversation starts with the default assistant from Settings (once they are known); the
  // trial with the one assistant it offers.
  const defaultSlug =
    mode !== 'account'
      ? TRIAL_ASSISTANT_SLUG
      : !conversationId && !defaultsQuery.isPending
        ? defaultAssistantSlugs[defaultsQuery.data?.defaultAssistant ?? 'expert']
        : null;
  const selected =
    (chosenId
      ? assistants.find((assistant) => assistant.id === chosenId)
      : assistants.find((assistant) => assistant.slug === defaultSlug)) ?? null;
  // Nothing selected only because what decides it is still loading: the composer waits rather than refuses.
  const preparing =
    !selected &&
    (assistantsQuery.isPending ||
      (mode === 'account' && (conversationId ? conversationQuery.isPending : defaultsQuery.isPending)));
  // Knowledge-base search starts as Settings say, unless the assistant itself works without sources.
  const knowledgeBase =
    knowledgeBaseChoice ??
    ((selected?.defaultKnowledgeBase ?? true) &&
      (mode !== 'account' || (defaultsQuery.data?.knowledgeBaseSearch ?? true)));
  const webSearch = webSearchChoice ?? Boolean(selected?.defaultWebSearch && capabilities?.webSearch.available);
  const offline = capabilities?.provider === 'offline';

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
        setKnowledgeBase(null);
        setWebSearch(null);
        setRegenerated(null);
        setViewer(null);
        loadedFor.current = null;
        clear();
      }
      return;
    }
    if (conversation && conversation.id === conversationId && loadedFor.current !== conversationId && !streaming) {
      loadedFor.current = conversationId;
      load(toUiMessages(conversation.messages));
      setKnowledgeBase(conversation.knowledgeBase);
      setWebSearch(conversation.webSearch);
      setRegenerated(null);
      setViewer(null);
    }
  }, [mode, conversationId, conversation, streaming, load, clear]);

  useEffect(() => {
    const list = listRef.current;
    if (list) list.scrollTop = list.scrollHeight;
  }, [messages]);

  const options = () => ({
    assistantId: selected?.id ?? '',
    knowledgeBase,
    webSearch,
    language: locales.find((code) => i18n.language?.startsWith(code)) ?? 'en',
  });

  const chooseAssistant = (assistant: Assistant) => {
    setAssistantId(assistant.id);
    // Another assistant starts from its own defaults again.
    setKnowledgeBase(null);
    setWebSearch(null);
    setFormError(null);
  };

  const openCitation = useCallback((citation: Citation, opener: HTMLElement) => {
    viewerOpener.current = opener;
    setViewer(citation);
  }, []);

  const closeViewer = useCallback(() => {
    setViewer(null);
    const opener = viewerOpener.current;
    // Back to the citation that opened it, once the viewer (and a sheet's focus trap) is gone.
    window.setTimeout(() => {
      if (opener?.isConnected) opener.focus();
    }, 0);
  }, []);

  const regenerate = () => {
    setRegenerated(offline && lastAssistant ? lastAssistant.content : null);
    void session.regenerate(options());
  };

  const submit = () => {
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
    setRegenerated(null);
    const runId = promptRunId ?? undefined;
    setPromptRunId(null);
    // Keep the default assistant chosen while the new conversation's URL catches up.
    setAssistantId(selected.id);
    if (mode === 'account' && conversationId) loadedFor.current = conversationId;
    void session.ask(question, { ...options(), promptRunId: runId });
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
  /** A task from an answer: titled with the question before it, described by the answer (its sources are added). */
  const taskFromAnswer = (id: string, answer: UiMessage): CreateTaskDialogProps['task'] => {
    const index = messages.indexOf(answer);
    const question = messages.slice(0, index).findLast((message) => message.role === 'user');
    return {
      source: { conversationId: id, messageId: answer.id },
      defaults: {
        title: (question?.content ?? conversation?.title ?? '').replace(/\s+/g, ' ').trim().slice(0, 200),
        description: answer.content,
      },
    };
  };

  const failureText = (message: UiMessage) => {
    const failure = message.failure;
    if (!failure) return '';
    if (failure.kind === 'start') return t('chat:errors.start');
    if (failure.kind === 'connection') return t('chat:errors.connection');
    if (failure.kind === 'stream') return t('chat:errors.stream');
    if (failure.kind === 'assistant') return t('chat:errors.assistant');
    if (failure.kind === 'restarted') return t('chat:errors.restarted');
    return t(`errors:${failure.code ?? 'INTERNAL_ERROR'}`, { defaultValue: t('errors:INTERNAL_ERROR') });
  };

  // Once the conversation has started the picker shrinks, so phones keep room for the answers.
  const compact = messages.length > 0;

  // Regenerate in offline mode: the built-in engine answers from the same sources the same way.
  const regenerateNote =
    offline && regenerated !== null && !streaming && lastAssistant?.status === 'complete'
      ? lastAssistant.content === regenerated
        ? t('chat:offline.regenerateSame')
        : null
      : null;

  return (
    <div className="flex min-h-0 flex-1 gap-4">
      <div className="mx-auto flex min-h-0 w-full max-w-4xl min-w-0 flex-1 flex-col">
        <AssistantPicker
          mode={mode}
          status={assistantsQuery.status}
          error={assistantsQuery.error}
          assistants={assistants}
          selectedId={selected?.id ?? null}
          assistantLocked={Boolean(conversation)}
          onChoose={chooseAssistant}
          capabilities={capabilities}
          knowledgeBase={knowledgeBase}
          onKnowledgeBaseChange={setKnowledgeBase}
          webSearch={webSearch}
          onWebSearchChange={setWebSearch}
          streaming={streaming}
          archived={archived}
          compact={compact}
        />

        {/* Tickets and tasks of the conversation; a new one can start from a ticket's question. */}
        {mode === 'account' && !streaming && (
          <div className="flex justify-end border-b border-neutral-200 py-2">
            {conversationId ? (
              <div className="flex flex-wrap items-center justify-end gap-2">
                {messages.some((message) => message.role === 'assistant' && message.status === 'complete') && (
                  <SaveConversationButton onSave={() => setSharing({ conversationId })} />
                )}
                <ConversationTickets conversationId={conversationId} />
              </div>
            ) : (
              <ImportTicketButton onImported={setDraft} />
            )}
          </div>
        )}

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
              <p className="mt-1 text-sm text-neutral-600">
                {t(mode === 'trial' ? 'chat:empty.descriptionTrial' : 'chat:empty.description')}
              </p>
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
                <MessageItem
                  key={message.id}
                  message={message}
                  mode={mode}
                  assistantName={selected ? assistantName(selected, t) : undefined}
                  isLastAnswer={message === lastAssistant}
                  streaming={streaming}
                  archived={archived}
                  editing={editing}
                  onEditingChange={setEditing}
                  onEdit={(messageId, text) => {
                    setRegenerated(null);
                    void session.edit(messageId, text, options());
                  }}
                  onRetry={session.retry}
                  onRegenerate={regenerate}
                  onCopy={(item) => void copy(item)}
                  onShare={
                    mode === 'account' && conversationId
                      ? (item) => setSharing({ conversationId, messageId: item.id })
                      : undefined
                  }
                  onCreateTask={
                    mode === 'account' && conversationId && hasTicketSystems
                      ? (item) => setTaskFor(taskFromAnswer(conversationId, item))
                      : undefined
                  }
                  onOpenCitation={openCitation}
                  failureText={failureText(message)}
                  note={message === lastAssistant ? regenerateNote : null}
                />
              ))}
            </ol>
          )}
        </div>

        <div className="border-t border-neutral-200 pt-3">
          <Composer
            note={composerNote}
            blocked={blocked}
            archived={archived}
            draft={draft}
            onDraftChange={(value) => {
              setDraft(value);
              // An emptied box no longer holds the prompt's text.
              if (!value.trim()) setPromptRunId(null);
            }}
            onPromptInserted={(text, runId) => {
              setDraft(text);
              setPromptRunId(runId);
            }}
            onSubmit={submit}
            onStop={session.stop}
            streaming={streaming}
            preparing={preparing}
            error={formError}
            prompts={mode === 'account'}
          />
        </div>
      </div>
      {mode === 'account' && <ShareAnswerDialog answer={sharing} onOpenChange={(open) => !open && setSharing(null)} />}
      {mode === 'account' && <CreateTaskDialog task={taskFor} onOpenChange={(open) => !open && setTaskFor(null)} />}
      {viewer && (
        <CitationViewer citation={viewer} mode={mode} layout={wide ? 'panel' : 'sheet'} onClose={closeViewer} />
      )}
    </div>
  );
}
