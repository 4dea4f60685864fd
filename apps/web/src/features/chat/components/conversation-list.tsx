import type { ConversationStatus, ConversationSummary } from '@compliance/shared/chat';
import { CONVERSATION_TITLE_MAX_LENGTH } from '@compliance/shared/chat';
import { useQueryClient } from '@tanstack/react-query';
import { Archive, ArchiveRestore, MessageSquarePlus, MoreHorizontal, Pencil, Search, Trash2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Button, buttonClasses } from '@/components/ui/button.tsx';
import { Dialog } from '@/components/ui/dialog.tsx';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu.tsx';
import { Input } from '@/components/ui/input.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { toast } from '@/components/toaster/toast-store.ts';
import { paths } from '@/config/paths.ts';
import { errorMessageKey } from '@/lib/api-client.ts';
import { cn } from '@/lib/cn.ts';
import { formatDate } from '@/lib/format.ts';
import { useRealtimeEvents } from '@/lib/realtime.ts';
import { useDeleteConversation } from '../api/delete-conversation.ts';
import { useConversations } from '../api/get-conversations.ts';
import { useUpdateConversation } from '../api/update-conversation.ts';
import { chatQueryKeys } from '../api/query-keys.ts';

export const CONVERSATION_PARAM = 'c';

export function chatHref(conversationId?: string | null): string {
  return conversationId
    ? `${paths.app.chat.getHref()}?${CONVERSATION_PARAM}=${encodeURIComponent(conversationId)}`
    : paths.app.chat.getHref();
}

const realtimeTypes = [
  'conversation.activated',
  'conversation.archived',
  'conversation.deleted',
  'conversation.updated',
] as const;

/** The conversation list beside the chat: start, search, rename, archive, reactivate, delete. */
export function ConversationList({ onNavigate }: { onNavigate?: () => void }) {
  const { t, i18n } = useTranslation(['chat', 'errors']);
  const [status, setStatus] = useState<ConversationStatus>('active');
  const [query, setQuery] = useState('');
  const [searchParams] = useSearchParams();
  const currentId = searchParams.get(CONVERSATION_PARAM);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const list = useConversations(status, query.trim());
  const update = useUpdateConversation();
  const remove = useDeleteConversation();
  const [renaming, setRenaming] = useState<ConversationSummary | null>(null);
  const [title, setTitle] = useState('');
  const [deleting, setDeleting] = useState<ConversationSummary | null>(null);

  // Changes made in the user's other tabs.
  useRealtimeEvents(
    realtimeTypes,
    (event) => {
      void queryClient.invalidateQueries({ queryKey: chatQueryKeys.all });
      const id = (event.data as { id?: string } | null)?.id;
      if (event.type === 'conversation.deleted' && id && id === currentId) void navigate(chatHref(), { replace: true });
    },
    () => void queryClient.invalidateQueries({ queryKey: chatQueryKeys.all }),
  );

  const fail = (error: unknown) => toast.add({ title: t(errorMessageKey(error)), color: 'danger' });

  const setConversationStatus = (conversation: ConversationSummary, next: ConversationStatus) =>
    update.mutate(
      { id: conversation.id, status: next },
      {
        onSuccess: () =>
          toast.add({
            title: t(next === 'archived' ? 'chat:list.archivedToast' : 'chat:list.reactivatedToast'),
            color: 'success',
          }),
        onError: fail,
      },
    );

  const submitRename = (event: FormEvent) => {
    event.preventDefault();
    if (!renaming) return;
    const value = title.trim();
    if (!value) return;
    update.mutate({ id: renaming.id, title: value }, { onSuccess: () => setRenaming(null), onError: fail });
  };

  const confirmDelete = () => {
    if (!deleting) return;
    const id = deleting.id;
    // Leave the conversation first, so nothing asks for it once it is gone.
    if (id === currentId) void navigate(chatHref(), { replace: true });
    remove.mutate(id, {
      onSuccess: () => {
        setDeleting(null);
        toast.add({ title: t('chat:list.deletedToast'), color: 'success' });
      },
      onError: fail,
    });
  };

  const conversations = list.data?.conversations ?? [];

  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <div className="space-y-2 border-b border-neutral-200 p-3">
        <Link to={chatHref()} onClick={onNavigate} className={buttonClasses({ size: 'sm', block: true })}>
          <MessageSquarePlus aria-hidden="true" className="size-4" />
          {t('chat:list.new')}
        </Link>
        <div className="relative">
          <Search
            aria-hidden="true"
            className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-neutral-400"
          />
          <Input
            type="search"
            aria-label={t('chat:list.search')}
            placeholder={t('chat:list.search')}
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            className="pl-8"
          />
        </div>
        <div
          role="tablist"
          aria-label={t('chat:list.views')}
          className="grid grid-cols-2 gap-1 rounded-lg bg-neutral-100 p-1 text-xs"
        >
          {(['active', 'archived'] as const).map((value) => (
            <button
              key={value}
              type="button"
              role="tab"
              aria-selected={status === value}
              className={cn(
                'rounded-md px-2 py-1 font-medium',
                status === value ? 'bg-white text-neutral-900 shadow-sm' : 'text-neutral-600 hover:text-neutral-900',
              )}
              onClick={() => setStatus(value)}
            >
              {t(value === 'active' ? 'chat:list.active' : 'chat:list.archived')}
            </button>
          ))}
        </div>
      </div>
      <div className="min-h-0 flex-1 overflow-y-auto p-2">
        {list.isPending ? (
          <div className="space-y-2 p-1">
            <Skeleton className="h-10" />
            <Skeleton className="h-10" />
          </div>
        ) : list.isError ? (
          <p role="alert" className="p-3 text-sm text-danger-700">
            {t(errorMessageKey(list.error))}
          </p>
        ) : conversations.length === 0 ? (
          <p className="p-4 text-center text-sm text-neutral-500">
            {query ? t('chat:list.noMatches') : t(status === 'active' ? 'chat:list.empty' : 'chat:list.emptyArchived')}
          </p>
        ) : (
          <ul className="space-y-0.5" aria-label={t(status === 'active' ? 'chat:list.active' : 'chat:list.archived')}>
            {conversations.map((conversation) => (
              <li
                key={conversation.id}
                className={cn(
                  'group flex items-center rounded-lg',
                  conversation.id === currentId ? 'bg-primary-50' : 'hover:bg-neutral-50',
                )}
              >
                <Link
                  to={chatHref(conversation.id)}
                  onClick={onNavigate}
                  aria-current={conversation.id === currentId ? 'page' : undefined}
                  className="min-w-0 flex-1 px-3 py-2"
                >
                  <span className="block truncate text-sm text-neutral-900">{conversation.title}</span>
                  <span className="block text-xs text-neutral-500">
                    {formatDate(conversation.updatedAt, i18n.language)}
                  </span>
                </Link>
                <DropdownMenu>
                  <DropdownMenuTrigger asChild>
                    <Button
                      variant="ghost"
                      color="neutral"
                      size="xs"
                      icon={MoreHorizontal}
                      aria-label={t('chat:list.actionsFor', { title: conversation.title })}
                      className="mr-1"
                    />
                  </DropdownMenuTrigger>
                  <DropdownMenuContent align="end">
                    <DropdownMenuItem
                      icon={Pencil}
                      onSelect={() => {
                        setTitle(conversation.title);
                        setRenaming(conversation);
                      }}
                    >
                      {t('chat:list.rename')}
                    </DropdownMenuItem>
                    {conversation.status === 'active' ? (
                      <DropdownMenuItem icon={Archive} onSelect={() => setConversationStatus(conversation, 'archived')}>
                        {t('chat:list.archive')}
                      </DropdownMenuItem>
                    ) : (
                      <DropdownMenuItem
                        icon={ArchiveRestore}
                        onSelect={() => setConversationStatus(conversation, 'active')}
                      >
                        {t('chat:list.reactivate')}
                      </DropdownMenuItem>
                    )}
                    <DropdownMenuItem icon={Trash2} color="danger" onSelect={() => setDeleting(conversation)}>
                      {t('chat:list.delete')}
                    </DropdownMenuItem>
                  </DropdownMenuContent>
                </DropdownMenu>
              </li>
            ))}
          </ul>
        )}
      </div>

      <Dialog
        open={renaming !== null}
        onOpenChange={(open) => !open && setRenaming(null)}
        title={t('chat:list.renameTitle')}
        footer={
          <>
            <Button variant="soft" color="neutral" onClick={() => setRenaming(null)}>
              {t('chat:actions.cancel')}
            </Button>
            <Button type="submit" form="rename-conversation" loading={update.isPending}>
              {t('chat:list.save')}
            </Button>
          </>
        }
      >
        <form id="rename-conversation" onSubmit={submitRename} className="flex flex-col gap-1">
          <label htmlFor="conversation-title" className="text-sm font-medium text-neutral-800">
            {t('chat:list.titleLabel')}
          </label>
          <Input
            id="conversation-title"
            value={title}
            maxLength={CONVERSATION_TITLE_MAX_LENGTH}
            onChange={(event) => setTitle(event.target.value)}
            required
          />
        </form>
      </Dialog>

      <Dialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={t('chat:list.deleteTitle')}
        description={t('chat:list.deleteDescription', { title: deleting?.title ?? '' })}
        footer={
          <>
            <Button variant="soft" color="neutral" onClick={() => setDeleting(null)}>
              {t('chat:actions.cancel')}
            </Button>
            <Button color="danger" onClick={confirmDelete} loading={remove.isPending}>
              {t('chat:list.delete')}
            </Button>
          </>
        }
      />
    </div>
  );
}
